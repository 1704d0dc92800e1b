/**
 * The library listing and search (issue 10 parts 1, 2, 4): one endpoint for the home grid, search,
 * favorites, recommendations and a creator's page. Lists (tags, languages, sizes) travel as repeated
 * query parameters (`tags=Anime&tags=OC`).
 */
import { z } from 'zod';
import {
  defaultLibrarySort,
  definitionSizeNames,
  librarySorts,
  libraryLimits,
} from '../rules/library';
import { TagNameSchema } from '../rules/character';
import { CharacterSummarySchema } from '../schemas/character';
import { PageQuerySchema, pageOf } from '../schemas/page';
import { endpoint } from './endpoint';

/** A repeated query parameter: one value arrives as a string, several as an array. */
function repeated<T extends z.ZodType<string, string>>(item: T, max: number) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(item).max(max));
}

/** Which list: everything listed, the caller's favorites, recommendations, or one creator's bots. */
export const LibraryScopeSchema = z.enum(['all', 'favorites', 'recommended', 'creator']);
export type LibraryScope = z.infer<typeof LibraryScopeSchema>;

export const LibraryQuerySchema = PageQuerySchema.extend({
  /** Search text; a leading @ searches by creator username. */
  q: z.string().max(libraryLimits.queryMax).default(''),
  /** Tags a result must all carry. */
  tags: repeated(TagNameSchema, libraryLimits.tagsMax),
  languages: repeated(z.string().regex(/^[a-z]{2,3}$/), libraryLimits.languagesMax),
  sizes: repeated(z.enum(definitionSizeNames), definitionSizeNames.length),
  /** Asks for NSFW bots; honoured only when the caller is allowed them (rules/library.ts). */
  nsfw: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  sort: z.enum(librarySorts).default(defaultLibrarySort),
  scope: LibraryScopeSchema.default('all'),
  /** The creator's username, with scope=creator. */
  creator: z.string().min(1).max(40).optional(),
  /** Chatbots alone, without group chats: the group member picker's Explore (a group is no member). */
  chatbotsOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
}).refine((q) => q.scope !== 'creator' || q.creator !== undefined, {
  message: 'Choose a creator',
  path: ['creator'],
});
export type LibraryQuery = z.infer<typeof LibraryQuerySchema>;
export type LibraryQueryInput = z.input<typeof LibraryQuerySchema>;

export const LibraryPageSchema = pageOf(CharacterSummarySchema).extend({
  /** True when there are more results than `total` (counting stops at libraryLimits.countCap). */
  totalIsCapped: z.boolean(),
  /** Whether NSFW bots are included: the caller asked and is allowed. */
  nsfwIncluded: z.boolean(),
  /**
   * Results of creators the member blocked, left out: counted when the results end on this page (the
   * screen then says so and links to Blocked Creators), 0 otherwise.
   */
  hiddenByBlocks: z.number().int().min(0),
});
export type LibraryPage = z.infer<typeof LibraryPageSchema>;

/** Lists library characters with search, filters, sort and a scope, one numbered page at a time. */
export const listLibrary = endpoint({
  method: 'GET',
  path: '/api/library',
  auth: 'caller',
  summary: 'Search and list library chatbots',
  query: LibraryQuerySchema,
  response: LibraryPageSchema,
});

/** The tags the filter panel offers: the most used among listed chatbots. */
export const listLibraryTags = endpoint({
  method: 'GET',
  path: '/api/library/tags',
  auth: 'none',
  summary: 'List the most used tags of the library',
  response: z.object({ items: z.array(z.object({ name: z.string(), count: z.number().int() })) }),
});
