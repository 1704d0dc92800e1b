/**
 * Lorebooks (product-rules.md "/lorebook/…", §4, §5 "Lorebook", §7, §8; issue 12 items 1-4): a
 * member's books and their entries, the import that reads a file and reports what does not fit before
 * anything is written, and attaching books to a private chatbot. Export is built from a loaded book
 * (shared/cards/lorebook-export.ts). The create takes the entries with it, so a book is written whole.
 */
import { z } from 'zod';
import {
  EntryContentSchema,
  EntryDepthSchema,
  EntryExtensionsSchema,
  EntryInsertionOrderSchema,
  EntryNameSchema,
  EntryPrioritySchema,
  EntryProbabilitySchema,
  KeywordsSchema,
  SecondaryKeywordsSchema,
  keywordsRequiredText,
  LorebookAvatarUrlSchema,
  LorebookDescriptionSchema,
  LorebookNameSchema,
  LorebookTagsSchema,
  ScanDepthSchema,
  TokenBudgetSchema,
  defaultEntrySettings,
  lorebookLimits,
} from '../rules/lorebook';
import {
  AttachedLorebookSchema,
  LorebookEntrySchema,
  LorebookSchema,
  LorebookSummarySchema,
  entryPlacements,
  selectiveLogics,
} from '../schemas/lorebook';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';

/** An entry's fields as written; the settings an older client leaves out take their defaults. */
const entryDefaults = defaultEntrySettings();
const EntryInputFieldsSchema = z.object({
  name: EntryNameSchema,
  keywords: KeywordsSchema,
  content: EntryContentSchema,
  priority: EntryPrioritySchema.default(entryDefaults.priority),
  insertionOrder: EntryInsertionOrderSchema.default(entryDefaults.insertionOrder),
  enabled: z.boolean().default(entryDefaults.enabled),
  constant: z.boolean().default(entryDefaults.constant),
  secondaryKeywords: SecondaryKeywordsSchema.default(() => []),
  selectiveLogic: z.enum(selectiveLogics).default(entryDefaults.selectiveLogic),
  caseSensitive: z.boolean().default(entryDefaults.caseSensitive),
  matchWholeWords: z.boolean().default(entryDefaults.matchWholeWords),
  probability: EntryProbabilitySchema.default(entryDefaults.probability),
  placement: z.enum(entryPlacements).default(entryDefaults.placement),
  depth: EntryDepthSchema.default(entryDefaults.depth),
  excludeRecursion: z.boolean().default(entryDefaults.excludeRecursion),
  preventRecursion: z.boolean().default(entryDefaults.preventRecursion),
  delayUntilRecursion: z.boolean().default(entryDefaults.delayUntilRecursion),
  extensions: EntryExtensionsSchema.default(() => ({})),
});

/** An entry needs a keyword unless it is constant. */
export const LorebookEntryInputSchema = EntryInputFieldsSchema.refine(
  (e) => e.constant || e.keywords.length > 0,
  { path: ['keywords'], message: keywordsRequiredText },
);
export type LorebookEntryInput = z.input<typeof LorebookEntryInputSchema>;

export const LorebookInputSchema = z.object({
  name: LorebookNameSchema,
  description: LorebookDescriptionSchema,
  avatarUrl: LorebookAvatarUrlSchema,
  tags: LorebookTagsSchema,
  scanDepth: ScanDepthSchema.default(lorebookLimits.scanDepth.default),
  tokenBudget: TokenBudgetSchema.default(lorebookLimits.tokenBudget.default),
  recursiveScanning: z.boolean().default(false),
});
export type LorebookInput = z.input<typeof LorebookInputSchema>;

export const LorebookCreateInputSchema = LorebookInputSchema.extend({
  guidelines: z.literal(true, { error: 'You must agree to the community guidelines' }),
  entries: z
    .array(LorebookEntryInputSchema, { error: 'At least 1 entry is required' })
    .min(lorebookLimits.entries.min, 'At least 1 entry is required')
    .max(lorebookLimits.entries.max, `At most ${lorebookLimits.entries.max} entries`),
});
export type LorebookCreateInput = z.input<typeof LorebookCreateInputSchema>;

export const EntryParamsSchema = IdParamsSchema.extend({ entryId: z.uuid() });
export const AttachParamsSchema = IdParamsSchema.extend({ lorebookId: z.uuid() });

export const listMyLorebooks = endpoint({
  method: 'GET',
  path: '/api/lorebooks',
  auth: 'member',
  flag: 'lorebook',
  summary: "List the caller's lorebooks, newest first",
  response: z.object({ items: z.array(LorebookSummarySchema) }),
});

/** Anyone with the link may read a book (its detail page is shared); only its creator may change it. */
export const getLorebook = endpoint({
  method: 'GET',
  path: '/api/lorebooks/:id',
  auth: 'caller',
  flag: 'lorebook',
  summary: 'Get a lorebook with its entries',
  params: IdParamsSchema,
  response: LorebookSchema,
});

export const createLorebook = endpoint({
  method: 'POST',
  path: '/api/lorebooks',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Create a lorebook with its entries',
  body: LorebookCreateInputSchema,
  response: LorebookSchema,
});

