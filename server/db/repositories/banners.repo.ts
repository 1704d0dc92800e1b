/**
 * Banners (issue 25 item 2). Targeting and schedule are columns; the look is one jsonb document, read
 * back through the shared schema (a row that no longer parses is a bug, not something to show).
 */
import { z } from 'zod';
import {
  BannerFieldsSchema,
  BannerPlacementSchema,
  BannerPlatformSchema,
  BannerScreenSchema,
  type Banner,
  type BannerInput,
} from '#shared/schemas/banner';
import type { Db } from '../database';
import type { BannerRow } from '../tables';

/** The part of a banner kept in the jsonb `content` column. */
const BannerContentSchema = BannerFieldsSchema.omit({
  name: true,
  placement: true,
  screens: true,
  platforms: true,
  closable: true,
  transitionTime: true,
  startsAt: true,
  endsAt: true,
});

function contentOf(input: BannerInput): string {
  return JSON.stringify(BannerContentSchema.parse(input));
}

const BannerScreensSchema = z.array(BannerScreenSchema);
const BannerPlatformsSchema = z.array(BannerPlatformSchema);

function toBanner(row: BannerRow): Banner {
  return {
    ...BannerContentSchema.parse(row.content),
    id: row.id,
    name: row.name,
    placement: BannerPlacementSchema.parse(row.placement),
    screens: BannerScreensSchema.parse(row.screens),
    platforms: BannerPlatformsSchema.parse(row.platforms),
    closable: row.closable,
    transitionTime: row.transition_ms,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function columnsOf(input: BannerInput) {
  return {
    name: input.name,
    placement: input.placement,
    screens: [...input.screens],
    platforms: [...input.platforms],
    content: contentOf(input),
    closable: input.closable,
    transition_ms: input.transitionTime,
    starts_at: input.startsAt,
    ends_at: input.endsAt,
  };
}

/** Every banner, the most recently changed first. */
export async function listAll(db: Db): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toBanner);
}

/**
 * The banners whose window is open at `now`; the screen, platform and one-per-placement choice is
 * the shared rule's (rules/banners.ts), which checks the window again with the same clock.
 */
export async function listOpenAt(db: Db, now: Date): Promise<Banner[]> {
  const rows = await db
    .selectFrom('banners')
    .selectAll()
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('updated_at', 'desc')
    .execute();
  return rows.map(toBanner);
}

export async function findById(db: Db, id: string): Promise<Banner | undefined> {
  const row = await db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toBanner(row);
}

export async function insert(db: Db, input: BannerInput, createdBy: string): Promise<Banner> {
  const row = await db
    .insertInto('banners')
    .values({ ...columnsOf(input), created_by: createdBy })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toBanner(row);
}

/** Replaces every field; undefined when there is no such banner. */
export async function update(db: Db, id: string, input: BannerInput): Promise<Banner | undefined> {
  const row = await db
    .updateTable('banners')
    .set({ ...columnsOf(input), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toBanner(row);
}

/** Deletes it; false when there was none. */
export async function remove(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
