/**
 * My Chatbots' local search, filter and sort (product-core.md §2 "My Chatbots", §4 "Moderation"): the
 * list arrives whole, and these pure functions decide what shows, in the spec's order: fix_required
 * first, then rereview_required and pending, then the rest, each group in the chosen sort.
 */
import { matchesOwnedFilter, moderationRank, type OwnedListFilter } from '#shared/rules/moderation';
import type { OwnCharacterSummary } from '#shared/schemas/own-character';

export const chatbotSorts = ['Latest', 'Top Rated', 'Name', 'Oldest'] as const;
export type ChatbotSort = (typeof chatbotSorts)[number];

function compare(sort: ChatbotSort): (a: OwnCharacterSummary, b: OwnCharacterSummary) => number {
  switch (sort) {
    case 'Latest':
      return (a, b) => b.createdAt.localeCompare(a.createdAt);
    case 'Oldest':
      return (a, b) => a.createdAt.localeCompare(b.createdAt);
    case 'Name':
      return (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
    case 'Top Rated':
      return (a, b) => b.ratingScore - a.ratingScore || b.numMessages - a.numMessages;
  }
}

/** The chatbots to show for a search (name, title or tag), a filter and a sort. */
export function viewChatbots(
  all: readonly OwnCharacterSummary[],
  view: { search: string; filter: OwnedListFilter; sort: ChatbotSort },
): OwnCharacterSummary[] {
  const needle = view.search.trim().toLowerCase();
  const bySort = compare(view.sort);
  return all
    .filter((c) => matchesOwnedFilter(c, view.filter))
    .filter(
      (c) =>
        needle === '' ||
        c.name.toLowerCase().includes(needle) ||
        c.title.toLowerCase().includes(needle) ||
        c.tags.some((t) => t.toLowerCase().includes(needle)),
    )
    .sort(
      (a, b) =>
        moderationRank(a.moderationStatus) - moderationRank(b.moderationStatus) || bySort(a, b),
    );
}

/** The count line: '1 chatbot found', 'N chatbots found'. */
export function countLine(n: number): string {
  return n === 1 ? '1 chatbot found' : `${String(n)} chatbots found`;
}
