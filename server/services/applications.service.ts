/**
 * Which brand or partner site a request comes through, and which feature flags it switches off for its
 * callers. The applications themselves are read by lib/applications.ts.
 */
import { defaultFeatureFlags, enabledFlags } from '#shared/rules/permissions';
import { applicationHeader } from '#shared/schemas/application';
import { featureFlagNames, type FeatureFlag } from '#shared/schemas/permission';
import type { Application, Applications } from '../lib/applications';
import type { Caller } from '../lib/caller';
import { accessOf } from './restrictions.service';

/**
 * Whether a feature flag is on for a caller of an application, for REST routes and socket commands
 * alike: off when the application switches it off, else as the caller's flags say (GET /api/me); a
 * caller who could not be resolved is judged by the product defaults.
 */
export function isFlagOn(
  application: Application,
  caller: Caller | null,
  flag: FeatureFlag,
): boolean {
  if (application.settings.featureFlags[flag] === false) return false;
  if (caller === null) return enabledFlags(defaultFeatureFlags).includes(flag);
  return accessOf(caller).featureFlags.includes(flag);
}

/** The flags an application switches off, carried by each caller who comes through it (flagsOff). */
export function flagsOffIn(application: Application): FeatureFlag[] {
  return featureFlagNames.filter((flag) => application.settings.featureFlags[flag] === false);
}

/**
 * Whether a feature flag is on for a resolved caller, as isFlagOn judges it for the application they
 * came through; for services that hold the caller but not the request (who may see a group).
 */
export function isCallerFlagOn(caller: Caller, flag: FeatureFlag): boolean {
  return !caller.flagsOff.includes(flag) && accessOf(caller).featureFlags.includes(flag);
}

/** The application of an HTTP request: its header, else its host name (request.hostname). */
export function requestApplication(
  applications: Applications,
  request: { headers: Record<string, string | string[] | undefined>; hostname: string },
): Application {
  return applications.of(request.headers[applicationHeader], request.hostname);
}
