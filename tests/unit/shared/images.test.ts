/** The image rules of issue 26 item 2: settings, the prompt a provider is sent, tiers, ratings, PNGs. */
import { describe, expect, it } from 'vitest';
import { readPngSize } from '#shared/media/png';
import {
  buildImagePrompt,
  defaultImagePromptOf,
  defaultImageSettings,
  ImagePromptSchema,
  ImageRatingSchema,
  ImageSettingsSchema,
  imagePromptMaxChars,
  mayGenerateImages,
  mayUseStyle,
  safeNegativePrompt,
} from '#shared/rules/images';
import { enabledFlags, featureFlagsOf } from '#shared/rules/permissions';
import type { Role } from '#shared/schemas/user';
import { gradientPng } from '../../support/png';

const flagsOf = (role: Role, kind: 'guest' | 'member' = 'member') =>
  enabledFlags(featureFlagsOf({ kind, role, restrictions: [] }));

describe('ImageSettingsSchema', () => {
  it('takes the defaults and refuses what is out of bounds', () => {
    expect(ImageSettingsSchema.parse(defaultImageSettings)).toEqual(defaultImageSettings);
    const bad = [
      { loraScale: -0.1 },
      { loraScale: 1.01 },
      { style: 'photo' },
      { promptSuffix: 'x'.repeat(501) },
      { negativePrompt: 'x'.repeat(501) },
      { nsfwMode: 'true' },
      { unknown: 1 },
    ];
    for (const change of bad) {
      expect(ImageSettingsSchema.safeParse({ ...defaultImageSettings, ...change }).success).toBe(
        false,
      );
    }
    expect(
      ImageSettingsSchema.parse({ ...defaultImageSettings, promptSuffix: '  soft light  ' })
        .promptSuffix,
    ).toBe('soft light');
  });
});

describe('ImagePromptSchema', () => {
  it('trims, refuses empty and over-long prompts', () => {
    expect(ImagePromptSchema.parse('  a fox  ')).toBe('a fox');
    expect(ImagePromptSchema.safeParse('   ').success).toBe(false);
    expect(ImagePromptSchema.safeParse('x'.repeat(imagePromptMaxChars + 1)).success).toBe(false);
  });
});

describe('buildImagePrompt', () => {
  const settings = {
    ...defaultImageSettings,
    promptSuffix: 'golden hour',
    negativePrompt: 'extra fingers',
    loraScale: 0.6,
  };

  it('puts the style first, then the prompt and the suffix; refuses ours, the member’s and NSFW words', () => {
    const built = buildImagePrompt('a fox', settings, false);
    expect(built.prompt).toBe('anime style, cel shading, vibrant colors, a fox, golden hour');
    expect(built.negativePrompt).toBe(
      `lowres, bad anatomy, blurry, watermark, text, extra fingers, ${safeNegativePrompt}`,
    );
    expect(built.lora).toEqual({ name: 'anime-style', scale: 0.6 });
  });

  it('lets NSFW through only when the setting is on and NSFW is allowed', () => {
    expect(buildImagePrompt('a', { ...settings, nsfwMode: true }, false).negativePrompt).toContain(
      safeNegativePrompt,
    );
    expect(buildImagePrompt('a', { ...settings, nsfwMode: false }, true).negativePrompt).toContain(
      safeNegativePrompt,
    );
    expect(
      buildImagePrompt('a', { ...settings, nsfwMode: true }, true).negativePrompt,
    ).not.toContain(safeNegativePrompt);
  });

  it('drops the LoRA in legacy mode or at scale 0, and empty parts', () => {
    expect(buildImagePrompt('a', { ...settings, legacyMode: true }, false).lora).toBeNull();
    expect(buildImagePrompt('a', { ...settings, loraScale: 0 }, false).lora).toBeNull();
    expect(buildImagePrompt('a', defaultImageSettings, false).prompt).toBe(
      'anime style, cel shading, vibrant colors, a',
    );
  });
});

describe('defaultImagePromptOf', () => {
  it('is the message text without markup, cut at a word within the limit', () => {
    expect(defaultImagePromptOf('*waves*  hello\n there')).toBe('waves hello there');
    const long = defaultImagePromptOf('word '.repeat(400));
    expect(long.length).toBeLessThanOrEqual(imagePromptMaxChars);
    expect(long.endsWith('word')).toBe(true);
  });
});

describe('who may generate images', () => {
  it('is basic and premium (and staff), never free members or guests', () => {
    expect(mayGenerateImages(flagsOf('free_tier'))).toBe(false);
    expect(mayGenerateImages(flagsOf('beta_user'))).toBe(false);
    expect(mayGenerateImages(flagsOf('paid_minimal'))).toBe(false);
    expect(mayGenerateImages(flagsOf('paid_basic'))).toBe(true);
    expect(mayGenerateImages(flagsOf('paid_premium'))).toBe(true);
    expect(mayGenerateImages(flagsOf('admin'))).toBe(true);
    expect(mayGenerateImages(flagsOf('paid_premium', 'guest'))).toBe(false);
  });

  it('keeps the V2 styles for premium (avatar_images_v2)', () => {
    expect(mayUseStyle('anime', flagsOf('paid_basic'))).toBe(true);
    expect(mayUseStyle('anime-v2', flagsOf('paid_basic'))).toBe(false);
    expect(mayUseStyle('semi-realistic-v2', flagsOf('paid_premium'))).toBe(true);
  });
});

describe('ImageRatingSchema', () => {
  it('takes a level with its own image reasons, each once', () => {
    expect(
      ImageRatingSchema.safeParse({ level: 'Great', reasons: ['Relevant', 'Spicy'] }).success,
    ).toBe(true);
    expect(ImageRatingSchema.safeParse({ level: 'Terrible', reasons: ['Malformed'] }).success).toBe(
      true,
    );
    expect(ImageRatingSchema.safeParse({ level: 'Bad', reasons: [] }).success).toBe(true);
    expect(ImageRatingSchema.safeParse({ level: 'Bad', reasons: ['Funny'] }).success).toBe(false);
    expect(ImageRatingSchema.safeParse({ level: 'Great', reasons: ['Scary'] }).success).toBe(false);
    expect(
      ImageRatingSchema.safeParse({ level: 'Fantastic', reasons: ['Funny', 'Funny'] }).success,
    ).toBe(false);
    expect(ImageRatingSchema.safeParse({ level: 'Meh', reasons: [] }).success).toBe(false);
  });
});

describe('readPngSize', () => {
  it('reads a real PNG’s size and refuses anything else', () => {
    expect(readPngSize(gradientPng(40, 30))).toEqual({ width: 40, height: 30 });
    expect(readPngSize(Buffer.from('<html>not an image</html>'.repeat(3)))).toBeNull();
    expect(readPngSize(gradientPng(40, 30).subarray(0, 20))).toBeNull();
  });
});
