/**
 * Character Card import and export (issue 10, docs/formats.md): a preview that reads a card file into
 * an editor draft without creating anything, and the export of a chatbot as a V2/V3 JSON or PNG card.
 */
import { z } from 'zod';
import {
  CardExportFormatSchema,
  CardExtrasSchema,
  CardShapeSchema,
  CardWarningSchema,
  ImportedCharacterSchema,
} from '../cards/card-schemas';
import { IdParamsSchema } from './characters';
import { endpoint } from './endpoint';
import { FitProblemSchema, LorebookImportReportSchema } from './lorebooks';

/** The multipart field the card file travels in. */
export const cardFileField = 'card';

/**
 * A card's embedded book as the lorebook import reads it: the report with both choices (the same as a
 * lorebook file's), or why no entry of it can be imported (the card itself still can).
 */
export const CardBookPreviewSchema = z.discriminatedUnion('isReadable', [
  z.object({ isReadable: z.literal(true), report: LorebookImportReportSchema }),
  z.object({
    isReadable: z.literal(false),
    message: z.string(),
    problems: z.array(FitProblemSchema),
  }),
]);
export type CardBookPreview = z.infer<typeof CardBookPreviewSchema>;

/** What a card file holds, mapped for the chatbot editor; saving goes through the normal create call. */
export const CardImportPreviewSchema = z.object({
  shape: CardShapeSchema,
  container: z.enum(['json', 'png']),
  character: ImportedCharacterSchema,
  /** Card data with no field of ours; send it back with the create call so export keeps it. */
  extras: CardExtrasSchema,
  warnings: z.array(CardWarningSchema),
  /** The card's image as a square avatar upload (its thumbnail), or null when the card has none. */
  avatarUrl: z.string().nullable(),
  /**
   * The card's image as the file had it (a PNG without its card chunks), kept privately; send it back
   * with the create call so the profile shows it and export writes it. Null when the card has none.
   */
  cardArtUrl: z.string().nullable(),
  /** The card's embedded lorebook (`character_book`), or null when it carries none. */
  book: CardBookPreviewSchema.nullable(),
});
export type CardImportPreview = z.infer<typeof CardImportPreviewSchema>;

/** Reads an uploaded card (multipart field `card`, JSON or PNG, up to cardFileMaxBytes). */
export const previewCardImport = endpoint({
  method: 'POST',
  path: '/api/characters/import/preview',
  auth: 'create',
  summary: 'Read a Character Card file (JSON or PNG) into a chatbot draft without saving it',
  response: CardImportPreviewSchema,
});

/** The original image of an imported card, for whoever may see the chatbot (its profile shows it). */
export const getCardArt = endpoint({
  method: 'GET',
  path: '/api/characters/:id/art',
  auth: 'caller',
  summary: "A chatbot's card art: the original image its card came with",
  params: IdParamsSchema,
  /** The image bytes (PNG, JPEG, WebP or GIF). */
  response: z.instanceof(Uint8Array),
});

/** Downloads a chatbot as a card file, for whoever may see its definition. */
export const exportCard = endpoint({
  method: 'GET',
  path: '/api/characters/:id/export',
  auth: 'caller',
  summary: 'Download a chatbot as a Character Card: V2 or V3 JSON, or a PNG carrying both',
  params: IdParamsSchema,
  query: z.object({ format: CardExportFormatSchema }),
  /** The file itself: JSON text (application/json) or PNG bytes (image/png), as an attachment. */
  response: z.union([z.string(), z.instanceof(Uint8Array)]),
});
