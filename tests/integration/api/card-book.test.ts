/**
 * A card's embedded book and its art through the API (issue 27 parts 3 and 6): the preview reports the
 * book as a lorebook import does and keeps the card's original image; the create writes the book as a
 * lorebook attached to the chatbot with the member's choice, and the art beside it; export writes the
 * original image back. Only the creator reads the book or a private card's art, and a refused save
 * stores nothing.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardImportPreviewSchema, type CardImportPreview } from '#shared/api/character-cards';
import { LorebookSchema } from '#shared/schemas/lorebook';
import { listCharacterLorebooks } from '#shared/api/lorebooks';
import { withoutCardChunks } from '#shared/cards/export-card';
import { readPngChunks, textChunk } from '#shared/cards/png';
import { readCardFile } from '#shared/cards/read-card';
import { base64Json, cardData, cardFixtureJson, jsonBytes, pngParts } from '../../support/cards';
import { testConfig } from '../../support/config';
import { errorOf, multipart } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { writePng } from '#shared/cards/png';

let stack: Stack;
let smtp: LocalSmtp;
let owner: SignedInMember;
let stranger: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  [owner, stranger] = await Promise.all([signInMember(stack, smtp), signInMember(stack, smtp)]);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

const longLore = 'The harbour wall was built in a single winter by the guild. '.repeat(30).trim();

/** A card book: a constant entry, a keyword entry, one too long (fits by splitting), one unusable. */
function book(name: string) {
  return {
    name: `${name} world`,
    description: 'Lore of the harbour town.',
    scan_depth: 6,
    token_budget: 800,
    recursive_scanning: true,
    extensions: { 'tool/x': 1 },
    entries: [
      {
        keys: [],
        content: 'The lighthouse lamp burns green.',
        constant: true,
        enabled: true,
        insertion_order: 10,
        name: 'Lamp',
        extensions: { position: 0 },
      },
      {
        keys: ['guild'],
        secondary_keys: ['harbour'],
        selective: true,
        content: 'The guild keeps the harbour keys.',
        enabled: true,
        insertion_order: 20,
        name: 'Guild',
        extensions: { selectiveLogic: 3, custom: { kept: true } },
      },
      { keys: ['wall'], content: longLore, enabled: true, insertion_order: 30, name: 'Wall' },
      { keys: ['nothing'], content: '', enabled: true, insertion_order: 40, name: 'Empty' },
    ],
  };
}

/** A V2 card (and its V3 twin) with a unique name and the given book. */
function cards(characterBook: unknown) {
  const v2 = cardFixtureJson('minimal_v2.json');
  const name = `Harbour ${randomUUID().slice(0, 6)}`;
  const data = { ...cardData(v2), name, character_book: characterBook };
  return {
    name,
    v2: { ...v2, data },
    v3: { spec: 'chara_card_v3', spec_version: '3.0', data: { ...data, group_only_greetings: [] } },
  };
}

/** A PNG card carrying both chunks, with an unrelated Title chunk that must survive. */
function pngCard(v2: unknown, v3: unknown): Uint8Array {
  const { ihdr, idat, iend } = pngParts();
  return writePng([
    ihdr,
    textChunk('Title', 'Harbour art'),
    idat,
    textChunk('chara', base64Json(v2)),
    textChunk('ccv3', base64Json(v3)),
    iend,
  ]);
}

