/**
 * Group drafts (product-rules.md §3 "Group draft (stored locally)"): kept in this browser per member,
 * keyed by draft id; the one module that reads and writes them.
 */
import { z } from 'zod';
import { VisibilityInputSchema } from '#shared/rules/character';
import { CharacterFieldsSchema } from '#shared/schemas/character';
import { GroupMemberSchema } from '#shared/schemas/group';
import { createDraftStore } from '../../lib/browser-storage';
import type { GroupFormValues } from './form-values';

/** The form's values as typed, unchecked. */
const ValuesSchema = CharacterFieldsSchema.pick({
  avatarUrl: true,
  name: true,
  title: true,
  greeting: true,
  scenario: true,
  tags: true,
}).extend({
  visibility: VisibilityInputSchema,
  guidelines: z.boolean(),
  members: z.array(GroupMemberSchema),
  greetingCharacterId: z.string().nullable(),
}) satisfies z.ZodType<GroupFormValues>;

const DraftSchema = z.object({
  id: z.string().min(1).max(64),
  creatorUserId: z.string(),
  savedAt: z.iso.datetime(),
  values: ValuesSchema,
});
export type GroupDraft = z.infer<typeof DraftSchema>;

/** One entry per member: the member's group drafts. */
const store = createDraftStore('groupDrafts', z.array(DraftSchema));

function read(memberId: string): GroupDraft[] {
  return store.load(memberId) ?? [];
}

/** The browser may refuse (storage full or turned off): callers tell the user. */
function write(memberId: string, drafts: readonly GroupDraft[]): void {
  const result = store.save(memberId, [...drafts]);
  if (!result.ok) throw new Error(`Group draft not stored: ${result.reason}`);
}

/** The member's group drafts, most recently saved first. */
export function listGroupDrafts(memberId: string): GroupDraft[] {
  return read(memberId).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export function loadGroupDraft(memberId: string, draftId: string): GroupDraft | null {
  return read(memberId).find((d) => d.id === draftId) ?? null;
}

/** Stores the values under `draftId` (a new id when null); answers the draft id. */
export function saveGroupDraft(
  memberId: string,
  draftId: string | null,
  values: GroupFormValues,
): string {
  const id = draftId ?? crypto.randomUUID();
  const others = read(memberId).filter((d) => d.id !== id);
  write(memberId, [
    ...others,
    { id, creatorUserId: memberId, savedAt: new Date().toISOString(), values },
  ]);
  return id;
}

export function removeGroupDraft(memberId: string, draftId: string): void {
  write(
    memberId,
    read(memberId).filter((d) => d.id !== draftId),
  );
}

/** The name a draft is listed under. */
export function draftName(draft: GroupDraft): string {
  return draft.values.name.trim() === '' ? 'Untitled Group' : draft.values.name;
}
