import { describe, expect, it } from 'vitest';
import { characterToCard, embedCardInPng, type CardSource } from '#shared/cards/export-card';
import { mapCard } from '#shared/cards/map-card';
import { readPngChunks } from '#shared/cards/png';
import { readCardFile } from '#shared/cards/read-card';
import { cardFixture, cardFixtures, jsonBytes, pngWith } from '../../../support/cards';
import { textChunk } from '#shared/cards/png';

const dates = {
  createdAt: new Date('2026-01-02T03:04:05Z'),
  updatedAt: new Date('2026-02-03T04:05:06Z'),
};

/** What a chatbot saved from an import holds: the imported fields, then the creator's title. */
function savedFrom(
  character: ReturnType<typeof mapCard>['character'],
  title = character.title,
): CardSource {
  return { ...character, title, creatorUsername: 'maker', ...dates };
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error('not an object');
  return { ...value };
}

describe('characterToCard', () => {
  it.each(cardFixtures)(
    'round-trips %s: every data field and unknown extra survives',
    async (name) => {
      const imported = await readCardFile(cardFixture(name));
      const original = asObject(
        JSON.parse(
          new TextDecoder().decode(
            name.endsWith('.png') ? pngCardJson(cardFixture(name)) : cardFixture(name),
          ),
        ),
      );
      for (const version of ['v2', 'v3'] as const) {
        const exported = characterToCard(savedFrom(imported.character), imported.extras, version);
        const data = asObject(exported.data);
        for (const [key, value] of Object.entries(asObject(original.data))) {
          expect(data[key], `${version} data.${key}`).toEqual(value);
        }
        expect(exported.spec).toBe(version === 'v3' ? 'chara_card_v3' : 'chara_card_v2');
        // Importing the export gives the same chatbot and the same kept data.
        const again = mapCard(JSON.parse(JSON.stringify(exported)));
        expect(again.character).toEqual(imported.character);
        expect(again.extras.root).toEqual(imported.extras.root);
        expect(again.extras.personality).toEqual(imported.extras.personality);
      }
    },
  );

  it('writes every required V2 key for a chatbot that never came from a card', () => {
    const card = characterToCard(
      {
        name: 'Nova',
        title: 'Star pilot',
        persona: 'Brave',
        scenario: '',
        greeting: 'Hi',
        dialogue: '',
        tags: ['Sci-Fi'],
        creatorUsername: 'maker',
        ...dates,
      },
      null,
      'v3',
    );
    expect(card).toEqual({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      data: {
        name: 'Nova',
        description: 'Brave',
        personality: '',
        scenario: '',
        first_mes: 'Hi',
        mes_example: '',
        creator_notes: '',
        system_prompt: '',
        post_history_instructions: '',
        alternate_greetings: [],
        tags: ['Sci-Fi'],
        creator: 'maker',
        character_version: '',
        extensions: { 'charchat/title': 'Star pilot' },
        group_only_greetings: [],
        creation_date: 1767323045,
        modification_date: 1770091506,
      },
    });
    expect(mapCard(card).character.title).toBe('Star pilot');
  });

  it('keeps keys named like Object properties as plain keys, both ways', () => {
    const text = `{"spec": "chara_card_v2", "toString": "root text", "hasOwnProperty": 2,
      "data": {"name": "Odd", "first_mes": "Hello there", "constructor": 1, "valueOf": {"a": 1}}}`;
    const imported = mapCard(JSON.parse(text));
    expect(Object.keys(imported.extras.root)).toEqual(['toString', 'hasOwnProperty']);
    expect(Object.keys(imported.extras.data)).toEqual(['constructor', 'valueOf']);
    const card = characterToCard(savedFrom(imported.character), imported.extras, 'v2');
    expect(Object.keys(asObject(card.data))).toEqual(
      expect.arrayContaining(['constructor', 'valueOf']),
    );
    expect(mapCard(JSON.parse(JSON.stringify(card))).extras).toMatchObject(imported.extras);
  });

  it('puts an edited persona all in the description', () => {
    const imported = mapCard(JSON.parse(new TextDecoder().decode(cardFixture('minimal_v2.json'))));
    const edited = { ...savedFrom(imported.character), persona: 'Rewritten entirely' };
    const data = asObject(characterToCard(edited, imported.extras, 'v2').data);
    expect([data.description, data.personality]).toEqual(['Rewritten entirely', '']);
  });
});

function pngCardJson(png: Uint8Array): Uint8Array {
  const chunk = readPngChunks(png).find((c) => c.type === 'tEXt');
  if (!chunk) throw new Error('no text chunk');
  const text = new TextDecoder('latin1').decode(chunk.data.subarray(chunk.data.indexOf(0) + 1));
  return new Uint8Array(Buffer.from(text, 'base64'));
}

describe('embedCardInPng', () => {
  it('replaces old card chunks with chara (V2) and ccv3 (V3), keeping the other chunks', async () => {
    const png = pngWith([
      textChunk('Title', 'Portrait'),
      textChunk('chara', 'old'),
      textChunk('CCV3', 'old'),
    ]);
    const source = savedFrom(
      mapCard(
        JSON.parse(new TextDecoder().decode(jsonBytes({ name: 'Ada', first_mes: 'Hello there' }))),
      ).character,
      'A title',
    );
    const out = embedCardInPng(png, source, null);
    const chunks = readPngChunks(out);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'tEXt', 'tEXt', 'tEXt', 'IEND']);
    const read = await readCardFile(out);
    expect(read.shape).toBe('v3');
    expect(read.character).toMatchObject({
      name: 'Ada',
      greeting: 'Hello there',
      title: 'A title',
    });
  });

  it('round-trips the PNG fixture with its image data intact', async () => {
    const original = cardFixture('default_CodingSensei.png');
    const imported = await readCardFile(original);
    const out = embedCardInPng(original, savedFrom(imported.character), imported.extras);
    const idat = (png: Uint8Array) =>
      Buffer.concat(readPngChunks(png).flatMap((c) => (c.type === 'IDAT' ? [c.data] : [])));
    expect(idat(out).equals(idat(original))).toBe(true);
    const again = await readCardFile(out);
    expect(again.character).toEqual(imported.character);
    // Read from ccv3, which adds the V3 dates and the V3 list the export always writes.
    const { creation_date, modification_date, group_only_greetings, ...keptData } =
      again.extras.data;
    expect([typeof creation_date, typeof modification_date]).toEqual(['number', 'number']);
    expect(group_only_greetings).toEqual([]);
    expect({ ...again.extras, data: keptData }).toEqual(imported.extras);
  });
});
