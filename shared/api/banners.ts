/**
 * Banners (issue 25 item 2): members read the banners of a screen; admins list, create, replace and
 * delete them (auth: 'admin' on every write, so nobody else reaches the handler).
 */
import { z } from 'zod';
import {
  BannerInputSchema,
  BannerPlatformSchema,
  BannerSchema,
  BannerScreenSchema,
  ShownBannerSchema,
} from '../schemas/banner';
import { endpoint } from './endpoint';

const BannerParamsSchema = z.object({ id: z.uuid() });

/** The banners a screen shows now on a platform, at most one per placement. */
export const listShownBanners = endpoint({
  method: 'GET',
  path: '/api/banners',
  auth: 'none',
  summary: 'The banners a screen shows now',
  query: z.object({ screen: BannerScreenSchema, platform: BannerPlatformSchema.default('web') }),
  response: z.object({ items: z.array(ShownBannerSchema) }),
});

/** Every banner, newest change first, whatever its window. */
export const listBanners = endpoint({
  method: 'GET',
  path: '/api/admin/banners',
  auth: 'admin',
  summary: 'Admin: every banner',
  response: z.object({ items: z.array(BannerSchema) }),
});

/** One banner, for its editor. */
export const getBanner = endpoint({
  method: 'GET',
  path: '/api/admin/banners/:id',
  auth: 'admin',
  summary: 'Admin: one banner',
  params: BannerParamsSchema,
  response: BannerSchema,
});

/** Creates a banner. */
export const createBanner = endpoint({
  method: 'POST',
  path: '/api/admin/banners',
  auth: 'admin',
  summary: 'Admin: create a banner',
  body: BannerInputSchema,
  response: BannerSchema,
});

/** Replaces every field of a banner. */
export const updateBanner = endpoint({
  method: 'PUT',
  path: '/api/admin/banners/:id',
  auth: 'admin',
  summary: 'Admin: replace a banner',
  params: BannerParamsSchema,
  body: BannerInputSchema,
  response: BannerSchema,
});

/** Deletes a banner. */
export const deleteBanner = endpoint({
  method: 'DELETE',
  path: '/api/admin/banners/:id',
  auth: 'admin',
  summary: 'Admin: delete a banner',
  params: BannerParamsSchema,
  response: z.object({ id: z.uuid() }),
});
