/**
 * Reads a character card file, JSON or PNG, decided from its bytes rather than its name or type
 * (docs/formats.md §1.4): a PNG's `ccv3` chunk wins over `chara`; JSON may start with a byte-order mark.
 */
import { base64ToBytes, binaryString, utf8Text } from './base64';
import { CardError } from './card-error';
import { cardFileMaxBytes, type CardWarning } from './card-schemas';
import { mapCard, type CardImport } from './map-card';
import { isPng, readPngChunks, readTextChunks, type PngText } from './png';

/** A card read from a file, with the image that comes with it (the PNG itself, or a V3 data-URI icon). */
export interface CardFile extends CardImport {
  container: 'json' | 'png';
  /** Image bytes for the avatar, or null when the card carries none. */
  image: Uint8Array | null;
}

const otherImages: [string, number[]][] = [
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['GIF', [0x47, 0x49, 0x46, 0x38]],
  ['WebP', [0x52, 0x49, 0x46, 0x46]],
];

/**
 * Where JSON.parse stopped: V8 names a position for some errors and quotes the text around the
 * unexpected token for others (about 10 characters either side, marked "..." when cut).
 */
function errorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const quoted =
    /^Unexpected token '([\s\S]+?)', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON/.exec(
      message,
    );
  const [, token = '', isCut, snippet = ''] = quoted ?? [];
  const start = quoted ? text.indexOf(snippet) : -1;
  if (start < 0) return text.length;
  return start + (isCut ? Math.min(10, snippet.length) : Math.max(snippet.indexOf(token), 0));
}

function parseJson(text: string, what: string, field: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const offset = err instanceof Error ? errorOffset(err.message, text) : text.length;
    const line = text.slice(0, offset).split('\n').length;
    throw new CardError(field, `${what} is not valid JSON (line ${line}).`);
  }
}

/** A card chunk's JSON: base64 as the spec says, or raw JSON as a few tools write it. */
function chunkJson(chunk: PngText): unknown {
  const field = `png.${chunk.keyword}`;
  const isRawJson = chunk.bytes[0] === 0x7b; // "{"
  const bytes = isRawJson ? chunk.bytes : base64ToBytes(binaryString(chunk.bytes));
  if (!bytes) throw new CardError(field, `The PNG's ${chunk.keyword} chunk is not base64 text.`);
  const text = utf8Text(bytes);
  if (text === undefined) {
    throw new CardError(field, `The PNG's ${chunk.keyword} chunk is not UTF-8 text.`);
  }
  return parseJson(text, `The PNG's ${chunk.keyword} chunk`, field);
}

async function readPng(bytes: Uint8Array): Promise<CardFile> {
  const texts = await readTextChunks(readPngChunks(bytes), ['ccv3', 'chara'], cardFileMaxBytes);
  const ccv3 = texts.find((t) => t.keyword.toLowerCase() === 'ccv3');
  const chara = texts.find((t) => t.keyword.toLowerCase() === 'chara');
  const warnings: CardWarning[] = [];
  let json: unknown;
  if (ccv3) {
    try {
      json = chunkJson(ccv3);
    } catch (err) {
      if (!chara || !(err instanceof CardError)) throw err;
      warnings.push({
        field: err.field,
        kind: 'changed',
        message: `${err.message} The chara chunk was read instead.`,
      });
      json = chunkJson(chara);
    }
  } else if (chara) {
    json = chunkJson(chara);
  } else {
    throw new CardError('png', 'There is no character data in this PNG: it is only an image.');
  }
  const card = mapCard(json);
  return { ...card, warnings: [...warnings, ...card.warnings], container: 'png', image: bytes };
}

/** A V3 card's main icon when it is embedded as a data: URI (other URIs are never fetched). */
function embeddedIcon(card: CardImport): Uint8Array | null {
  const assets = card.extras.data.assets;
  if (!Array.isArray(assets)) return null;
  for (const asset of assets) {
    if (typeof asset !== 'object' || asset === null || Array.isArray(asset)) continue;
    const uri = asset.uri;
    if (asset.type !== 'icon' || typeof uri !== 'string') continue;
    const match = /^data:image\/(png|jpeg|webp|gif);base64,(.*)$/s.exec(uri);
    if (match?.[2] !== undefined) return base64ToBytes(match[2]) ?? null;
  }
  return null;
}

/** Reads a card file's bytes; throws a CardError naming what cannot be imported. */
export async function readCardFile(bytes: Uint8Array): Promise<CardFile> {
  if (bytes.length === 0) throw new CardError('file', 'The file is empty.');
  if (bytes.length > cardFileMaxBytes) {
    throw new CardError(
      'file',
      `The file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; cards up to ${cardFileMaxBytes / 1024 / 1024} MB are read.`,
    );
  }
  if (isPng(bytes)) return readPng(bytes);
  const other = otherImages.find(([, magic]) => magic.every((b, i) => bytes[i] === b));
  if (other) {
    throw new CardError(
      'file',
      `This ${other[0]} image holds no card we read: character cards are PNG images or JSON files.`,
      { isWrongType: true },
    );
  }
  const text = utf8Text(bytes);
  if (text === undefined || !/^\s*[[{]/.test(text)) {
    throw new CardError('file', 'This file is neither a JSON nor a PNG character card.', {
      isWrongType: true,
    });
  }
  const card = mapCard(parseJson(text, 'The file', 'file'));
  return { ...card, container: 'json', image: embeddedIcon(card) };
}
