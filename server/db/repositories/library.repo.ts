/**
 * The library's repositories under the one name they had before issue 24 split them, for the tests
 * that import it: the search is library-search.repo.ts (its plan ../library-search-plan.ts), the
 * counts and statistics library-stats.repo.ts, a member's signals library-signals.repo.ts. Code imports
 * those.
 */
export { boundCodes, choosePlan, expectedMatches, headRows } from '../library-search-plan';
export { list, namePrefixIds, type LibraryFilter } from './library-search.repo';
export {
  frequencies,
  popularTags,
  recountRecentMessages,
  refreshSearchStats,
  sortCodes,
} from './library-stats.repo';
