/**
 * Ads (issue 25 item 7): what the chat needs to show the ad slot. The operator's provider snippet
 * (ADS_SNIPPET_FILE) is sent only to callers holding display_ads, and the client renders it only inside
 * a sandboxed frame with no access to the page, its storage or its cookies.
 */
import { z } from 'zod';
import { endpoint } from './endpoint';

/** The caller's ad settings. */
export const AdSettingsSchema = z.object({
  /** Whether the caller sees ads and the ad-free upsell (they hold display_ads). */
  displayAds: z.boolean(),
  /** A chat shows the slot once it has more messages than this. */
  afterMessages: z.number().int().min(0),
  /** The provider's HTML for the slot's frame; null when the caller sees no ads or none is configured. */
  snippet: z.string().nullable(),
});
export type AdSettings = z.infer<typeof AdSettingsSchema>;

export const getAdSettings = endpoint({
  method: 'GET',
  path: '/api/ads',
  auth: 'caller',
  summary: "The caller's ad slot settings",
  response: AdSettingsSchema,
});
