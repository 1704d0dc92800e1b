/**
 * Character Card import preview and export (issue 10, docs/formats.md). The card format itself is
 * shared/cards; this service adds who may do it, the avatar upload, the card's original art (kept
 * privately, served to whoever may see the chatbot, written back by export), the report on the card's
 * embedded book (lorebooks.service writes it with the chatbot) and the stored extras.
 */
import type { CardImportPreview } from '#shared/api/character-cards';
import { CardError } from '#shared/cards/card-error';
import type { CardExportFormat, CardWarning } from '#shared/cards/card-schemas';
import {
  characterToCard,
  embedCardInPng,
  withoutCardChunks,
  type CardSource,
} from '#shared/cards/export-card';
import { isPng } from '#shared/cards/png';
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
import {
  storedKey,
  uploadContentType,
  type FileStorage,
  type StorageFolder,
  type UploadFolder,
} from '../lib/storage';
import { findVisible } from './characters.service';
import { previewCardBook } from './lorebooks.service';

/** Side of the square WebP a card's image is stored as, and where: as the editor stores chatbot avatars. */
const avatarSize = 512;
const avatarFolder = 'character-avatars' satisfies UploadFolder;
/** Where a card's original image is kept: a private folder, handed out only through getCardArt. */
const artFolder = 'card-art' satisfies StorageFolder;

/** The file extension of the image formats a card's art may have, by their first bytes. */
function artExtension(image: Uint8Array): 'png' | 'jpg' | 'webp' | 'gif' | null {
  if (isPng(image)) return 'png';
  if (image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff) return 'jpg';
  const head = String.fromCharCode(...image.subarray(0, 12));
  if (head.startsWith('RIFF') && head.slice(8) === 'WEBP') return 'webp';
  return head.startsWith('GIF8') ? 'gif' : null;
}

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
  let cardArtUrl: string | null = null;
  if (card.image) {
    try {
      // The square avatar is the thumbnail; the original image is kept as the card's art.
      const image = await squareWebp(Buffer.from(card.image), avatarSize);
      avatarUrl = await deps.storage.put(avatarFolder, 'webp', image);
      const extension = artExtension(card.image);
      if (extension !== null) {
        const original = extension === 'png' ? withoutCardChunks(card.image) : card.image;
        cardArtUrl = await deps.storage.put(artFolder, extension, Buffer.from(original));
      }
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
    cardArtUrl,
    book: previewCardBook(card.character.name, card.extras),
  };
}

/**
 * The original image of a chatbot's card, for whoever may see the chatbot (findVisible: a private
 * one's art is its creator's alone); not_found when it has none.
 */
export async function getCardArt(
  deps: { db: Db; storage: FileStorage },
  caller: Caller,
  id: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  await findVisible(deps.db, caller, id);
  const url = await cardsRepo.findCardArt(deps.db, id);
  const key = url === null ? null : storedKey(url);
  const bytes = url === null || key === null ? null : await deps.storage.get(url);
  if (bytes === null || key === null) throw new AppError('not_found');
  return { bytes, contentType: uploadContentType(key.name) };
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
      await cardsRepo.findCardArt(deps.db, id),
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
