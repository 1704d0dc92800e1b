/**
 * Brands and partner sites, each with its own application id: their settings (sent to clients) and,
 * for partners, the key that verifies the tokens they issue (kept on the server). Read once at start
 * from APPLICATIONS_FILE; without it there is one default application. The server resolves a request's
 * application (services/applications.service.ts); workers read a brand's name and host for its mail.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { reportedFlagOverrides } from '#shared/rules/feature-flags';
import { ApplicationSettingsSchema, type ApplicationSettings } from '#shared/schemas/application';
import { OriginSchema, publicUrl, type Config } from '../config';

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
  /** Where its pages are, for links in mail: PUBLIC_URL, on the brand's first host when it has one. */
  siteUrl: string;
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

export function loadApplications(config: Config): Applications {
  const fallback: Application = {
    settings: ApplicationSettingsSchema.parse({
      id: config.DEFAULT_APPLICATION_ID,
      name: 'CharChat',
    }),
    partner: undefined,
    siteUrl: publicUrl(config),
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
        siteUrl: siteUrlOf(config, hosts[0]),
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

/** PUBLIC_URL with its host name replaced by `host` (its scheme and port kept), without a trailing slash. */
function siteUrlOf(config: Config, host: string | undefined): string {
  const url = new URL(publicUrl(config));
  if (host !== undefined) url.hostname = host;
  return url.origin;
}

/** A Host header's name alone: lowercased, without the port (`Brand.example:3000` → `brand.example`). */
export function hostName(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return (name ?? '').toLowerCase();
}
