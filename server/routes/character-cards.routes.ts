import type { FastifyInstance } from 'fastify';
import {
  cardFileField,
  exportCard,
  getCardArt,
  previewCardImport,
} from '#shared/api/character-cards';
import { cardFileMaxBytes } from '#shared/cards/card-schemas';
import type { AppDeps } from '../app-deps';
import { attachment } from '../lib/attachment';
import { AppError } from '../lib/errors';
import { addRoute } from '../lib/route';
import * as cards from '../services/character-cards.service';

export function characterCardRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, previewCardImport, async ({ caller, request }) => {
    await cards.takeImportAllowance(deps, caller);
    const file = await request.file({ limits: { fileSize: cardFileMaxBytes, files: 1 } });
    if (file?.fieldname !== cardFileField) {
      throw new AppError('validation_failed', {
        field: cardFileField,
        message: 'Choose a character card file (JSON or PNG).',
      });
    }
    const bytes = await file.toBuffer().catch((err: unknown) => {
      throw new AppError('payload_too_large', {
        field: cardFileField,
        message: `The card file is larger than ${cardFileMaxBytes / 1024 / 1024} MB.`,
        cause: err,
      });
    });
    return cards.previewImport(deps, new Uint8Array(bytes));
  });

  addRoute(app, getCardArt, async ({ caller, params, reply }) => {
    const art = await cards.getCardArt(deps, caller, params.id);
    void reply
      .header('content-type', art.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff');
    return new Uint8Array(art.bytes);
  });

  addRoute(app, exportCard, async ({ caller, params, query, reply }) => {
    const file = await cards.exportCard(deps, caller, params.id, query.format);
    void reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.fileName))
      .header('cache-control', 'private, no-store');
    return file.body;
  });
}
