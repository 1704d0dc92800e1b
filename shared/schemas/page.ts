import { z } from 'zod';

/** Query of a numbered page (library grids with pagination). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
});

/** The one wrapper for numbered lists. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** Query of a cursor page (newest first; `before` is the id of the oldest item already held). */
export const CursorQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  before: z.uuid().optional(),
});

/** The one wrapper for cursor lists; `hasMore` tells whether older items exist. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), hasMore: z.boolean() });
}

/**
 * Query of a last-id page (product-rules.md §7: `limit` and `last_id`): `lastId` is the id of the last
 * item already held; the next page starts after it.
 */
export const LastIdQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(25).default(25),
  lastId: z.uuid().optional(),
});

/** The wrapper for last-id lists: the item marked `isLastId` is the end of the whole list. */
export function lastIdPageOf<T extends z.ZodRawShape>(item: z.ZodObject<T>) {
  return z.object({ items: z.array(item.extend({ isLastId: z.boolean() })) });
}
