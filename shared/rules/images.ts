/**
 * Images in the conversation (issue 26 item 2; product-core.md "Conversation image settings", "Message",
 * "Message rating levels"): the conversation's image settings, who may generate, the prompt a provider
 * is sent and the image rating. The spec names the settings but no styles beyond Anime V2 and Semi
 * Realistic V2 (avatar_images_v2); the style prompts and LoRA names below are our choice, kept here.
 */
import { z } from 'zod';
import type { FeatureFlag } from '../schemas/permission';
import { messageRatingLevels, type MessageRatingLevel } from './message-feedback';

/** The styles, first the default; the V2 ones need avatar_images_v2 (spec, "Premium"). */
export const imageStyles = ['anime', 'semi-realistic', 'anime-v2', 'semi-realistic-v2'] as const;
export const ImageStyleSchema = z.enum(imageStyles);
export type ImageStyle = z.infer<typeof ImageStyleSchema>;

export const imageStyleLabels: Record<ImageStyle, string> = {
  anime: 'Anime',
  'semi-realistic': 'Semi Realistic',
  'anime-v2': 'Anime V2',
  'semi-realistic-v2': 'Semi Realistic V2',
};

/** What each style adds to the prompt, and the LoRA that gives it (unless in legacy mode). */
const styleOf: Record<ImageStyle, { prompt: string; lora: string }> = {
  anime: { prompt: 'anime style, cel shading, vibrant colors', lora: 'anime-style' },
  'semi-realistic': {
    prompt: 'semi-realistic, detailed painting, soft lighting',
    lora: 'semi-realistic-style',
  },
  'anime-v2': { prompt: 'anime style, detailed eyes, clean lineart', lora: 'anime-style-v2' },
  'semi-realistic-v2': {
    prompt: 'semi-realistic, cinematic lighting, fine detail',
    lora: 'semi-realistic-style-v2',
  },
};

/** Styles that need the avatar_images_v2 flag. */
export function isV2Style(style: ImageStyle): boolean {
  return style === 'anime-v2' || style === 'semi-realistic-v2';
}

/** The longest image prompt a member may write (and the longest one built from a message). */
export const imagePromptMaxChars = 1000;
/** The longest prompt suffix or negative prompt. */
export const imageExtraMaxChars = 500;

/** An image prompt as a member writes it: trimmed, not empty, bounded. */
export const ImagePromptSchema = z.string().trim().min(1).max(imagePromptMaxChars);

/** A conversation's image settings (spec: model style, nsfw mode, legacy mode, lora scale, suffix, negative). */
export const ImageSettingsSchema = z.strictObject({
  style: ImageStyleSchema,
  /** Whether the images may be NSFW (only for a member who shows NSFW, and an NSFW chatbot). */
  nsfwMode: z.boolean(),
  /** The older pipeline: the style's words only, without its LoRA. */
  legacyMode: z.boolean(),
  /** How strongly the style's LoRA applies, 0 to 1. */
  loraScale: z.number().min(0).max(1),
  /** Added after every prompt of the conversation. */
  promptSuffix: z.string().trim().max(imageExtraMaxChars),
  /** What the images should not show. */
  negativePrompt: z.string().trim().max(imageExtraMaxChars),
});
export type ImageSettings = z.infer<typeof ImageSettingsSchema>;

export const defaultImageSettings: ImageSettings = {
  style: 'anime',
  nsfwMode: false,
  legacyMode: false,
  loraScale: 0.7,
  promptSuffix: '',
  negativePrompt: '',
};

/** Basic and premium (the conversation_images flag, from the permission module). */
export function mayGenerateImages(flags: readonly FeatureFlag[]): boolean {
  return flags.includes('conversation_images');
}

/** Whether `style` may be chosen with these flags. */
export function mayUseStyle(style: ImageStyle, flags: readonly FeatureFlag[]): boolean {
  return !isV2Style(style) || flags.includes('avatar_images_v2');
}

/** Always refused unless the image may be NSFW. */
export const safeNegativePrompt = 'nsfw, nudity, nude, explicit, sexual, gore';
/** Always refused. */
const baseNegativePrompt = 'lowres, bad anatomy, blurry, watermark, text';

