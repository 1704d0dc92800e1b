/**
 * The PNG a character card is written into (docs/formats.md §1.4): the card's original art when the
 * chatbot was imported from one, else the character's avatar converted to
 * PNG when it is one of our files (an upload, or a seeded avatar the client ships), else a plain PNG. Remote
 * URLs are never fetched, so an export cannot be made to request an arbitrary address.
 */
import path from 'node:path';
import sharp from 'sharp';
import { isPng } from '#shared/cards/png';
import { uploadsUrlPrefix, type FileStorage } from './storage';

/** Side of the square PNG a card is written into. */
const cardImageSize = 512;

/**
 * The bytes of one of our own avatars: an upload (from the configured storage) or a seeded avatar the
 * built client serves; null for anything else (never fetched).
 */
async function ownAvatar(
  sources: { storage: FileStorage; clientDist: string },
  avatarUrl: string,
): Promise<Buffer | string | null> {
  if (avatarUrl.startsWith(uploadsUrlPrefix)) return sources.storage.get(avatarUrl);
  if (!avatarUrl.startsWith('/avatars/')) return null;
  const root = path.resolve(sources.clientDist, 'avatars');
  const file = path.resolve(root, avatarUrl.slice('/avatars/'.length));
  return file.startsWith(root + path.sep) ? file : null;
}

/** A soft colour picked from the name, so generated cards of different characters differ. */
function colourOf(name: string): { r: number; g: number; b: number } {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return { r: 96 + (hash & 0x7f), g: 96 + ((hash >> 7) & 0x7f), b: 96 + ((hash >> 14) & 0x7f) };
}

/**
 * The original art of an imported card as a PNG: a PNG as it was kept (byte for byte), any other image
 * re-encoded losslessly as PNG; null when there is none or it cannot be read.
 */
async function originalArt(storage: FileStorage, artUrl: string): Promise<Uint8Array | null> {
  const bytes = await storage.get(artUrl).catch(() => null);
  if (bytes === null) return null;
  if (isPng(bytes)) return new Uint8Array(bytes);
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).png().toBuffer();
  } catch {
    return null;
  }
}

/**
 * The PNG bytes to embed a card in: the card's original art when it came from one (export writes the
 * original), else the character's avatar, else a plain image.
 */
export async function cardImage(
  sources: { storage: FileStorage; clientDist: string },
  avatarUrl: string | null,
  name: string,
  artUrl: string | null = null,
): Promise<Uint8Array> {
  const art = artUrl === null ? null : await originalArt(sources.storage, artUrl);
  if (art !== null) return art;
  const source = avatarUrl === null ? null : await ownAvatar(sources, avatarUrl).catch(() => null);
  if (source !== null) {
    try {
      return await sharp(source, { limitInputPixels: 40_000_000 })
        .resize(cardImageSize, cardImageSize, { fit: 'cover' })
        .png()
        .toBuffer();
    } catch {
      // A missing or unreadable avatar file: the card still exports, on a plain image.
    }
  }
  return sharp({
    create: {
      width: cardImageSize,
      height: cardImageSize,
      channels: 3,
      background: colourOf(name),
    },
  })
    .png()
    .toBuffer();
}
