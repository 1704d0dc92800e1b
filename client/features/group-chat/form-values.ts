/**
 * The Create Group form's values (product-rules.md §5 "Group chat form"), checked with the shared
 * rules before a save, and the body the character calls take (type meta).
 */
import type { SaveGroupBody } from '#shared/api/authoring';
import { GroupInputSchema } from '#shared/rules/group';
import type { VisibilityInput } from '#shared/rules/character';
import type { CharacterFields } from '#shared/schemas/character';
import type { GroupFields } from '#shared/schemas/group';
import type { OwnCharacter } from '#shared/schemas/own-character';

/**
 * What the form holds: the group's stored fields and members, with the form's visibility and the
 * guidelines box as it stands (the schema asks for it ticked).
 */
export type GroupFormValues = Pick<
  CharacterFields,
  'avatarUrl' | 'name' | 'title' | 'greeting' | 'scenario' | 'tags'
> &
  Pick<GroupFields, 'members' | 'greetingCharacterId'> & {
    visibility: VisibilityInput;
    guidelines: boolean;
  };

export type GroupFormField =
  | 'avatarUrl'
  | 'name'
  | 'title'
  | 'greeting'
  | 'scenario'
  | 'visibility'
  | 'tags'
  | 'guidelines'
  | 'subCharacterIds'
  | 'greetingCharacterId'
  | 'form';
export type GroupFormErrors = Partial<Record<GroupFormField, string>>;

const fields: readonly string[] = [
  'avatarUrl',
  'name',
  'title',
  'greeting',
  'scenario',
  'visibility',
  'tags',
  'guidelines',
  'subCharacterIds',
  'greetingCharacterId',
];
export function isGroupFormField(field: string | undefined): field is GroupFormField {
  return field !== undefined && fields.includes(field);
}

/** A draft's title defaults to today's date (product-rules.md §9). */
export function emptyGroupValues(today = new Date()): GroupFormValues {
  return {
    avatarUrl: null,
    name: '',
    title: today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    greeting: '',
    scenario: '',
    visibility: 'private',
    tags: [],
    guidelines: false,
    members: [],
    greetingCharacterId: null,
  };
}

export function valuesFromGroup(group: OwnCharacter): GroupFormValues {
  return {
    avatarUrl: group.avatarUrl,
    name: group.name,
    title: group.title,
    greeting: group.greeting,
    scenario: group.scenario,
    visibility: group.visibility === 'permanently_private' ? 'private' : group.visibility,
    tags: group.tags.filter((t) => t !== 'NSFW'),
    guidelines: true,
    members: group.group?.members ?? [],
    greetingCharacterId: group.group?.greetingCharacterId ?? null,
  };
}

/** The payload before it is checked: the guidelines box may still be unticked. */
function rawBody(v: GroupFormValues) {
  return {
    type: 'meta',
    avatarUrl: v.avatarUrl ?? '',
    name: v.name,
    title: v.title,
    greeting: v.greeting,
    scenario: v.scenario,
    visibility: v.visibility,
    tags: v.tags,
    guidelines: v.guidelines,
    subCharacterIds: v.members.map((m) => m.id),
    greetingCharacterId: v.members.some((m) => m.id === v.greetingCharacterId)
      ? v.greetingCharacterId
      : null,
  };
}

/** The first message per field, or the body to send ('Submit for Manual Review' with the flag). */
export function checkGroupValues(
  v: GroupFormValues,
  submitForManualReview = false,
): { ok: true; body: SaveGroupBody } | { ok: false; errors: GroupFormErrors } {
  const parsed = GroupInputSchema.safeParse(rawBody(v));
  if (parsed.success) return { ok: true, body: { ...parsed.data, submitForManualReview } };
  const errors: GroupFormErrors = {};
  for (const issue of parsed.error.issues) {
    const head = issue.path[0];
    const field = typeof head === 'string' && isGroupFormField(head) ? head : 'form';
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export function groupValuesDiffer(a: GroupFormValues, b: GroupFormValues): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}
