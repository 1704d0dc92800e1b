/**
 * What a creator may put in a group chat (product-rules.md §5 "Group chat form", §9 "Group chats"): a
 * character of type meta made of 2 to 10 member chatbots. The form, the draft store and the server's
 * create/update calls share these rules; the server adds the ones it needs the database for (members
 * exist, are visible, and are not private in a public or unlisted group).
 */
import { z } from 'zod';
import {
  TagNameSchema,
  VisibilityInputSchema,
  characterLimits,
  isPrivateVisibility,
} from './character';
import { estimateTokens } from './token-estimate';

export const groupLimits = {
  name: { min: 3, max: 20 },
  title: { min: 3, max: 100 },
  greeting: { min: 3, max: 2000 },
  scenario: { min: 3, max: 5000 },
  /** Members of a group on every tier. */
  members: { min: 2, max: 10 },
  /** The token budget of greeting plus scenario (the spec does not show it). */
  introTokens: 1500,
} as const;

/**
 * The spec's 'You must generate an Avatar' names a button the form does not have (issue 28 §6): the
 * group's avatar is chosen with Choose image, as every avatar here is.
 */
export const groupAvatarRequiredText = 'Add an avatar with Choose image';

const linkPattern = /(https?:\/\/|www\.)\S+/i;

/** The spec's link message: '{Field} should not contain any url/link ( {link} )'. */
export function linkMessage(field: string, value: string): string | undefined {
  const link = linkPattern.exec(value)?.[0];
  return link === undefined ? undefined : `${field} should not contain any url/link ( ${link} )`;
}

function text(
  field: string,
  limits: { min: number; max: number },
  maxMessage: string,
  opts: { required: boolean; links: boolean },
) {
  const base = z.string().trim().max(limits.max, maxMessage);
  const sized = opts.required
    ? base
        .min(1, 'This field is required')
        .min(limits.min, `At least ${limits.min} characters required`)
    : base.refine((v) => v.length === 0 || v.length >= limits.min, {
        message: `At least ${limits.min} characters required`,
      });
  if (opts.links) return sized;
  return sized.superRefine((v, ctx) => {
    const message = linkMessage(field, v);
    if (message !== undefined) ctx.addIssue({ code: 'custom', message });
  });
}

/** Member ids: distinct, 2 to 10, in turn order. */
export const SubCharacterIdsSchema = z
  .array(z.uuid())
  .min(groupLimits.members.min, `At least ${groupLimits.members.min} chatbots are required`)
  .max(groupLimits.members.max, `You can't add more than ${groupLimits.members.max} chatbots.`)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Each chatbot only once' });

/** Everything a creator sets on a group chat; `type: 'meta'` tells it from a chatbot's payload. */
export const GroupInputSchema = z
  .object({
    type: z.literal('meta'),
    avatarUrl: z.string().trim().min(1, groupAvatarRequiredText).max(500),
    avatarIsNsfw: z.boolean().default(false),
    name: text('Name', groupLimits.name, 'Name should be 20 characters or less', {
      required: true,
      links: false,
    }),
    title: text('Title', groupLimits.title, 'Title is maximum of 100 characters', {
      required: true,
      links: false,
    }),
    greeting: text('Greeting', groupLimits.greeting, 'Greeting should be 2000 characters or less', {
      required: true,
      links: false,
    }),
    scenario: text('Scenario', groupLimits.scenario, 'Personality is maximum of 5000 characters', {
      required: false,
      links: true,
    }),
    isNsfw: z.boolean().default(false),
    visibility: VisibilityInputSchema,
    tags: z
      .array(TagNameSchema)
      .max(characterLimits.tags.max, 'Tag limit reached')
      .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
        message: 'Each tag only once',
      }),
    language: z.string().trim().min(2).max(10).default('en'),
    guidelines: z.literal(true, { error: 'You must agree with the Community Guidelines' }),
    subCharacterIds: SubCharacterIdsSchema,
    /** Who speaks first; one of the members (the first one when null). */
    greetingCharacterId: z.uuid().nullable().default(null),
  })
  .refine((g) => g.visibility !== 'public' || g.tags.length >= characterLimits.tags.publicMin, {
    path: ['tags'],
    message: `Public groups need at least ${characterLimits.tags.publicMin} tag`,
  })
  .refine(
    (g) => g.greetingCharacterId === null || g.subCharacterIds.includes(g.greetingCharacterId),
    { path: ['greetingCharacterId'], message: 'The greeting must come from a member' },
  )
  .refine((g) => estimateTokens(`${g.greeting}\n${g.scenario}`) <= groupLimits.introTokens, {
    path: ['scenario'],
    message: 'Greeting and scenario are too long together',
  });
export type GroupInput = z.infer<typeof GroupInputSchema>;

/** Whether a group can be chatted with: it needs at least the minimum of members ('Group unavailable'). */
export function isGroupAvailable(memberCount: number): boolean {
  return memberCount >= groupLimits.members.min;
}

/** Members a public or unlisted group may not carry: the private ones. */
export function privateMembersBlocking<M extends { visibility: string }>(
  visibility: 'public' | 'private' | 'hidden',
  members: readonly M[],
): M[] {
  if (visibility === 'private') return [];
  return members.filter((m) => isPrivateVisibility(m.visibility));
}

/** The spec's message naming the private chatbots a public or unlisted group may not contain. */
export function privateMembersMessage(names: readonly string[]): string {
  return `Public or unlisted groups cannot contain private chatbots: ${names.join(', ')}`;
}

/** A group draft saves with a name and a title of at least 3 characters each. */
export function canSaveGroupDraft(d: { name: string; title: string }): boolean {
  return d.name.trim().length >= 3 && d.title.trim().length >= 3;
}
