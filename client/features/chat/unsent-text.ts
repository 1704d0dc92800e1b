/**
 * What a conversation's message box holds and has not sent, kept in this browser so a reload gives it
 * back: typed text, or an autopilot draft (edited or not). The one module that reads and writes it.
 * The server keeps a draft only while it is what autopilot wrote; once the user edits it, it is their
 * text like any other, and this copy is the only one.
 */
import { z } from 'zod';
import { createDraftStore } from '../../lib/browser-storage';

const UnsentTextSchema = z.object({
  text: z.string(),
  /** The autopilot draft the text came from (Discard clears it), or null for the user's own text. */
  draftId: z.uuid().nullable(),
  /**
   * The last autopilot draft the box took in, so a reload never takes it again: the server's copy can
   * outlive a Discard or an edit when the page goes before the server hears of it.
   */
  takenDraftId: z.uuid().nullable().default(null),
});
export type UnsentText = z.infer<typeof UnsentTextSchema>;

export const emptyUnsentText: UnsentText = { text: '', draftId: null, takenDraftId: null };

const unsentTexts = createDraftStore('unsentText', UnsentTextSchema);

/** The box's kept text; empty for a conversation not started yet, or when nothing (valid) is kept. */
export function readUnsentText(conversationId: string | null): UnsentText {
  if (conversationId === null) return emptyUnsentText;
  return unsentTexts.load(conversationId) ?? emptyUnsentText;
}

/**
 * Keeps the box's text (an empty box that never took a draft keeps nothing). A full or blocked storage
 * only loses the copy: the text is still in the box, only a reload would lose it.
 */
export function keepUnsentText(conversationId: string, unsent: UnsentText): void {
  if (unsent.text === '' && unsent.takenDraftId === null) unsentTexts.clear(conversationId);
  else unsentTexts.save(conversationId, unsent);
}
