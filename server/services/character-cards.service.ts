/**
 * Character Card import preview and export (issue 10, docs/formats.md). The card format itself is
 * shared/cards; this service adds who may do it, the avatar upload and the stored extras.
 */
import type { CardImportPreview } from '#shared/api/character-cards';
import { CardError } from '#shared/cards/card-error';
import type { CardExportFormat, CardWarning } from '#shared/cards/card-schemas';
import { characterToCard, embedCardInPng, type CardSource } from '#shared/cards/export-card';
import { readCardFile } from '#shared/cards/read-card';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { hitRateLimit } from '../lib/rate-limit';
import type { Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import * as cardsRepo from '../db/repositories/character-cards.repo';
import { cardImage } from '../lib/card-image';
import type { Caller, MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { squareWebp } from '../lib/images';
import type { FileStorage, UploadFolder } from '../lib/storage';
import { findVisible } from './characters.service';

/** Side of the square WebP a card's image is stored as, and where: as the editor stores chatbot avatars. */
const avatarSize = 512;
const avatarFolder = 'character-avatars' satisfies UploadFolder;

/**
 * Previews a member may ask for per window: each reads up to 8 MB and may store an image, and a
 * person importing cards by hand needs a few a minute at most.
 */
export const cardImportLimit = { limit: 30, windowSeconds: 600 } as const;

/** Counts a preview against the member's allowance; beyond it, rate_limited with the wait. */
export async function takeImportAllowance(
  deps: { redis: Redis; prefix: string },
  caller: MemberCaller,
): Promise<void> {
  await hitRateLimit(
    deps.redis,
    redisKeys(deps.prefix).rateLimit.cardImports(caller.userId),
    cardImportLimit.limit,
    cardImportLimit.windowSeconds,
  );
}

/**
 * Reads a card file into an editor draft. Nothing is created but the avatar upload (as the editor's
 * own upload would be), so the preview can show it; an unreadable image only loses the avatar.
 */
export async function previewImport(
  deps: { storage: FileStorage },
  file: Uint8Array,
): Promise<CardImportPreview> {
  const card = await readCardFile(file).catch((err: unknown) => {
    if (err instanceof CardError) {
      const code = err.isWrongType ? 'unsupported_media_type' : 'card_invalid';
      throw new AppError(code, { field: err.field, message: err.message, cause: err });
    }
    throw err;
  });
  const warnings: CardWarning[] = [...card.warnings];
  let avatarUrl: string | null = null;
  if (card.image) {
    try {
      const image = await squareWebp(Buffer.from(card.image), avatarSize);
      avatarUrl = await deps.storage.put(avatarFolder, 'webp', image);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      warnings.push({
        field: 'avatar',
        kind: 'dropped',
        message: "The card's image could not be read, so the chatbot has no avatar yet.",
      });
    }
  }
  return {
    shape: card.shape,
    container: card.container,
    character: card.character,
    extras: card.extras,
    warnings,
    avatarUrl,
  };
}

/** A card file ready to send. */
export interface CardDownload {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  fileName: string;
}

/**
 * A chatbot as a card file, for whoever may see it (visibleCharacter) and its definition: its creator,
 * or anyone when the definition is visible. Others get definition_hidden.
 */
export async function exportCard(
  deps: { db: Db; config: Config; storage: FileStorage },
  caller: Caller,
  id: string,
  format: CardExportFormat,
): Promise<CardDownload> {
  const character = await findVisible(deps.db, caller, id);
  if (!character.definitionVisible && character.creatorUserId !== caller.userId) {
    throw new AppError('definition_hidden');
  }
  const extras = await cardsRepo.findCardExtras(deps.db, id);
  const source: CardSource = character;
  const base = character.name;
  if (format === 'png') {
    const image = await cardImage(
      { storage: deps.storage, clientDist: deps.config.CLIENT_DIST },
      character.avatarUrl,
      character.name,
    );
    return {
      body: embedCardInPng(image, source, extras),
      contentType: 'image/png',
      fileName: `${base}.png`,
    };
  }
  return {
    body: JSON.stringify(characterToCard(source, extras, format), null, 2),
    contentType: 'application/json; charset=utf-8',
    fileName: `${base}_${format}.json`,
  };
}
