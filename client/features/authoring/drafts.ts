/**
 * Chatbot drafts (product-core.md §3, "Drafts"): kept in this browser per member, keyed by draft id;
 * the one module that reads and writes them. Save Draft stores one, the editor restores it, a
 * successful save removes it, and My Chatbots lists them.
 */
import { z } from 'zod';
import { CardExtrasSchema, type CardExtras } from '#shared/cards/card-schemas';
import { VisibilityInputSchema } from '#shared/rules/character';
import { CharacterFieldsSchema } from '#shared/schemas/character';
import { createDraftStore, type StoreResult } from '../../lib/browser-storage';
import type { EditorValues } from './editor-values';

/** The editor's values as typed, unchecked: the stored fields (less the token count) with the form's own. */
const DraftValuesSchema = CharacterFieldsSchema.omit({ tokenCount: true }).extend({
  visibility: VisibilityInputSchema,
  guidelines: z.boolean(),
}) satisfies z.ZodType<EditorValues>;

const DraftSchema = z.object({
  id: z.string().min(1).max(64),
  savedAt: z.iso.datetime(),
  values: DraftValuesSchema,
  /** The card data an imported card kept (features/cards), saved with the chatbot; older drafts lack it. */
  cardExtras: CardExtrasSchema.nullable().default(null),
});
export type ChatbotDraft = z.infer<typeof DraftSchema>;

const DraftsSchema = z.array(DraftSchema);

/** One entry per member: the member's drafts. */
const store = createDraftStore('chatbotDrafts', DraftsSchema);

function read(memberId: string): ChatbotDraft[] {
  return store.load(memberId) ?? [];
}

/** The member's drafts, most recently saved first. */
export function listDrafts(memberId: string): ChatbotDraft[] {
  return read(memberId).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export function loadDraft(memberId: string, draftId: string): ChatbotDraft | null {
  return read(memberId).find((d) => d.id === draftId) ?? null;
}

/**
 * Stores the values and card data under `draftId` (a new id when null); answers the draft id, or why
 * the browser refused (storage full or turned off).
 */
export function saveDraft(
  memberId: string,
  draftId: string | null,
  values: EditorValues,
  cardExtras: CardExtras | null,
): { ok: true; draftId: string } | Extract<StoreResult, { ok: false }> {
  const id = draftId ?? crypto.randomUUID();
  const others = read(memberId).filter((d) => d.id !== id);
  const result = store.save(memberId, [
    ...others,
    { id, savedAt: new Date().toISOString(), values, cardExtras },
  ]);
  return result.ok ? { ok: true, draftId: id } : result;
}

export function removeDraft(memberId: string, draftId: string): StoreResult {
  return store.save(
    memberId,
    read(memberId).filter((d) => d.id !== draftId),
  );
}
