/**
 * The library's repositories under the one name they had before issue 24 split them, for the tests
 * that import it: the search is library-search.repo.ts (its plan ../library-search-plan.ts), the
 * counts and statistics library-stats.repo.ts, a member's signals library-signals.repo.ts. Code imports
 * those.
 */
import type { Db } from '../database';
import { planPage, type PageArgs } from '../library-search-plan';
import { readPage, type LibraryResult } from './library-search.repo';

export {
  boundCodes,
  choosePlan,
  expectedMatches,
  headRows,
  type LibraryFilter,
} from '../library-search-plan';
export { namePrefixIds } from './library-search.repo';
export {
  frequencies,
  popularTags,
  recountRecentMessages,
  refreshSearchStats,
  sortCodes,
} from './library-stats.repo';

/** One page read as planPage plans it for `args`. */
export function list(db: Db, args: PageArgs): Promise<LibraryResult> {
  return readPage(db, planPage(args));
}