export const updateLorebook = endpoint({
  method: 'PUT',
  path: '/api/lorebooks/:id',
  auth: 'create',
  flag: 'lorebook',
  summary: "Update a lorebook's name, description, avatar, tags and scanning",
  params: IdParamsSchema,
  body: LorebookInputSchema,
  response: LorebookSchema,
});

export const deleteLorebook = endpoint({
  method: 'DELETE',
  path: '/api/lorebooks/:id',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Remove a lorebook; chatbots carrying it lose it',
  params: IdParamsSchema,
  response: z.object({ id: z.uuid() }),
});

/** Past 100 entries: lorebook_entry_limit. */
export const createLorebookEntry = endpoint({
  method: 'POST',
  path: '/api/lorebooks/:id/entries',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Add an entry to a lorebook',
  params: IdParamsSchema,
  body: LorebookEntryInputSchema,
  response: LorebookEntrySchema,
});

export const updateLorebookEntry = endpoint({
  method: 'PUT',
  path: '/api/lorebooks/:id/entries/:entryId',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Update a lorebook entry',
  params: EntryParamsSchema,
  body: LorebookEntryInputSchema,
  response: LorebookEntrySchema,
});

/** The last entry cannot be deleted (lorebook_last_entry). */
export const deleteLorebookEntry = endpoint({
  method: 'DELETE',
  path: '/api/lorebooks/:id/entries/:entryId',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Delete a lorebook entry while more than one exists',
  params: EntryParamsSchema,
  response: z.object({ id: z.uuid() }),
});

const ImportedEntrySchema = EntryInputFieldsSchema.required();

export const FitProblemSchema = z.object({
  index: z.number().int(),
  entryName: z.string(),
  path: z.string(),
  message: z.string(),
  fix: z.enum(['split', 'trim', 'skip']),
});

/** An entry (or a piece of a split one) past the 100-entry limit: listed, not written. */
export const OverLimitSchema = z.object({
  index: z.number().int(),
  entryName: z.string(),
  path: z.string(),
});

const FittedSchema = z.object({
  entries: z.array(ImportedEntrySchema),
  skipped: z.number().int(),
  overLimit: z.array(OverLimitSchema),
});

/** Largest lorebook file read (real books run to hundreds of KB; a request body is at most 1 MiB). */
export const lorebookFileMaxBytes = 900 * 1024;

/** What a lorebook import would write: the file's book, every entry's problem, and both choices. */
export const LorebookImportReportSchema = z.object({
  format: z.enum(['charchat', 'character_book', 'card', 'sillytavern', 'agnai', 'risu', 'novelai']),
  name: z.string(),
  description: z.string(),
  scanDepth: z.number().int(),
  tokenBudget: z.number().int(),
  recursiveScanning: z.boolean(),
  tags: z.array(z.string()),
  total: z.number().int(),
  problems: z.array(FitProblemSchema),
  skip: FittedSchema,
  split: FittedSchema,
});
export type LorebookImportReport = z.infer<typeof LorebookImportReportSchema>;

/**
 * Reads a lorebook file (its parsed JSON as `data`, by shape) and answers what an import would write:
 * the book's suggested name and settings, every entry that breaks our limits and why, and the entries
 * that skipping or fitting them gives. Nothing is written: the create form saves the chosen entries.
 */
export const importLorebook = endpoint({
  method: 'POST',
  path: '/api/lorebooks/import',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Read a lorebook file and report what fits, before anything is written',
  body: z.object({
    spec: z.string().max(100).optional(),
    spec_version: z.union([z.string().max(100), z.number()]).optional(),
    data: z.unknown(),
    fileName: z.string().max(255).optional(),
  }),
  response: LorebookImportReportSchema,
});

export const uploadLorebookAvatar = endpoint({
  method: 'POST',
  path: '/api/uploads/lorebook-avatar',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Upload a lorebook avatar image (multipart field avatar)',
  response: z.object({ avatarUrl: z.string() }),
});

const AttachedListSchema = z.object({ items: z.array(AttachedLorebookSchema) });

/** The lorebooks a chatbot carries; its creator only. */
export const listCharacterLorebooks = endpoint({
  method: 'GET',
  path: '/api/characters/:id/lorebooks',
  auth: 'member',
  flag: 'lorebook',
  summary: 'List the lorebooks attached to one of your chatbots',
  params: IdParamsSchema,
  response: AttachedListSchema,
});

/** A private chatbot of the caller takes one of the caller's books (lorebook_attach_private). */
export const attachLorebook = endpoint({
  method: 'PUT',
  path: '/api/characters/:id/lorebooks/:lorebookId',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Attach one of your lorebooks to one of your private chatbots',
  params: AttachParamsSchema,
  response: AttachedListSchema,
});

export const detachLorebook = endpoint({
  method: 'DELETE',
  path: '/api/characters/:id/lorebooks/:lorebookId',
  auth: 'create',
  flag: 'lorebook',
  summary: 'Detach a lorebook from one of your chatbots',
  params: AttachParamsSchema,
  response: AttachedListSchema,
});
