/**
 * What a creator may put in a chatbot: the limits, the special tags and the visibility rules, shared by
 * the editor, the card importer and the server (issue 10). The spec gives no limits for chatbots; these
 * follow what users of such products expect (SpicyChat, Character.AI and JanitorAI cards fit them) and
 * the group-chat limits the spec does give (name 20 → 50 here, title 100, greeting, scenario 5000).
 */
import { z } from 'zod';
import { hasHiddenCharacters } from './display-name';

export const characterLimits = {
  name: { min: 3, max: 50 },
  title: { min: 3, max: 100 },
  greeting: { min: 3, max: 4000 },
  persona: { min: 0, max: 20000 },
  scenario: { min: 0, max: 5000 },
  dialogue: { min: 0, max: 10000 },
  /** Tags a chatbot carries; a public chatbot needs at least `publicMin`. */
  tags: { publicMin: 1, max: 10, nameMax: 30 },
  /** Favorites a member may keep; beyond it the API answers character_favorite_limit. */
  favorites: 500,
} as const;

/** The spec's special tags: NSFW marks the chatbot NSFW; Step-Family is NSFW-only content. */
export const specialTags = ['NSFW', 'Step-Family'] as const;
const specialTagSet: ReadonlySet<string> = new Set(specialTags);

export const VisibilityInputSchema = z.enum(['public', 'private', 'hidden']);
export type VisibilityInput = z.infer<typeof VisibilityInputSchema>;

/** The visibilities only the creator sees: a private bot, and one moderation kept private for good. */
export const privateVisibilities = ['private', 'permanently_private'] as const;
const privateVisibilitySet: ReadonlySet<string> = new Set(privateVisibilities);

/** Whether a bot is private: only its creator sees it (and only then can it carry lorebooks). */
export function isPrivateVisibility(visibility: string): boolean {
  return privateVisibilitySet.has(visibility);
}

/** Definition visibility applies only to public bots: forced on when public, off otherwise. */
export function definitionVisibleFor(visibility: VisibilityInput | 'permanently_private'): boolean {
  return visibility === 'public';
}

/** Whether a tag list makes the chatbot NSFW (either special tag does). */
export function tagsMakeNsfw(tags: readonly string[]): boolean {
  return tags.some((t) => specialTagSet.has(t));
}

const linkPattern = /(https?:\/\/|www\.)\S+/i;

function text(field: string, limits: { min: number; max: number }) {
  const base = z
    .string()
    .trim()
    .max(limits.max, `${field} should be ${limits.max} characters or less`)
    .refine((v) => !v.includes('\u0000'), `${field} cannot contain NUL characters`);
  return limits.min > 0
    ? base
        .min(1, 'This field is required')
        .min(limits.min, `At least ${limits.min} characters required`)
    : base;
}

/** A tag name: trimmed, 1 to 30 visible characters. */
export const TagNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(
    characterLimits.tags.nameMax,
    `Tags should be ${characterLimits.tags.nameMax} characters or less`,
  )
  .refine(
    (t) => !hasHiddenCharacters(t) && !t.includes('\u0000'),
    'Tags cannot contain invisible characters',
  );

/** Everything a creator sets on a chatbot; the editor, the importer and the create/update calls share it. */
export const CharacterInputSchema = z
  .object({
    name: text('Name', characterLimits.name).refine((v) => !linkPattern.test(v), {
      message: 'Name should not contain any url/link',
    }),
    title: text('Title', characterLimits.title).refine((v) => !linkPattern.test(v), {
      message: 'Title should not contain any url/link',
    }),
    greeting: text('Greeting', characterLimits.greeting),
    persona: text('Personality', characterLimits.persona),
    scenario: text('Scenario', characterLimits.scenario),
    dialogue: text('Example dialogues', characterLimits.dialogue),
    avatarUrl: z.string().max(500).nullable(),
    avatarIsNsfw: z.boolean(),
    isNsfw: z.boolean(),
    visibility: VisibilityInputSchema,
    tags: z
      .array(TagNameSchema)
      .max(characterLimits.tags.max, 'Tag limit reached')
      .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
        message: 'Each tag only once',
      }),
    language: z.string().trim().min(2).max(10),
    guidelines: z.literal(true, { error: 'You must agree with the Community Guidelines' }),
  })
  .refine((c) => c.visibility !== 'public' || c.tags.length >= characterLimits.tags.publicMin, {
    path: ['tags'],
    message: `Public chatbots need at least ${characterLimits.tags.publicMin} tag`,
  });
export type CharacterInput = z.infer<typeof CharacterInputSchema>;
