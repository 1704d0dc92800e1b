/**
 * The Chatbot Editor's form values and their rules: what the fields hold, how they become the save body
 * (shared/api/authoring.ts), and the per-field messages of the shared schema, so the form shows the
 * same words the server would answer with.
 */
import { SaveCharacterBodySchema, type SaveCharacterBody } from '#shared/api/authoring';
import { CharacterInputSchema, type CharacterInput } from '#shared/rules/character';
import { withNsfwTag } from '#shared/rules/nsfw-tag';
import type { OwnCharacter } from '#shared/schemas/own-character';

/**
 * What the editor holds while a creator types: the chatbot input, except that the guidelines box is
 * unticked until the creator agrees (the schema asks for true).
 */
export type EditorValues = Omit<CharacterInput, 'guidelines'> & { guidelines: boolean };

/** A starting value for a new chatbot, such as an imported card: any CharacterInput fields. */
export type EditorSeed = Partial<CharacterInput>;

export const emptyValues: EditorValues = {
  name: '',
  title: '',
  greeting: '',
  persona: '',
  scenario: '',
  dialogue: '',
  avatarUrl: null,
  avatarIsNsfw: false,
  isNsfw: false,
  // New chatbots start private, as on the products creators know: publishing is a choice.
  visibility: 'private',
  tags: [],
  language: 'en',
  guidelines: false,
};

/** The form's values from a seed: anything it lacks stays empty; the guidelines are agreed here. */
export function valuesFromSeed(seed: EditorSeed | null | undefined): EditorValues {
  const v = { ...emptyValues, ...(seed ?? {}) };
  return { ...v, tags: [...v.tags], guidelines: false };
}

/** The form's values for one of the member's chatbots (permanently private shows as private). */
export function valuesFromCharacter(c: OwnCharacter): EditorValues {
  return {
    name: c.name,
    title: c.title,
    greeting: c.greeting,
    persona: c.persona,
    scenario: c.scenario,
    dialogue: c.dialogue,
    avatarUrl: c.avatarUrl,
    avatarIsNsfw: c.avatarIsNsfw,
    isNsfw: c.isNsfw,
    visibility: c.visibility === 'permanently_private' ? 'private' : c.visibility,
    tags: c.tags,
    language: c.language,
    // Agreed when it was saved; the creator agrees again to save changes.
    guidelines: false,
  };
}

export type EditorField = keyof EditorValues;
export type EditorErrors = Partial<Record<EditorField | 'form', string>>;

const fields: ReadonlySet<string> = new Set<EditorField>(CharacterInputSchema.keyof().options);

export function isEditorField(key: unknown): key is EditorField {
  return typeof key === 'string' && fields.has(key);
}

/**
 * The save body of the form (the NSFW tag follows the flag, as the server will make it), or the first
 * message of the shared schema per field.
 */
export function checkValues(
  values: EditorValues,
  submitForManualReview: boolean,
): { ok: true; body: SaveCharacterBody } | { ok: false; errors: EditorErrors } {
  const { isNsfw, tags } = withNsfwTag(values);
  const parsed = SaveCharacterBodySchema.safeParse({
    ...values,
    isNsfw,
    tags,
    submitForManualReview,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: EditorErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    errors[isEditorField(key) ? key : 'form'] ??= issue.message;
  }
  return { ok: false, errors };
}
