/**
 * Brands and partner sites, each with its own application id: their settings (sent to clients) and,
 * for partners, the key that verifies the tokens they issue (kept on the server). Read once at start
 * from APPLICATIONS_FILE; without it there is one default application.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { reportedFlagOverrides } from '#shared/rules/feature-flags';
import { defaultFeatureFlags, enabledFlags } from '#shared/rules/permissions';
import {
  ApplicationSettingsSchema,
  applicationHeader,
  type ApplicationSettings,
} from '#shared/schemas/application';
import { featureFlagNames, type FeatureFlag } from '#shared/schemas/permission';
import { OriginSchema, type Config } from '../config';
import type { Caller } from '../lib/caller';
import { accessOf } from './restrictions.service';

const PartnerKeySchema = z
  .object({
    /** A PEM public key (RS256/ES256 tokens) or a shared secret (HS256 tokens). */
    publicKeyPem: z.string().optional(),
    secret: z.string().min(32).optional(),
    issuer: z.string().optional(),
  })
  .refine((k) => (k.publicKeyPem === undefined) !== (k.secret === undefined), {
    message: 'give exactly one of publicKeyPem or secret',
  });
export type PartnerKey = z.infer<typeof PartnerKeySchema>;

const ApplicationEntrySchema = ApplicationSettingsSchema.extend({
  partner: PartnerKeySchema.optional(),
  /** The host names this brand is served on (`brand.example`), chosen when no header names one. */
  hosts: z.array(z.string().min(1).max(253)).default([]),
  /** Sites that may show the app in a frame (a partner's own site), as origins. */
  embedOrigins: z.array(OriginSchema).default([]),
});
const ApplicationsFileSchema = z.array(ApplicationEntrySchema);

export interface Application {
  settings: ApplicationSettings;
  partner: PartnerKey | undefined;
}

export interface Applications {
  /**
   * The application the header names; else the brand served on the request's host name; else the
   * default one. One install serves several brands this way, each on its own host.
   */
  of: (applicationId: unknown, host?: string) => Application;
  /** Every application's embedding origins: a page load cannot tell which one frames it. */
  embedOrigins: readonly string[];
}

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

export function loadApplications(config: Config): Applications {
  const fallback: Application = {
    settings: ApplicationSettingsSchema.parse({
      id: config.DEFAULT_APPLICATION_ID,
      name: 'CharChat',
    }),
    partner: undefined,
  };
  const byId = new Map<string, Application>([[fallback.settings.id, fallback]]);
  const byHost = new Map<string, Application>();
  const embedOrigins = new Set<string>();
  if (config.APPLICATIONS_FILE !== undefined) {
    const entries = ApplicationsFileSchema.parse(
      JSON.parse(readFileSync(config.APPLICATIONS_FILE, 'utf8')),
    );
    for (const { partner, embedOrigins: origins, hosts, ...settings } of entries) {
      const application: Application = {
        settings: {
          ...settings,
          isPartner: partner !== undefined,
          // Clients hear a flag as on only where its feature exists (rules/feature-flags.ts).
          featureFlags: reportedFlagOverrides(settings.featureFlags),
        },
        partner,
      };
      byId.set(settings.id, application);
      for (const host of hosts) byHost.set(host.toLowerCase(), application);
      for (const origin of origins) embedOrigins.add(origin);
    }
  }
  const defaultApp = byId.get(config.DEFAULT_APPLICATION_ID) ?? fallback;
  return {
    of: (id, host) =>
      (typeof id === 'string' ? byId.get(id) : undefined) ??
      (host === undefined ? undefined : byHost.get(hostName(host))) ??
      defaultApp,
    embedOrigins: [...embedOrigins],
  };
}

/** A Host header's name alone: lowercased, without the port (`Brand.example:3000` → `brand.example`). */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return (name ?? '').toLowerCase();
}

/** The application of an HTTP request: its header, else its host name (request.hostname). */
export function requestApplication(
  applications: Applications,
  request: { headers: Record<string, string | string[] | undefined>; hostname: string },
): Application {
  return applications.of(request.headers[applicationHeader], request.hostname);
}
