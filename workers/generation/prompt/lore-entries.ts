/**
 * The lorebook entries of a reply's prompt: the chatbot's books scanned against the conversation's
 * recent messages (shared/rules/lore-scan.ts), in placement order, each with where it goes. Each
 * book's own token budget bounds its entries; the prompt builder then fits them into the context
 * with the rest.
 */
import { scanLorebooks, type ScanBook } from '#shared/rules/lore-scan';
import type { PromptLoreEntry, PromptTurn } from './build-prompt';

export function loreEntriesFor(
  books: readonly ScanBook[],
  history: readonly PromptTurn[],
  countTokens: (text: string) => number,
): PromptLoreEntry[] {
  if (books.length === 0) return [];
  const { fired } = scanLorebooks(
    books,
    history.map((t) => t.content),
    countTokens,
  );
  return fired.map(({ entry }) => ({
    content: entry.content,
    placement: entry.placement,
    depth: entry.depth,
  }));
}
