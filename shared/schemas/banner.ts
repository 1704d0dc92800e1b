/**
 * A promotional banner (product-core.md §3 "Banner", §4 "Banners"; issue 25 item 2): what admins write
 * and what members are shown. Every field is plain text or a value of a closed set: titles and
 * descriptions render as text (never HTML), colours are #rrggbb, images and external links are
 * http(s) URLs and internal links are paths of this site, so nothing an admin writes can run script.
 */
import { z } from 'zod';

/** Where a banner sits: above the page, below it, inside its content, or over it as a dialog. */
export const bannerPlacements = ['top', 'bottom', 'inline', 'popup'] as const;
export const BannerPlacementSchema = z.enum(bannerPlacements);
export type BannerPlacement = z.infer<typeof BannerPlacementSchema>;

/** The screens a banner may be shown on. */
export const bannerScreens = [
  'home',
  'chat',
  'chatbot',
  'chats',
  'my_chatbots',
  'personas',
  'profile',
  'subscribe',
] as const;
export const BannerScreenSchema = z.enum(bannerScreens);
export type BannerScreen = z.infer<typeof BannerScreenSchema>;

/** The platforms a banner is meant for; this web client is `web`. */
export const bannerPlatforms = ['web', 'android', 'ios'] as const;
export const BannerPlatformSchema = z.enum(bannerPlatforms);
export type BannerPlatform = z.infer<typeof BannerPlatformSchema>;

/** A colour as #rrggbb, the only form a style value takes. */
export const HexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Expected a colour such as #1a2b3c.' });

/** An image or external link: http(s) only (no javascript:, data: or other schemes). */
export const HttpUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Expected an http(s) URL.' })
  .max(2000);

/** A path of this site ('/subscribe'), never another origin ('//…') or a backslash trick. */
export const InternalPathSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, { message: 'Expected a path of this site such as /subscribe.' });

/** Font size and weight from the theme's scale. */
export const BannerFontSchema = z.object({
  size: z.enum(['sm', 'md', 'lg', 'xl']),
  weight: z.enum(['regular', 'bold']),
});
export type BannerFont = z.infer<typeof BannerFontSchema>;

/** How a title or description looks. */
export const BannerTextStyleSchema = BannerFontSchema.extend({ color: HexColorSchema });
export type BannerTextStyle = z.infer<typeof BannerTextStyleSchema>;

/** Where an action goes: a page of this site, or another site (opened in a new tab). */
export const BannerNavigationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('internal'), path: InternalPathSchema }),
  z.object({ type: z.literal('external'), url: HttpUrlSchema }),
]);
export type BannerNavigation = z.infer<typeof BannerNavigationSchema>;

/** Start, centre or end of the banner. */
export const BannerAlignSchema = z.enum(['start', 'center', 'end']);
export type BannerAlign = z.infer<typeof BannerAlignSchema>;

/** A banner's button. */
export const BannerActionSchema = z.object({
  label: z.string().trim().min(1, { message: 'Enter a label.' }).max(40),
  font: BannerFontSchema,
  textColor: HexColorSchema,
  backgroundColor: HexColorSchema,
  shape: z.enum(['square', 'pill']),
  placement: BannerAlignSchema,
  navigation: BannerNavigationSchema,
});
export type BannerAction = z.infer<typeof BannerActionSchema>;

/** Every field an admin writes. */
export const BannerFieldsSchema = z.object({
  /** For admins only; members never see it. */
  name: z.string().trim().min(1, { message: 'Enter a name.' }).max(100),
  placement: BannerPlacementSchema,
  screens: z
    .array(BannerScreenSchema)
    .min(1, { message: 'Choose at least one screen.' })
    .max(bannerScreens.length),
  platforms: z
    .array(BannerPlatformSchema)
    .min(1, { message: 'Choose at least one platform.' })
    .max(bannerPlatforms.length),
  title: z.string().trim().max(120),
  titleStyle: BannerTextStyleSchema,
  description: z.string().trim().max(500),
  descriptionStyle: BannerTextStyleSchema,
  backgroundColor: HexColorSchema,
  backgroundImageUrl: HttpUrlSchema.nullable(),
  additionalImageUrl: HttpUrlSchema.nullable(),
  /** Where the title, description and actions sit. */
  contentPlacement: BannerAlignSchema,
  actions: z.array(BannerActionSchema).max(3),
  /** Whether members may close it (a popup always may). */
  closable: z.boolean(),
  /** How long the banner takes to fade in, in milliseconds. */
  transitionTime: z.number().int().min(0).max(10_000),
  /** The schedule window: shown from startsAt (inclusive) until endsAt (exclusive); null is open. */
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BannerFields = z.infer<typeof BannerFieldsSchema>;

/** What an admin sends to create or replace a banner. */
export const BannerInputSchema = BannerFieldsSchema.superRefine((b, ctx) => {
  if (b.startsAt !== null && b.endsAt !== null && Date.parse(b.endsAt) <= Date.parse(b.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Must be after startsAt.' });
  }
  if (new Set(b.screens).size !== b.screens.length) {
    ctx.addIssue({ code: 'custom', path: ['screens'], message: 'Each screen once.' });
  }
  if (new Set(b.platforms).size !== b.platforms.length) {
    ctx.addIssue({ code: 'custom', path: ['platforms'], message: 'Each platform once.' });
  }
  if (b.placement === 'popup' && b.title === '') {
    ctx.addIssue({ code: 'custom', path: ['title'], message: 'A popup needs a title.' });
  }
  if (b.placement === 'popup' && !b.closable) {
    ctx.addIssue({ code: 'custom', path: ['closable'], message: 'A popup is always closable.' });
  }
  if (b.title === '' && b.description === '' && b.additionalImageUrl === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['title'],
      message: 'A banner needs a title, a description or an image.',
    });
  }
});
export type BannerInput = z.infer<typeof BannerInputSchema>;

/** A banner as admins see it. */
export const BannerSchema = BannerFieldsSchema.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Banner = z.infer<typeof BannerSchema>;

/** A banner as members see it: no admin name, targeting or schedule. */
export const ShownBannerSchema = BannerSchema.omit({
  name: true,
  screens: true,
  platforms: true,
  startsAt: true,
  endsAt: true,
  createdAt: true,
});
export type ShownBanner = z.infer<typeof ShownBannerSchema>;
