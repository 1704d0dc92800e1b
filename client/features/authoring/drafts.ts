/**
 * Chatbot drafts (product-core.md §3, "Drafts"): kept in this browser per member, keyed by draft id;
 * the one module that reads and writes them. Save Draft stores one, the editor restores it, a
 * successful save removes it, and My Chatbots lists them.
 */
import { z } from 'zod';
import { CardImportFieldsSchema, type CardImportFields } from '#shared/api/authoring';
import { VisibilityInputSchema } from '#shared/rules/character';
import { CharacterFieldsSchema } from '#shared/schemas/character';
import { createDraftStore, type StoreResult } from '../../lib/browser-storage';
import type { EditorValues } from './editor-values';

/** The editor's values as typed, unchecked: the stored fields (less the token count) with the form's own. */
const DraftValuesSchema = CharacterFieldsSchema.omit({ tokenCount: true }).extend({
  visibility: VisibilityInputSchema,
  guidelines: z.boolean(),
}) satisfies z.ZodType<EditorValues>;

/** A draft: the values, and what an imported card brought (older drafts lack it). */
const DraftSchema = z
  .object({
    id: z.string().min(1).max(64),
    savedAt: z.iso.datetime(),
    values: DraftValuesSchema,
  })
  .extend(CardImportFieldsSchema.shape);
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
 * Stores the values and what a card brought under `draftId` (a new id when null); answers the
 * draft id, or why
 * the browser refused (storage full or turned off).
 */
export function saveDraft(
  memberId: string,
  draftId: string | null,
  values: EditorValues,
  card: CardImportFields | null,
): { ok: true; draftId: string } | Extract<StoreResult, { ok: false }> {
  const id = draftId ?? crypto.randomUUID();
  const others = read(memberId).filter((d) => d.id !== id);
  const result = store.save(memberId, [
    ...others,
    { id, savedAt: new Date().toISOString(), values, ...(card ?? noCard) },
  ]);
  return result.ok ? { ok: true, draftId: id } : result;
}

/** A draft that never came from a card. */
const noCard: CardImportFields = { cardExtras: null, cardArtUrl: null, cardBook: 'skip' };

/** What an imported card brought to a draft, or null when it came from none. */
export function cardOfDraft(draft: ChatbotDraft): CardImportFields | null {
  const { cardExtras, cardArtUrl, cardBook } = draft;
  return cardExtras === null && cardArtUrl === null ? null : { cardExtras, cardArtUrl, cardBook };
}

export function removeDraft(memberId: string, draftId: string): StoreResult {
  return store.save(
    memberId,
    read(memberId).filter((d) => d.id !== draftId),
  );
}
