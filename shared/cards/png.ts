/**
 * PNG chunks as character cards use them (docs/formats.md §1.4): a reader walks every chunk, checks each
 * checksum, and finds the card's text chunk wherever it sits (before or after IDAT, after unrelated
 * Title/Author chunks), in tEXt, zTXt or iTXt form; a writer replaces the card chunks and keeps the rest.
 * Works on Uint8Array with web APIs only (DecompressionStream for zTXt), so browser and server share it.
 */
import { binaryString } from './base64';
import { CardError } from './card-error';

export interface PngChunk {
  /** The four-letter chunk type, e.g. `IHDR`, `tEXt`. */
  type: string;
  data: Uint8Array;
}

/** A text chunk's keyword and its text's bytes (unpacked when the chunk was compressed). */
export interface PngText {
  keyword: string;
  bytes: Uint8Array;
}

const pngSignature = [137, 80, 78, 71, 13, 10, 26, 10];

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** The CRC-32 PNG puts after each chunk (over its type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  // An index loop: a for-of over a typed array is several times slower on the megabytes of a card.
  for (let i = 0; i < bytes.length; i++) {
    c = (crcTable[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** Whether the bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return pngSignature.every((b, i) => bytes[i] === b);
}

/**
 * Splits a PNG into its chunks up to IEND, refusing a file that is cut short or whose chunk fails its
 * checksum: a damaged file is reported as damaged, not as "no card".
 */
export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  if (!isPng(bytes)) throw new CardError('file', 'This file is not a PNG image.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: PngChunk[] = [];
  let offset = pngSignature.length;
  for (;;) {
    const number = chunks.length + 1;
    if (offset + 12 > bytes.length) {
      throw new CardError('png', 'The PNG is cut short: it ends before its last (IEND) chunk.');
    }
    const length = view.getUint32(offset);
    const type = binaryString(bytes.subarray(offset + 4, offset + 8));
    if (!/^[A-Za-z]{4}$/.test(type)) {
      throw new CardError('png', `The PNG is damaged: chunk ${number} has no valid type.`);
    }
    const dataEnd = offset + 8 + length;
    if (dataEnd + 4 > bytes.length) {
      throw new CardError(
        'png',
        `The PNG is cut short inside its ${type} chunk (chunk ${number}).`,
      );
    }
    if (crc32(bytes.subarray(offset + 4, dataEnd)) !== view.getUint32(dataEnd)) {
      throw new CardError(
        'png',
        `The PNG is damaged: its ${type} chunk (chunk ${number}) fails its checksum.`,
      );
    }
    chunks.push({ type, data: bytes.subarray(offset + 8, dataEnd) });
    offset = dataEnd + 4;
    if (type === 'IEND') return chunks;
  }
}

/** Joins chunks into a PNG file, computing each length and checksum. */
export function writePng(chunks: readonly PngChunk[]): Uint8Array<ArrayBuffer> {
  const size = chunks.reduce((n, c) => n + 12 + c.data.length, pngSignature.length);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out.set(pngSignature, 0);
  let offset = pngSignature.length;
  for (const chunk of chunks) {
    view.setUint32(offset, chunk.data.length);
    for (let i = 0; i < 4; i++) out[offset + 4 + i] = chunk.type.charCodeAt(i);
    out.set(chunk.data, offset + 8);
    const dataEnd = offset + 8 + chunk.data.length;
    view.setUint32(dataEnd, crc32(out.subarray(offset + 4, dataEnd)));
    offset = dataEnd + 4;
  }
  return out;
}

/** A tEXt chunk (Latin-1 keyword and text; card payloads are base64, which is ASCII). */
export function textChunk(keyword: string, text: string): PngChunk {
  const data = new Uint8Array(keyword.length + 1 + text.length);
  for (let i = 0; i < keyword.length; i++) data[i] = keyword.charCodeAt(i) & 0xff;
  for (let i = 0; i < text.length; i++) data[keyword.length + 1 + i] = text.charCodeAt(i) & 0xff;
  return { type: 'tEXt', data };
}

/** Inflates zlib data (zTXt, compressed iTXt), refusing output beyond `maxBytes` (a zip bomb). */
async function inflate(data: Uint8Array, maxBytes: number, keyword: string): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const written = writer
    .write(new Uint8Array(data))
    .then(() => writer.close())
    .catch(() => undefined);
  const reader = stream.readable.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        await reader.cancel();
        throw new CardError(
          'png',
          `The PNG's ${keyword} chunk unpacks to more than ${maxBytes} bytes.`,
        );
      }
      parts.push(value);
    }
  } catch (err) {
    if (err instanceof CardError) throw err;
    throw new CardError('png', `The PNG's compressed ${keyword} chunk is damaged.`);
  } finally {
    await written;
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The text of the first tEXt, zTXt or iTXt chunk of each of `keywords` (compared case-insensitively,
 * as SillyTavern does), in file order. Later chunks with the same keyword and other chunks are never
 * unpacked, so a file of a thousand compressed `chara` chunks costs one (each unpacks to at most
 * `maxBytes`).
 */
export async function readTextChunks(
  chunks: readonly PngChunk[],
  keywords: readonly string[],
  maxBytes: number,
): Promise<PngText[]> {
  const wanted = new Set(keywords.map((k) => k.toLowerCase()));
  const texts: PngText[] = [];
  for (const chunk of chunks) {
    if (chunk.type !== 'tEXt' && chunk.type !== 'zTXt' && chunk.type !== 'iTXt') continue;
    const nul = chunk.data.indexOf(0);
    if (nul < 1) continue;
    const keyword = binaryString(chunk.data.subarray(0, nul));
    if (!wanted.has(keyword.toLowerCase())) continue;
    wanted.delete(keyword.toLowerCase());
    const rest = chunk.data.subarray(nul + 1);
    let payload: Uint8Array;
    if (chunk.type === 'tEXt') {
      payload = rest;
    } else if (chunk.type === 'zTXt') {
      // One byte of compression method (0, zlib), then the compressed text.
      payload = await inflate(rest.subarray(1), maxBytes, keyword);
    } else {
      // Compression flag, method, then a language tag and a translated keyword, each NUL-terminated.
      const isCompressed = rest[0] === 1;
      const langEnd = rest.indexOf(0, 2);
      const translatedEnd = langEnd < 0 ? -1 : rest.indexOf(0, langEnd + 1);
      if (translatedEnd < 0) {
        throw new CardError('png', `The PNG's ${keyword} chunk (iTXt) is damaged.`);
      }
      const text = rest.subarray(translatedEnd + 1);
      payload = isCompressed ? await inflate(text, maxBytes, keyword) : text;
    }
    texts.push({ keyword, bytes: payload });
  }
  return texts;
}
