/**
 * Lorebook rules of the spec (product-rules.md §5 "Lorebook", §8 "Lorebooks"): the fields' lengths and
 * messages, the entry count, and the scanning settings a book carries. Shared by the editor, the
 * importer and the server.
 */
import { z } from 'zod';
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
} as const;

/** Exported entry defaults (product-rules.md §8). */
export const exportedEntryDefaults = {
  priority: 100,
  insertionOrder: 100,
  probability: 100,
  enabled: true,
} as const;

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

export const KeywordsSchema = z
  .array(KeywordSchema, { error: 'At least 1 keyword is required' })
  .min(lorebookLimits.keywords.min, 'At least 1 keyword is required')
  .max(lorebookLimits.keywords.max, `At most ${lorebookLimits.keywords.max} keywords`);

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
