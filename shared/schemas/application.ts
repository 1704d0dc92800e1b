import { z } from 'zod';
import { brandSectionNames } from '../rules/brand-sections';
import { FeatureFlagSchema, PermissionSchema } from './permission';

/** The application id header: brands and partner sites each have their own id. */
export const applicationHeader = 'x-application-id';

/** A link an operator configures: to the web (http, https) or to a path of this site. */
const LinkUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/|\/(?!\/))/i, 'a link must start with http://, https:// or /');
/** A colour as #rrggbb. */
const HexColourSchema = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour is #rrggbb');

/** What a brand or partner site looks like and which features it turns on; sent to clients. */
export const ApplicationSettingsSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(60),
  /** The header's logo picture; the product's mark when absent. */
  logoUrl: LinkUrlSchema.nullable().default(null),
  /** The brand's accent colour per theme (buttons, links); the product's when absent. */
  colors: z.object({ light: HexColourSchema, dark: HexColourSchema }).partial().default({}),
  /** The footer's social links (product-core.md §2: Discord, X, Reddit). */
  socialLinks: z
    .array(z.object({ network: z.enum(['discord', 'x', 'reddit']), url: LinkUrlSchema }))
    .default([]),
  /** The partner-mode navbar's own dropdown entries, each shown to callers holding its permission. */
  navEntries: z
    .array(
      z.object({
        label: z.string().min(1).max(40),
        url: LinkUrlSchema,
        permission: PermissionSchema.optional(),
      }),
    )
    .default([]),
  /** Parts of the product this brand switches off: their pages and API are not found (brand-sections.ts). */
  sectionsOff: z.array(z.enum(brandSectionNames)).default([]),
  /** Partner sites use their own accounts (an externally issued token) and skip the waiting room. */
  isPartner: z.boolean().default(false),
  navHeaderButton: z.object({ label: z.string(), url: z.string() }).nullable().default(null),
  branding: z
    .object({
      customerSupportUrl: z.string(),
      tcUrl: z.string(),
      privacyPolicyUrl: z.string(),
      refundPolicyUrl: z.string(),
      /** Operator-written HTML for the footer's bottom line (partner mode). */
      footerBottomLineHtml: z.string(),
    })
    .partial()
    .default({}),
  /** Flags switched on or off for this application, over the product defaults. */
  featureFlags: z.partialRecord(FeatureFlagSchema, z.boolean()).default({}),
  mobileApplications: z.array(z.object({ type: z.string(), download_url: z.string() })).default([]),
});
export type ApplicationSettings = z.infer<typeof ApplicationSettingsSchema>;
