/**
 * Banners (issue 25 item 2): what a screen shows, decided here with the clock the caller passes
 * (`now`, the request's time by default; tests pass their own), and the admins' changes, each written
 * with its audit entry in one transaction so nothing is half-stored.
 */
import { bannersShown } from '#shared/rules/banners';
import type {
  Banner,
  BannerInput,
  BannerPlatform,
  BannerScreen,
  ShownBanner,
} from '#shared/schemas/banner';
import type { Db } from '../db/database';
import * as auditLog from '../db/repositories/audit-log.repo';
import * as banners from '../db/repositories/banners.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';

/** The banners `screen` shows on `platform` at `now`: in their window, at most one per placement. */
export async function shownOn(
  db: Db,
  where: { screen: BannerScreen; platform: BannerPlatform },
  now: Date = new Date(),
): Promise<ShownBanner[]> {
  return bannersShown(await banners.listOpenAt(db, now), where, now);
}

export function listAll(db: Db): Promise<Banner[]> {
  return banners.listAll(db);
}

export async function get(db: Db, id: string): Promise<Banner> {
  const banner = await banners.findById(db, id);
  if (!banner) throw new AppError('banner_not_found');
  return banner;
}

export function create(db: Db, caller: MemberCaller, input: BannerInput): Promise<Banner> {
  return db.transaction().execute(async (trx) => {
    const banner = await banners.insert(trx, input, caller.userId);
    await auditLog.insert(trx, {
      actorUserId: caller.userId,
      action: 'banner.created',
      targetUserId: null,
      details: { bannerId: banner.id, name: banner.name },
    });
    return banner;
  });
}

export function update(
  db: Db,
  caller: MemberCaller,
  id: string,
  input: BannerInput,
): Promise<Banner> {
  return db.transaction().execute(async (trx) => {
    const banner = await banners.update(trx, id, input);
    if (!banner) throw new AppError('banner_not_found');
    await auditLog.insert(trx, {
      actorUserId: caller.userId,
      action: 'banner.updated',
      targetUserId: null,
      details: { bannerId: id, name: banner.name },
    });
    return banner;
  });
}

export function remove(db: Db, caller: MemberCaller, id: string): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    if (!(await banners.remove(trx, id))) throw new AppError('banner_not_found');
    await auditLog.insert(trx, {
      actorUserId: caller.userId,
      action: 'banner.deleted',
      targetUserId: null,
      details: { bannerId: id },
    });
    return { id };
  });
}
