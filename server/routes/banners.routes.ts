/** Banners (issue 25 item 2): a screen's banners for anyone; the admin writes under /api/admin/banners. */
import type { FastifyInstance } from 'fastify';
import {
  createBanner,
  deleteBanner,
  getBanner,
  listBanners,
  listShownBanners,
  updateBanner,
} from '#shared/api/banners';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as banners from '../services/banners.service';

export function bannerRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listShownBanners, async ({ query }) => ({
    items: await banners.shownOn(deps.db, query),
  }));

  addRoute(app, listBanners, async () => ({ items: await banners.listAll(deps.db) }));

  addRoute(app, getBanner, async ({ params }) => banners.get(deps.db, params.id));

  addRoute(app, createBanner, async ({ caller, body }) => banners.create(deps.db, caller, body));

  addRoute(app, updateBanner, async ({ caller, params, body }) =>
    banners.update(deps.db, caller, params.id, body),
  );

  addRoute(app, deleteBanner, async ({ caller, params }) =>
    banners.remove(deps.db, caller, params.id),
  );
}
