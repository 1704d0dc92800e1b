/**
 * Lorebook rules of the spec (product-rules.md §5 "Lorebook", §8 "Lorebooks"): the fields' lengths and
 * messages, the entry count, and the scanning settings a book carries. Shared by the editor, the
 * importer and the server.
 */
import { z } from 'zod';
import type { LorebookEntryFields } from '../schemas/lorebook';
import { TagNameSchema } from './character';
import { hasHiddenCharacters } from './display-name';

export const lorebookLimits = {
  name: { min: 3, max: 25 },
  description: { min: 3, max: 100 },
  tags: { min: 2, max: 10 },
  /** The list shows '/100 entries'. */
  entries: { min: 1, max: 100 },
  entryName: { min: 3, max: 50 },
  keywords: { min: 1, max: 12, itemMax: 100 },
  content: { min: 3, max: 1000 },
  /** How many recent messages are scanned for keywords (0 scans none). */
  scanDepth: { min: 0, max: 50, default: 4 },
  /** The most tokens a book's fired entries may add to a prompt. */
  tokenBudget: { min: 50, max: 4000, default: 500 },
  /** The lorebooks one chatbot may carry. */
  perCharacter: 5,
  /** Percent chance a matched entry goes in. */
  probability: { min: 0, max: 100, default: 100 },
  /** Messages from the end of the chat for an entry placed at a depth. */
  depth: { min: 0, max: 1000, default: 4 },
  /** An entry's kept extensions, as JSON. */
  extensionsBytes: 16 * 1024,
  extensionsDepth: 32,
} as const;

/** An entry's settings. */
export type EntrySettings = Omit<LorebookEntryFields, 'name' | 'keywords' | 'content'>;

/**
 * An entry's settings when nothing sets them: the spec's defaults (product-rules.md §8: priority 100,
 * insertion order 100, probability 100, enabled) and what scanning did before the settings existed.
 * A new object each call.
 */
export function defaultEntrySettings(): EntrySettings {
  return {
    priority: 100,
    insertionOrder: 100,
    enabled: true,
    constant: false,
    secondaryKeywords: [],
    selectiveLogic: 'and_any',
    caseSensitive: false,
    matchWholeWords: true,
    probability: lorebookLimits.probability.default,
    placement: 'before_char',
    depth: lorebookLimits.depth.default,
    excludeRecursion: false,
    preventRecursion: false,
    delayUntilRecursion: false,
    extensions: {},
  };
}

export const requiredText = 'This field is required';

/** A required text between `min` and `max` characters, counted as code points. */
function boundedText(label: string, limits: { min: number; max: number }) {
  return z
    .string({ error: requiredText })
    .trim()
    .min(1, requiredText)
    .refine((v) => Array.from(v).length >= limits.min, {
      message: `${label} must be at least ${limits.min} characters`,
    })
    .refine((v) => Array.from(v).length <= limits.max, {
      message: `${label} must be ${limits.max} characters or less`,
    });
}

export const LorebookNameSchema = boundedText('Name', lorebookLimits.name).refine(
  (v) => !hasHiddenCharacters(v),
  { message: 'Name cannot contain invisible or text-direction characters' },
);
export const LorebookDescriptionSchema = boundedText('Description', lorebookLimits.description);

/** An avatar uploaded here (POST /api/uploads/lorebook-avatar answers such a URL). */
export const LorebookAvatarUrlSchema = z
  .string({ error: 'Avatar is required' })
  .min(1, 'Avatar is required')
  .max(500, 'Avatar is required')
  .regex(/^\/uploads\/[a-z0-9-]+\/[A-Za-z0-9-]+\.webp$/, 'Avatar is required');

export const LorebookTagsSchema = z
  .array(TagNameSchema, { error: 'At least 2 tags are required' })
  .min(lorebookLimits.tags.min, 'At least 2 tags are required')
  .max(lorebookLimits.tags.max, 'Tag limit reached')
  .refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
    message: 'Each tag only once',
  });