/** What a provider is sent. */
export interface BuiltImagePrompt {
  prompt: string;
  negativePrompt: string;
  /** A1111's LoRA, or null (legacy mode, or a scale of 0). */
  lora: { name: string; scale: number } | null;
}

/**
 * The prompt of an image: the style's words, the member's prompt, the conversation's suffix; the
 * negative prompt: ours, the member's, and the NSFW words unless NSFW is allowed (the spec's NSFW
 * rules: the setting, a member who shows NSFW, and an NSFW chatbot, all three).
 */
export function buildImagePrompt(
  prompt: string,
  settings: ImageSettings,
  isNsfwAllowed: boolean,
): BuiltImagePrompt {
  const style = styleOf[settings.style];
  const nsfw = settings.nsfwMode && isNsfwAllowed;
  const join = (parts: string[]) =>
    parts
      .map((p) => p.trim())
      .filter((p) => p !== '')
      .join(', ');
  return {
    prompt: join([style.prompt, prompt, settings.promptSuffix]),
    negativePrompt: join([
      baseNegativePrompt,
      settings.negativePrompt,
      nsfw ? '' : safeNegativePrompt,
    ]),
    lora:
      settings.legacyMode || settings.loraScale === 0
        ? null
        : { name: style.lora, scale: settings.loraScale },
  };
}

/** The prompt first offered for a bot message: its text, whitespace collapsed, cut at a word. */
export function defaultImagePromptOf(content: string): string {
  const text = content
    .replace(/[*_~`>#]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= imagePromptMaxChars) return text;
  const cut = text.slice(0, imagePromptMaxChars);
  const space = cut.lastIndexOf(' ');
  return space > imagePromptMaxChars / 2 ? cut.slice(0, space) : cut;
}

/** Image reasons (spec): negative for Terrible and Bad, positive for Great and Fantastic. */
export const negativeImageReasons = ['Irrelevant', 'Malformed', 'Offensive', 'Scary'] as const;
export const positiveImageReasons = [
  'Relevant',
  'Surprising',
  'Interesting',
  'Funny',
  'Spicy',
] as const;
export const ImageRatingReasonSchema = z.enum([...negativeImageReasons, ...positiveImageReasons]);
export type ImageRatingReason = z.infer<typeof ImageRatingReasonSchema>;

export function imageReasonsFor(level: MessageRatingLevel): readonly ImageRatingReason[] {
  return level === 'Terrible' || level === 'Bad' ? negativeImageReasons : positiveImageReasons;
}

/** An image's rating: one of the message rating levels and any of its image reasons, each once. */
export const ImageRatingSchema = z
  .strictObject({
    level: z.enum(messageRatingLevels),
    reasons: z.array(ImageRatingReasonSchema).max(positiveImageReasons.length),
  })
  .refine(({ level, reasons }) => reasons.every((r) => imageReasonsFor(level).includes(r)), {
    message: 'A reason does not fit the rating',
    path: ['reasons'],
  })
  .refine(({ reasons }) => new Set(reasons).size === reasons.length, {
    message: 'A reason is given twice',
    path: ['reasons'],
  });
export type ImageRating = z.infer<typeof ImageRatingSchema>;

/** Where an image is: waiting for a worker, being drawn, shown, or failed (with a retry). */
export const ImageStatusSchema = z.enum(['queued', 'generating', 'done', 'failed']);
export type ImageStatus = z.infer<typeof ImageStatusSchema>;

/** A bot message's image as the client shows it. */
export const MessageImageSchema = z.object({
  messageId: z.uuid(),
  /** This generation's id: a new Generate makes a new one, so a late word of an older one is ignored. */
  generationId: z.uuid(),
  prompt: z.string(),
  status: ImageStatusSchema,
  /** 0 to 100. */
  progress: z.number().int().min(0).max(100),
  /** Where the image is loaded from (premium-checked), once done. */
  url: z.string().nullable(),
  /** Why it failed, for people. */
  error: z.string().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  rating: ImageRatingSchema.nullable(),
});
export type MessageImage = z.infer<typeof MessageImageSchema>;

/** The texts the image feature shows. */
export const imageTexts = {
  notConfigured: 'Images are not set up on this server yet.',
  upgrade:
    'Images in the conversation are for Basic and Premium members. Upgrade to generate them.',
  failed: 'The image could not be made.',
} as const;
