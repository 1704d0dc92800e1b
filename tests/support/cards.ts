/** Character card test inputs: the shared fixtures (../shared/fixtures, see SOURCES.md) and tiny PNGs. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { writePng, type PngChunk } from '#shared/cards/png';

const fixturesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../shared/fixtures/cards',
);

/** The card fixtures every importer test reads. */
export const cardFixtures = ['minimal_v2.json', 'minimal_v3.json', 'default_CodingSensei.png'];

export function cardFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(fixturesDir, name)));
}

/** The JSON of a JSON card fixture. */
export function cardFixtureJson(name: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(new TextDecoder().decode(cardFixture(name)));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${name} is not an object`);
  return { ...parsed };
}

/** The `data` object of a card fixture's JSON. */
export function cardData(card: Record<string, unknown>): Record<string, unknown> {
  const data = card.data;
  if (typeof data !== 'object' || data === null) throw new Error('the card has no data object');
  return { ...data };
}

export function jsonBytes(value: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(value));
}

export function base64Json(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
}

/** The chunks of a 1×1 RGB PNG; put text chunks anywhere between IHDR and IEND. */
export function pngParts(): { ihdr: PngChunk; idat: PngChunk; iend: PngChunk } {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, 1);
  view.setUint32(4, 1);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return {
    ihdr: { type: 'IHDR', data: ihdr },
    idat: { type: 'IDAT', data: new Uint8Array(deflateSync(Buffer.from([0, 200, 80, 40]))) },
    iend: { type: 'IEND', data: new Uint8Array() },
  };
}

/** A 1×1 PNG with the given chunks after IDAT (or before, with `before`). */
export function pngWith(after: PngChunk[], before: PngChunk[] = []): Uint8Array {
  const { ihdr, idat, iend } = pngParts();
  return writePng([ihdr, ...before, idat, ...after, iend]);
}

/** A zTXt chunk (zlib-compressed text). */
export function zTxtChunk(keyword: string, text: string): PngChunk {
  const packed = deflateSync(Buffer.from(text, 'latin1'));
  const data = new Uint8Array(keyword.length + 2 + packed.length);
  data.set(Buffer.from(keyword, 'latin1'), 0);
  data.set(packed, keyword.length + 2);
  return { type: 'zTXt', data };
}

/** An iTXt chunk, compressed or not, with a language tag. */
export function iTxtChunk(keyword: string, text: string, compressed: boolean): PngChunk {
  const body = compressed ? deflateSync(Buffer.from(text, 'utf8')) : Buffer.from(text, 'utf8');
  const head = Buffer.concat([
    Buffer.from(keyword, 'latin1'),
    Buffer.from([0, compressed ? 1 : 0, 0]),
    Buffer.from('en', 'latin1'),
    Buffer.from([0, 0]),
  ]);
  return { type: 'iTXt', data: new Uint8Array(Buffer.concat([head, body])) };
}
