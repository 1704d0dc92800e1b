/** The card calls, built on the shared import/export contracts. */
import {
  cardFileField,
  exportCard,
  previewCardImport,
  type CardImportPreview,
} from '#shared/api/character-cards';
import type { CardExportFormat } from '#shared/cards/card-schemas';
import type { ApiClient, DownloadedFile } from '../../lib/api-client';

/** Sends a card file to be read; answers the editor draft, nothing is saved. */
export function previewCard(
  api: ApiClient,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<CardImportPreview> {
  const form = new FormData();
  form.append(cardFileField, file, file.name);
  return api.upload(previewCardImport, { form, ...options });
}

/** Fetches a chatbot's card file in one format. */
export function downloadCard(
  api: ApiClient,
  characterId: string,
  format: CardExportFormat,
): Promise<DownloadedFile> {
  return api.download(exportCard, { params: { id: characterId }, query: { format } });
}