async function preview(bytes: Uint8Array, who: SignedInMember = owner): Promise<CardImportPreview> {
  const body = multipart('card', 'card.png', bytes);
  const res = await inject({
    method: 'POST',
    url: '/api/characters/import/preview',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
  expect(res.statusCode).toBe(200);
  return CardImportPreviewSchema.parse(res.json());
}

function create(draft: CardImportPreview, extra: Record<string, unknown> = {}) {
  return inject({
    method: 'POST',
    url: '/api/characters',
    headers: owner.headers,
    payload: {
      ...draft.character,
      title: 'Imported from a card',
      avatarUrl: draft.avatarUrl,
      avatarIsNsfw: false,
      visibility: 'private',
      language: 'en',
      guidelines: true,
      cardExtras: draft.extras,
      cardArtUrl: draft.cardArtUrl,
      ...extra,
    },
  });
}

async function booksOfOwner(): Promise<string[]> {
  const rows = await db()
    .selectFrom('lorebooks')
    .select('name')
    .where('user_id', '=', owner.session.user.id)
    .execute();
  return rows.map((r) => r.name);
}

async function countNamed(name: string): Promise<number> {
  const rows = await db().selectFrom('characters').select('id').where('name', '=', name).execute();
  return rows.length;
}

describe("a card's embedded book", () => {
  it('is reported as a lorebook import reports it, from a PNG card', async () => {
    const { v2, v3 } = cards(book('Harbour'));
    const draft = await preview(pngCard(v2, v3));
    if (draft.book?.isReadable !== true) throw new Error('the book should be readable');
    const { report } = draft.book;
    expect(report).toMatchObject({
      format: 'card',
      name: 'Harbour world',
      scanDepth: 6,
      tokenBudget: 800,
      recursiveScanning: true,
      total: 4,
    });
    expect(report.problems.map((p) => [p.path, p.fix])).toEqual([
      ['entries[2].content', 'split'],
      ['entries[3].content', 'skip'],
    ]);
    expect(report.skip.entries.map((e) => e.name)).toEqual(['Lamp', 'Guild']);
    expect(report.split.entries.length).toBeGreaterThan(3);
    expect(report.skip.entries[0]).toMatchObject({ constant: true, keywords: [] });
    expect(report.skip.entries[1]).toMatchObject({
      secondaryKeywords: ['harbour'],
      selectiveLogic: 'and_all',
      extensions: { custom: { kept: true } },
    });
  });

  it('becomes a lorebook attached to the chatbot with the chosen entries, which only its creator reads', async () => {
    const { name, v2, v3 } = cards(book('Harbour'));
    const draft = await preview(pngCard(v2, v3));
    const res = await create(draft, { cardBook: 'split' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();

    const attached = listCharacterLorebooks.response.parse(
      (await inject({ url: `/api/characters/${id}/lorebooks`, headers: owner.headers })).json(),
    ).items;
    expect(attached).toHaveLength(1);
    const bookId = attached[0]?.id ?? '';
    const mine = await inject({ url: `/api/lorebooks/${bookId}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    const lorebook = LorebookSchema.parse(mine.json());
    expect(lorebook).toMatchObject({ scanDepth: 6, tokenBudget: 800, recursiveScanning: true });
    expect(lorebook.description).toBe('Lore of the harbour town.');
    expect(lorebook.entries[0]).toMatchObject({ name: 'Lamp', constant: true });
    expect(lorebook.entries.filter((e) => e.name.startsWith('Wall (')).length).toBeGreaterThan(1);
    expect(lorebook.entries.some((e) => e.name === 'Empty')).toBe(false);

    // The attacker: another member knows the ids, and reads neither the book nor the chatbot's.
    const theirs = await inject({ url: `/api/lorebooks/${bookId}`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs.json()).code).toBe('lorebook_not_found');
    const guest = await inject({
      url: `/api/lorebooks/${bookId}`,
      headers: { 'x-guest-id': randomUUID() },
    });
    expect(guest.statusCode).toBe(404);
    const list = await inject({
      url: `/api/characters/${id}/lorebooks`,
      headers: stranger.headers,
    });
    expect(list.statusCode).toBeGreaterThanOrEqual(403);
    expect(JSON.stringify(list.json())).not.toContain('lighthouse');
    expect(await countNamed(name)).toBe(1);
  });

  it('is left out when the member says so, and export still writes it', async () => {
    const before = await booksOfOwner();
    const { v2, v3 } = cards(book('Leave'));
    const draft = await preview(pngCard(v2, v3));
    const res = await create(draft, { cardBook: 'leave' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();
    expect(await booksOfOwner()).toEqual(before);
    const exported = await inject({
      url: `/api/characters/${id}/export?format=v3`,
      headers: owner.headers,
    });
    expect(exported.json<{ data: { character_book: unknown } }>().data.character_book).toEqual(
      book('Leave'),
    );
  });

  it('refuses a save whose book has no entry to import, storing neither chatbot nor book', async () => {
    const broken = { entries: [{ keys: [], content: 'x', enabled: true }] };
    const { name, v2, v3 } = cards(broken);
    const draft = await preview(pngCard(v2, v3));
    expect(draft.book).toMatchObject({ isReadable: false });
    expect(draft.book?.isReadable === false && draft.book.problems.length).toBeGreaterThan(0);
    const before = await booksOfOwner();

    const refused = await create(draft);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused.json())).toMatchObject({
      code: 'lorebook_import_invalid',
      field: 'cardBook',
    });
    expect(await countNamed(name)).toBe(0);
    expect(await booksOfOwner()).toEqual(before);

    const left = await create(draft, { cardBook: 'leave' });
    expect(left.statusCode).toBe(200);
    expect(await countNamed(name)).toBe(1);
  });

  it('refuses a choice it does not know and art that is not a card image of ours', async () => {
    const { name, v2, v3 } = cards(book('Bad'));
    const draft = await preview(pngCard(v2, v3));
    for (const extra of [
      { cardBook: 'all' },
      { cardArtUrl: draft.avatarUrl },
      { cardArtUrl: '/uploads/card-art/../../etc/passwd' },
      { cardArtUrl: 'https://example.com/a.png' },
    ]) {
      const res = await create(draft, extra);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json()).code).toBe('validation_failed');
    }
    expect(await countNamed(name)).toBe(0);
  });
});

describe("a card's art", () => {
  it('keeps the original image, serves it to whoever may see the chatbot, and exports it', async () => {
    const { v2, v3 } = cards(book('Art'));
    const file = pngCard(v2, v3);
    const draft = await preview(file);
    expect(draft.cardArtUrl).toMatch(/^\/uploads\/card-art\/[0-9a-f-]{36}\.png$/);
    // A private folder: never served at /uploads/.
    expect((await inject({ url: draft.cardArtUrl ?? '' })).statusCode).toBe(404);

    const res = await create(draft, { cardBook: 'leave' });
    const { id, cardArtUrl } = res.json<{ id: string; cardArtUrl: string | null }>();
    expect(cardArtUrl).toBe(`/api/characters/${id}/art`);
    const art = await inject({ url: `/api/characters/${id}/art`, headers: owner.headers });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/png');
    expect(new Uint8Array(art.rawPayload)).toEqual(withoutCardChunks(file));

    // The attacker: a private chatbot's art is its creator's alone.
    for (const headers of [stranger.headers, { 'x-guest-id': randomUUID() }]) {
      const theirs = await inject({ url: `/api/characters/${id}/art`, headers });
      expect(theirs.statusCode).toBe(404);
    }

    const exported = await inject({
      url: `/api/characters/${id}/export?format=png`,
      headers: owner.headers,
    });
    const png = new Uint8Array(exported.rawPayload);
    const imageChunks = (bytes: Uint8Array) =>
      readPngChunks(bytes)
        .filter(
          (c) => !['chara', 'ccv3'].includes(new TextDecoder().decode(c.data).split('\0')[0] ?? ''),
        )
        .map((c) => [c.type, Buffer.from(c.data).toString('base64')]);
    expect(imageChunks(png)).toEqual(imageChunks(file));
    const back = await readCardFile(png);
    expect(back.extras.data.character_book).toEqual(book('Art'));
  });

  it("keeps a V3 card's embedded JPEG icon as it was, and exports it re-encoded losslessly", async () => {
    const jpeg = await sharp({
      create: { width: 30, height: 45, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const { v3 } = cards(book('Icon'));
    const card = {
      ...v3,
      data: {
        ...v3.data,
        assets: [
          {
            type: 'icon',
            uri: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
            name: 'main',
            ext: 'jpeg',
          },
        ],
      },
    };
    const draft = await preview(jsonBytes(card));
    expect(draft.cardArtUrl).toMatch(/\.jpg$/);
    const res = await create(draft, { cardBook: 'leave' });
    const { id } = res.json<{ id: string }>();
    const art = await inject({ url: `/api/characters/${id}/art`, headers: owner.headers });
    expect(art.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.from(art.rawPayload).equals(jpeg)).toBe(true);
    const exported = await inject({
      url: `/api/characters/${id}/export?format=png`,
      headers: owner.headers,
    });
    const pixels = async (image: Buffer) =>
      sharp(image).raw().toBuffer({ resolveWithObject: true });
    const [before, after] = await Promise.all([pixels(jpeg), pixels(exported.rawPayload)]);
    expect(after.info).toMatchObject({ width: 30, height: 45, format: 'raw' });
    expect(after.data.equals(before.data)).toBe(true);
  });

  it('answers not_found for a chatbot without card art', async () => {
    const { v2 } = cards(book('NoArt'));
    const draft = await preview(jsonBytes(v2));
    expect(draft.cardArtUrl).toBeNull();
    const res = await create(draft, { cardBook: 'leave' });
    const { id } = res.json<{ id: string }>();
    const art = await inject({ url: `/api/characters/${id}/art`, headers: owner.headers });
    expect(art.statusCode).toBe(404);
    expect(errorOf(art.json()).code).toBe('not_found');
  });
});
