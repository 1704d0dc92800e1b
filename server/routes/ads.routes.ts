/** Ads (issue 25 item 7): the caller's ad slot settings. */
import type { FastifyInstance } from 'fastify';
import { getAdSettings } from '#shared/api/ads';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import { adSettingsFor } from '../services/ads.service';
import { accessOf } from '../services/restrictions.service';

export function adRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getAdSettings, ({ caller }) =>
    Promise.resolve(adSettingsFor(deps.ads, accessOf(caller).permissions)),
  );
}
