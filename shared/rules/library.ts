/**
 * The library's listing rules (issue 10 parts 1, 2, 4; product-core.md "Listing screens", "NSFW
 * toggle", "Rating values"): sorts, definition-size buckets, how a search text is read, who may see
 * NSFW, and what each rating means to recommendations and how they rank. The API, the server and the
 * listing screens share them.
 */

/** The sort dropdown, in the spec's order; Trending is the default. */
export const librarySorts = ['trending', 'top_rated', 'popular', 'latest', 'name'] as const;
export type LibrarySort = (typeof librarySorts)[number];
export const defaultLibrarySort: LibrarySort = 'trending';

/** The dropdown's labels, the spec's words. */
export const librarySortLabels: Record<LibrarySort, string> = {
  trending: 'Trending',
  top_rated: 'Top Rated',
  popular: 'Popular',
  latest: 'Latest',
  name: 'Name',
};

/**
 * Definition-size categories by token count. The spec names the filter but not its buckets; these
 * follow what card sites show: short sketches, ordinary definitions, long lore-heavy ones.
 */
export const definitionSizes = {
  small: { label: 'Small (under 500 tokens)', min: 0, max: 499 },
  medium: { label: 'Medium (500–1,499 tokens)', min: 500, max: 1499 },
  large: { label: 'Large (1,500 tokens or more)', min: 1500, max: null },
} as const;
export type DefinitionSize = keyof typeof definitionSizes;
export const definitionSizeNames = [
  'small',
  'medium',
  'large',
] as const satisfies readonly DefinitionSize[];

export function definitionSizeOf(tokenCount: number): DefinitionSize {
  if (tokenCount <= definitionSizes.small.max) return 'small';
  if (tokenCount <= definitionSizes.medium.max) return 'medium';
  return 'large';
}

/** Languages the filter offers (codes as characters store them), with their names. */
export const libraryLanguages = {
  en: 'English',
  es: 'Spanish',
  pt: 'Portuguese',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  ru: 'Russian',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
  id: 'Indonesian',
} as const;
export type LibraryLanguage = keyof typeof libraryLanguages;

export const libraryLimits = {
  /** Longest search text. */
  queryMax: 100,
  tagsMax: 10,
  languagesMax: 11,
  pageSize: 24,
  /**
   * Results are counted up to this many; beyond it the count line says "1,000+" and pagination stops
   * there, as large libraries do (nobody pages past 40 pages; they refine the search).
   */
  countCap: 1000,
  /** Recommendations the signed-in home puts before the first page. */
  homeRecommendations: 6,
} as const;

/** What a search box text asks for: a leading @ searches by creator username. */
export type SearchText =
  { kind: 'none' } | { kind: 'creator'; username: string } | { kind: 'text'; text: string };

export function readSearchText(q: string): SearchText {
  const text = q.trim();
  if (text === '') return { kind: 'none' };
  if (text.startsWith('@')) {
    const username = text.slice(1).trim().toLowerCase();
    return username === '' ? { kind: 'none' } : { kind: 'creator', username };
  }
  return { kind: 'text', text };
}

/**
 * Whether a listing may include NSFW characters for this caller (product-core.md §4 "NSFW toggle"):
 * only a signed-in member who asked for it, has NSFW turned on in the profile and, where the law
 * requires it, a current age verification.
 */
export function isNsfwAllowed(input: {
  requested: boolean;
  isMember: boolean;
  showNsfw: boolean;
  ageVerification: 'inform' | 'verify' | 'reverify' | 'verified' | 'disabled';
}): boolean {
  if (!input.requested || !input.isMember || !input.showNsfw) return false;
  return input.ageVerification !== 'verify' && input.ageVerification !== 'reverify';
}

/**
 * What each signal weighs in recommendations (product-core.md §3 "Rating values": like 3, dislike 1,
 * love 5; interaction ratings like 0.5, dislike -1, love 1). A favorite counts as a like, a chat as
 * half a like; a dislike ("less like this") removes the bot and pushes its tags down.
 */
export const recommendationWeights = {
  rating: { 1: -1, 3: 0.5, 5: 1 } satisfies Record<1 | 3 | 5, number>,
  favorite: 0.5,
  chat: 0.25,
  dislike: -1,
} as const;

/** A member's signal about a bot (a rating, favorite, dislike or chat), with the bot's tags. */
export interface RecommendationSignal {
  characterId: string;
  kind: 'rating' | 'favorite' | 'dislike' | 'chat';
  /** The rating's value (1, 3 or 5) for ratings; 0 otherwise. */
  value: number;
  tagIds: number[];
  /** The names of tagIds, in the same order. */
  tagNames: string[];
}

/** What a member's signals say they like, as recommendations read it. */
export interface Taste {
  /** Bots the member already rated, favorited, disliked or chatted with: never recommended. */
  seen: string[];
  /** The three tags (at most) weighing most, all above zero, heaviest first. */
  topTagIds: number[];
  /** What each tag weighs by name: the sum of recommendationWeights over the signals naming it. */
  tagWeights: Map<string, number>;
}

/** Each tag weighs what the member's signals about bots carrying it add up to. */
export function tasteOf(signals: readonly RecommendationSignal[]): Taste {
  const affinity = new Map<number, number>();
  const tagWeights = new Map<string, number>();
  for (const s of signals) {
    const weight =
      s.kind === 'rating'
        ? recommendationWeights.rating[s.value === 1 ? 1 : s.value === 5 ? 5 : 3]
        : recommendationWeights[s.kind];
    s.tagIds.forEach((tag, i) => {
      affinity.set(tag, (affinity.get(tag) ?? 0) + weight);
      const name = s.tagNames[i];
      if (name !== undefined) tagWeights.set(name, (tagWeights.get(name) ?? 0) + weight);
    });
  }
  const topTagIds = [...affinity.entries()]
    .filter(([, w]) => w > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([tag]) => tag);
  return { seen: [...new Set(signals.map((s) => s.characterId))], topTagIds, tagWeights };
}

/**
 * Recommendation candidates, each once, best first: a bot scores the weights of its tags plus a tenth
 * of its popularity's order of magnitude (log10 of 1 + its messages); ties go by id.
 */
export function rankByTaste<T extends { id: string; tags: readonly string[]; numMessages: number }>(
  candidates: readonly T[],
  taste: Taste,
): T[] {
  const byId = new Map(candidates.map((c) => [c.id, c]));
  const score = (c: T) =>
    c.tags.reduce((s, tag) => s + (taste.tagWeights.get(tag) ?? 0), 0) +
    Math.log10(1 + c.numMessages) * 0.1;
  return [...byId.values()]
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.c.id.localeCompare(b.c.id))
    .map((r) => r.c);
}
