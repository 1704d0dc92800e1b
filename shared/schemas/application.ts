import { z } from 'zod';
import { FeatureFlagSchema } from './permission';

/** The application id header: brands and partner sites each have their own id. */
export const applicationHeader = 'x-application-id';

/** What a brand or partner site looks like and which features it turns on; sent to clients. */
export const ApplicationSettingsSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
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
