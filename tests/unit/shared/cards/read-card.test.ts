import { describe, expect, it } from 'vitest';
import { CardError } from '#shared/cards/card-error';
import { cardFileMaxBytes } from '#shared/cards/card-schemas';
import { readCardFile } from '#shared/cards/read-card';
import { readPngChunks, textChunk, writePng } from '#shared/cards/png';
import {
  base64Json,
  cardData,
  cardFixture,
  cardFixtureJson,
  iTxtChunk,
  jsonBytes,
  pngParts,
  pngWith,
  zTxtChunk,
} from '../../../support/cards';

const v2 = cardFixtureJson('minimal_v2.json');
const v3 = cardFixtureJson('minimal_v3.json');

/** The CardError a read fails with. */
async function refusal(bytes: Uint8Array): Promise<CardError> {
  const err: unknown = await readCardFile(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof CardError)) throw new Error(`expected a CardError, got ${String(err)}`);
  return err;
}

describe('readCardFile', () => {
  it('reads the SillyTavern PNG fixture, whose chara chunk sits after IDAT', async () => {
    const card = await readCardFile(cardFixture('default_CodingSensei.png'));
    expect(card.container).toBe('png');
    expect(card.shape).toBe('v2');
    expect(card.character.name).toBe('Coding Sensei');
    expect(card.character.greeting).toContain('\r\n\r\nIn JavaScript');
    expect(card.character.tags).toEqual(['coding', 'utility', 'assistant']);
    expect(card.image?.length).toBe(cardFixture('default_CodingSensei.png').length);
  });

  it('reads JSON cards, with or without a byte-order mark', async () => {
    const plain = await readCardFile(cardFixture('minimal_v2.json'));
    expect(plain.container).toBe('json');
    expect(plain.image).toBeNull();
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...cardFixture('minimal_v3.json')]);
    expect((await readCardFile(withBom)).character.name).toBe('Test Character V3');
  });

  it.each([
    ['before IDAT', [], [textChunk('chara', base64Json(v2))]],
    ['after IDAT', [textChunk('chara', base64Json(v2))], []],
    [
      'after unrelated text chunks',
      [
        textChunk('Title', 'A portrait'),
        textChunk('Author', 'Someone'),
        textChunk('chara', base64Json(v2)),
      ],
      [],
    ],
    ['in a zTXt chunk', [zTxtChunk('chara', base64Json(v2))], []],
    ['in a compressed iTXt chunk', [iTxtChunk('chara', base64Json(v2), true)], []],
    ['in a plain iTXt chunk', [iTxtChunk('chara', base64Json(v2), false)], []],
    ['under an upper-case keyword', [textChunk('Chara', base64Json(v2))], []],
    ['as raw JSON instead of base64', [textChunk('chara', JSON.stringify(v2))], []],
  ])('finds the card %s', async (_, after, before) => {
    const card = await readCardFile(pngWith(after, before));
    expect(card.character.name).toBe('Test Character V2');
  });

  it('prefers ccv3 over chara, wherever each sits', async () => {
    const card = await readCardFile(
      pngWith([textChunk('chara', base64Json(v2))], [textChunk('ccv3', base64Json(v3))]),
    );
    expect(card.shape).toBe('v3');
    expect(card.character.name).toBe('Test Character V3');
  });

  it('falls back to chara with a warning when ccv3 is unreadable', async () => {
    const card = await readCardFile(
      pngWith([textChunk('ccv3', 'not base64 !!'), textChunk('chara', base64Json(v2))]),
    );
    expect(card.character.name).toBe('Test Character V2');
    expect(card.warnings[0]).toMatchObject({ field: 'png.ccv3', kind: 'changed' });
  });

  it('reads a V3 icon embedded as a data: URI as the avatar', async () => {
    const png = pngWith([]);
    const uri = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    const data = {
      ...cardData(v3),
      assets: [{ type: 'icon', uri, name: 'main', ext: 'png' }],
    };
    const card = await readCardFile(jsonBytes({ ...v3, data }));
    expect(card.image).toEqual(png);
  });

  it('refuses a PNG without a card chunk as only an image', async () => {
    const err = await refusal(pngWith([textChunk('Title', 'Just a picture')]));
    expect(err.field).toBe('png');
    expect(err.message).toMatch(/no character data in this PNG/);
  });

  it('refuses a PNG whose chunk fails its checksum', async () => {
    const png = pngWith([textChunk('chara', base64Json(v2))]);
    const damaged = png.slice();
    damaged[43] = (damaged[43] ?? 0) ^ 0xff; // inside the IDAT data
    const err = await refusal(damaged);
    expect(err.field).toBe('png');
    expect(err.message).toMatch(/IDAT chunk \(chunk 2\) fails its checksum/);
  });

  it('refuses a PNG cut short, before or inside a chunk', async () => {
    const png = pngWith([textChunk('chara', base64Json(v2))]);
    expect((await refusal(png.subarray(0, png.length - 12))).message).toMatch(/cut short/);
    expect((await refusal(png.subarray(0, 75))).message).toMatch(/cut short inside its tEXt/);
  });

  it('refuses a damaged compressed chunk and one that unpacks too large', async () => {
    const bad = zTxtChunk('chara', base64Json(v2));
    const at = bad.data.length - 8;
    bad.data[at] = (bad.data[at] ?? 0) ^ 0xff;
    expect((await refusal(pngWith([bad]))).message).toMatch(/compressed chara chunk is damaged/);
    const bomb = zTxtChunk('chara', 'A'.repeat(cardFileMaxBytes + 10));
    expect((await refusal(pngWith([bomb]))).message).toMatch(/unpacks to more than/);
  });

  it('refuses a card chunk that is not base64 JSON, naming the chunk', async () => {
    const notBase64 = await refusal(pngWith([textChunk('chara', 'not base64 !!')]));
    expect(notBase64).toMatchObject({ field: 'png.chara' });
    expect(notBase64.message).toMatch(/chara chunk is not base64 text/);
    const notJson = await refusal(
      pngWith([textChunk('chara', Buffer.from('hello').toString('base64'))]),
    );
    expect(notJson.message).toBe("The PNG's chara chunk is not valid JSON (line 1).");
  });

  it('refuses empty, oversize, other images and text that is not JSON', async () => {
    expect((await refusal(new Uint8Array())).message).toBe('The file is empty.');
    expect((await refusal(new Uint8Array(cardFileMaxBytes + 1))).message).toMatch(/8 MB/);
    expect((await refusal(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1]))).message).toMatch(
      /JPEG image/,
    );
    const text = await refusal(new TextEncoder().encode('name: Bob'));
    expect([text.message, text.isWrongType]).toEqual([
      'This file is neither a JSON nor a PNG character card.',
      true,
    ]);
    expect((await refusal(new Uint8Array([0x7b, 0xff, 0xfe]))).message).toMatch(/neither/);
  });

  it('names the line of broken JSON', async () => {
    const err = await refusal(
      new TextEncoder().encode('{\n  "name": "A",\n  "first_mes": oops\n}'),
    );
    expect(err.field).toBe('file');
    expect(err.message).toBe('The file is not valid JSON (line 3).');
  });

  it('keeps every chunk it does not replace when a PNG is written back', () => {
    const { ihdr, idat, iend } = pngParts();
    const png = writePng([ihdr, textChunk('Title', 'x'), idat, iend]);
    expect(readPngChunks(png).map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
  });
});

describe('readCardFile on broken JSON', () => {
  it.each([
    [
      'an unexpected token far into the file',
      `{\n"name": "A",\n"first_mes": "${'x'.repeat(40)}",\n"b": oops\n}`,
      4,
    ],
    ['a missing comma', '{\n"name": "A"\n"first_mes": "b"\n}', 3],
    ['a file cut short', '{\n"name": "A",\n"first_mes": "b', 3],
    ['a short file', '{oops}', 1],
  ])('names the line of %s', async (_, text, line) => {
    const err: unknown = await readCardFile(new TextEncoder().encode(text)).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CardError);
    expect(err).toMatchObject({ message: `The file is not valid JSON (line ${line}).` });
  });
});
