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

/** The multipart field the card file travels in. */
export const cardFileField = 'card';

/** What a card file holds, mapped for the chatbot editor; saving goes through the normal create call. */
export const CardImportPreviewSchema = z.object({
  shape: CardShapeSchema,
  container: z.enum(['json', 'png']),
  character: ImportedCharacterSchema,
  /** Card data with no field of ours; send it back with the create call so export keeps it. */
  extras: CardExtrasSchema,
  warnings: z.array(CardWarningSchema),
  /** The card's image stored as an avatar upload, or null when the card has none. */
  avatarUrl: z.string().nullable(),
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
