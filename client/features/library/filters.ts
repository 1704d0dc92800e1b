/**
 * The listing's search, filters, sort and page as they live in the address (issue 10 part 1): links
 * and the back button restore a listing exactly. Defaults are left out of the address, unknown or bad
 * values read as their default, so any hand-typed address still shows a listing.
 */
import { LibraryQuerySchema } from '#shared/api/library';
import {
  defaultLibrarySort,
  definitionSizeNames,
  libraryLimits,
  librarySorts,
  type DefinitionSize,
  type LibrarySort,
} from '#shared/rules/library';
import { tagsMakeNsfw } from '#shared/rules/character';

export interface LibraryFilters {
  q: string;
  tags: string[];
  languages: string[];
  sizes: DefinitionSize[];
  sort: LibrarySort;
  page: number;
}

export const emptyFilters: LibraryFilters = {
  q: '',
  tags: [],
  languages: [],
  sizes: [],
  sort: defaultLibrarySort,
  page: 1,
};

const isSort = (v: string): v is LibrarySort => librarySorts.some((s) => s === v);
const isSize = (v: string): v is DefinitionSize => definitionSizeNames.some((s) => s === v);
const unique = (values: string[]) => [...new Set(values)];

export function parseFilters(search: string): LibraryFilters {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').slice(0, libraryLimits.queryMax);
  const tags = unique(params.getAll('tags').map((t) => t.trim()))
    .filter((t) => LibraryQuerySchema.safeParse({ tags: [t] }).success)
    .slice(0, libraryLimits.tagsMax);
  const languages = unique(params.getAll('languages'))
    .filter((l) => /^[a-z]{2,3}$/.test(l))
    .slice(0, libraryLimits.languagesMax);
  const sizes = unique(params.getAll('sizes')).filter(isSize);
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q,
    tags,
    languages,
    sizes,
    sort: isSort(sort) ? sort : defaultLibrarySort,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of a listing ('' for the default one), without the leading '?'. */
export function serialiseFilters(filters: LibraryFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  for (const tag of filters.tags) params.append('tags', tag);
  for (const language of filters.languages) params.append('languages', language);
  for (const size of filters.sizes) params.append('sizes', size);
  if (filters.sort !== defaultLibrarySort) params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** The number on the filter button's badge: tags, languages and sizes chosen. */
export function activeFilterCount(filters: LibraryFilters): number {
  return filters.tags.length + filters.languages.length + filters.sizes.length;
}

/** A change of search, filters or sort starts again at page 1. */
export function withChange(
  filters: LibraryFilters,
  change: Partial<LibraryFilters>,
): LibraryFilters {
  return { ...filters, ...change, page: change.page ?? 1 };
}

/** Whether the listing is the plain first page (where the signed-in home adds recommendations). */
export function isPlainFirstPage(filters: LibraryFilters): boolean {
  return (
    filters.page === 1 &&
    filters.q.trim() === '' &&
    filters.sort === defaultLibrarySort &&
    activeFilterCount(filters) === 0
  );
}

/**
 * The tags the filter panel offers: the chosen ones, then the library's most used. The special tags
 * that make a chatbot NSFW are offered only while NSFW is shown (never to guests, product-core.md §4
 * "NSFW toggle"), as they could match nothing else; a chosen one stays, so it can be unticked.
 */
export function offeredTags(
  chosen: readonly string[],
  popular: readonly string[],
  isNsfwShown: boolean,
): string[] {
  const offered = popular.filter((name) => isNsfwShown || !tagsMakeNsfw([name]));
  return [...new Set([...chosen, ...offered])];
}