export const ScanDepthSchema = z
  .number({ error: 'Scan depth must be a whole number' })
  .int('Scan depth must be a whole number')
  .min(lorebookLimits.scanDepth.min, `Scan depth must be at least ${lorebookLimits.scanDepth.min}`)
  .max(lorebookLimits.scanDepth.max, `Scan depth must be ${lorebookLimits.scanDepth.max} or less`);

export const TokenBudgetSchema = z
  .number({ error: 'Token budget must be a whole number' })
  .int('Token budget must be a whole number')
  .min(
    lorebookLimits.tokenBudget.min,
    `Token budget must be at least ${lorebookLimits.tokenBudget.min}`,
  )
  .max(
    lorebookLimits.tokenBudget.max,
    `Token budget must be ${lorebookLimits.tokenBudget.max} or less`,
  );

export const EntryNameSchema = boundedText('Name', lorebookLimits.entryName);
export const EntryContentSchema = boundedText('Content', lorebookLimits.content);

export const KeywordSchema = z
  .string({ error: requiredText })
  .trim()
  .min(1, 'Keywords cannot be empty')
  .refine((v) => Array.from(v).length <= lorebookLimits.keywords.itemMax, {
    message: `Keywords must be ${lorebookLimits.keywords.itemMax} characters or less`,
  });

export const keywordsRequiredText = 'At least 1 keyword is required';

/** Keywords as a list: at least one unless the entry is constant (the entry's schema checks that). */
export const KeywordsSchema = z
  .array(KeywordSchema, { error: keywordsRequiredText })
  .max(lorebookLimits.keywords.max, `At most ${lorebookLimits.keywords.max} keywords`);

export const SecondaryKeywordsSchema = z
  .array(KeywordSchema, { error: 'Secondary keywords must be a list' })
  .max(lorebookLimits.keywords.max, `At most ${lorebookLimits.keywords.max} secondary keywords`);

export const EntryProbabilitySchema = z
  .number({ error: 'Probability must be a whole number' })
  .int('Probability must be a whole number')
  .min(0, 'Probability must be between 0 and 100')
  .max(100, 'Probability must be between 0 and 100');

export const EntryDepthSchema = z
  .number({ error: 'Depth must be a whole number' })
  .int('Depth must be a whole number')
  .min(lorebookLimits.depth.min, `Depth must be at least ${lorebookLimits.depth.min}`)
  .max(lorebookLimits.depth.max, `Depth must be ${lorebookLimits.depth.max} or less`);

/** Whether `value` nests objects and arrays at most `max` deep (walked without recursion). */
function nestsWithin(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > max) return false;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return true;
}

/** Whether `value` as JSON takes at most `max` bytes and holds no NUL (which jsonb cannot store). */
function jsonFits(value: unknown, max: number): boolean {
  const json = JSON.stringify(value);
  return new TextEncoder().encode(json).length <= max && !json.includes('\\u0000');
}

/**
 * What an import kept of an entry for export: a JSON object of at most 16 KB, nested at most 32
 * deep, without NUL characters.
 */
export const EntryExtensionsSchema = z
  .record(z.string(), z.unknown(), { error: 'Extensions must be an object' })
  .refine((v) => nestsWithin(v, lorebookLimits.extensionsDepth), {
    message: `Extensions must nest at most ${lorebookLimits.extensionsDepth} deep`,
    abort: true,
  })
  .refine((v) => jsonFits(v, lorebookLimits.extensionsBytes), {
    message: `Extensions must be ${lorebookLimits.extensionsBytes / 1024} KB or less, without NUL characters`,
  });

/** Rank within the budget: a higher priority is kept first. */
export const EntryPrioritySchema = z.number().int().min(0).max(1000);
/** Placement: a lower insertion order goes earlier in the prompt. */
export const EntryInsertionOrderSchema = z.number().int().min(-1000).max(1000);

/** Splits a comma-separated keyword field as the editor takes it; empty pieces are dropped. */
export function parseKeywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}
