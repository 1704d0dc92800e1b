import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cardsRepo from '#server/db/repositories/character-cards.repo';
import { CardImportPreviewSchema } from '#shared/api/character-cards';
import { cardFileMaxBytes } from '#shared/cards/card-schemas';
import { cardImportLimit } from '#server/services/character-cards.service';
import { readCardFile } from '#shared/cards/read-card';
import {
  base64Json,
  cardData,
  cardFixture,
  cardFixtureJson,
  cardFixtures,
  jsonBytes,
  pngWith,
} from '../../support/cards';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf, multipart } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { textChunk } from '#shared/cards/png';

let stack: Stack;
let smtp: LocalSmtp;
let member: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  member = await signInMember(stack, smtp);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

function preview(
  content: Uint8Array,
  opts: { headers?: Record<string, string>; field?: string } = {},
) {
  const body = multipart(opts.field ?? 'card', 'card.bin', content);
  return inject({
    method: 'POST',
    url: '/api/characters/import/preview',
    payload: body.payload,
    headers: { ...(opts.headers ?? member.headers), ...body.headers },
  });
}

/** A V2 card with a name no other test uses, to check nothing of it is stored. */
function uniqueCard(data: Record<string, unknown> = {}) {
  const v2 = cardFixtureJson('minimal_v2.json');
  const name = `Card ${randomUUID().slice(0, 8)}`;
  return { name, card: { ...v2, data: { ...cardData(v2), name, ...data } } };
}

async function countNamed(name: string): Promise<number> {
  const rows = await db().selectFrom('characters').select('id').where('name', '=', name).execute();
  return rows.length;
}

describe('POST /api/characters/import/preview', () => {
  it.each(cardFixtures)('reads %s into a draft', async (name) => {
    const res = await preview(cardFixture(name));
    expect(res.statusCode).toBe(200);
    const body = CardImportPreviewSchema.parse(res.json());
    const expected = await readCardFile(cardFixture(name));
    expect(body.character).toEqual(expected.character);
    expect(body.extras).toEqual(expected.extras);
    expect(body.shape).toBe(expected.shape);
    if (name.endsWith('.png')) {
      expect(body.avatarUrl).toMatch(/^\/uploads\/character-avatars\/[\w-]+\.webp$/);
      const image = await inject({ url: body.avatarUrl ?? '' });
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        width: 512,
        format: 'webp',
      });
    } else {
      expect(body.avatarUrl).toBeNull();
    }
  });

  it('creates nothing: the draft is only answered', async () => {
    const { name, card } = uniqueCard();
    const res = await preview(pngWith([textChunk('chara', base64Json(card))]));
    expect(CardImportPreviewSchema.parse(res.json()).character.name).toBe(name);
    expect(await countNamed(name)).toBe(0);
  });

  it.each([
    [
      'an oversize field',
      jsonBytes(uniqueCard({ first_mes: 'x'.repeat(4001) }).card),
      422,
      'card_invalid',
      'data.first_mes',
    ],
    [
      'a NUL character',
      jsonBytes(uniqueCard({ scenario: 'a\u0000b' }).card),
      422,
      'card_invalid',
      'data.scenario',
    ],
    ['broken JSON', new TextEncoder().encode('{"name": "A",'), 422, 'card_invalid', 'file'],
    ['JSON that is not a card', jsonBytes({ hello: 'world' }), 422, 'card_invalid', 'file'],
    ['a PNG without a card', pngWith([]), 422, 'card_invalid', 'png'],
    [
      'a damaged PNG',
      pngWith([]).map((b, i) => (i === 20 ? b ^ 1 : b)),
      422,
      'card_invalid',
      'png',
    ],
    ['a PDF', new TextEncoder().encode('%PDF-1.7 ...'), 415, 'unsupported_media_type', 'file'],
    ['an empty file', new Uint8Array(), 422, 'card_invalid', 'file'],
    [
      'JSON nested a million levels deep',
      new TextEncoder().encode(
        `{"name":"Deep","first_mes":"Hi there","extensions":{"x":${'['.repeat(1e6)}${']'.repeat(1e6)}}}`,
      ),
      422,
      'card_invalid',
      'extensions',
    ],
  ])('refuses %s with a named error', async (_, content, status, code, field) => {
    const res = await preview(content);
    expect(res.statusCode).toBe(status);
    expect(errorOf(res.json())).toMatchObject({ code, field });
  });

  it('refuses a file over the size limit, a missing file field and a body that is not multipart', async () => {
    const big = await preview(new Uint8Array(cardFileMaxBytes + 1));
    expect(big.statusCode).toBe(413);
    expect(errorOf(big.json())).toMatchObject({ code: 'payload_too_large', field: 'card' });
    const wrongField = await preview(cardFixture('minimal_v2.json'), { field: 'file' });
    expect(errorOf(wrongField.json())).toMatchObject({ code: 'validation_failed', field: 'card' });
    const json = await inject({
      method: 'POST',
      url: '/api/characters/import/preview',
      headers: member.headers,
      payload: cardFixtureJson('minimal_v2.json'),
    });
    expect(errorOf(json.json()).code).toBe('unsupported_media_type');
  });

  it('refuses a member beyond the preview allowance with rate_limited and the wait', async () => {
    const busy = await signInMember(stack, smtp);
    const card = cardFixture('minimal_v2.json');
    for (let i = 0; i < cardImportLimit.limit; i++) {
      expect((await preview(card, { headers: busy.headers })).statusCode).toBe(200);
    }
    const refused = await preview(card, { headers: busy.headers });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.json())).toMatchObject({ code: 'rate_limited' });
    expect(errorOf(refused.json()).details?.retryAfterSeconds).toBeGreaterThan(0);
    // Another member is not held back by it.
    expect((await preview(card)).statusCode).toBe(200);
  });

  it('is for members: guests are asked to sign in', async () => {
    const res = await preview(cardFixture('minimal_v2.json'), {
      headers: { 'x-guest-id': randomUUID() },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 20 previews sent at once by several members, each with its own avatar', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => signInMember(stack, smtp)));
    const cards = Array.from({ length: 20 }, () => uniqueCard());
    const results = await Promise.all(
      cards.map(({ card }, i) =>
        preview(pngWith([textChunk('chara', base64Json(card))]), {
          headers: members[i % members.length]?.headers ?? member.headers,
        }),
      ),
    );
    const bodies = results.map((res) => CardImportPreviewSchema.parse(res.json()));
    expect(bodies.map((b) => b.character.name)).toEqual(cards.map((c) => c.name));
    expect(new Set(bodies.map((b) => b.avatarUrl)).size).toBe(20);
  });
});

describe('GET /api/characters/:id/export', () => {
  /** A character made by `owner` (a new member unless given), with the given visibility. */
  async function characterOf(
    ownerId: string,
    set: { visibility: 'public' | 'private' | 'hidden'; definition_visible: boolean },
  ): Promise<string> {
    const id = await createCharacter(db(), { name: 'Exported', creatorUserId: ownerId });
    await db().updateTable('characters').set(set).where('id', '=', id).execute();
    return id;
  }

  const exportAs = (id: string, format: string, headers: Record<string, string>) =>
    inject({ url: `/api/characters/${id}/export?format=${format}`, headers });

  it('writes V2 and V3 JSON with the kept card data, as a download', async () => {
    const imported = await readCardFile(cardFixture('minimal_v3.json'));
    const id = await characterOf(member.session.user.id, {
      visibility: 'public',
      definition_visible: true,
    });
    await cardsRepo.setCardExtras(db(), id, imported.extras);
    for (const format of ['v2', 'v3'] as const) {
      const res = await exportAs(id, format, { 'x-guest-id': randomUUID() });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Exported_${format}.json"; filename*=UTF-8''Exported_${format}.json`,
      );
      const card = res.json<{ spec: string; data: Record<string, unknown> }>();
      expect(card.spec).toBe(format === 'v3' ? 'chara_card_v3' : 'chara_card_v2');
      expect(card.data).toMatchObject({
        name: 'Exported',
        nickname: 'TestBot',
        creator_notes_multilingual: { en: 'English test notes', ja: '日本語テストノート' },
        source: ['https://example.com/test-character'],
        alternate_greetings: [
          'Hello! CCv3 testing mode activated.',
          'Test greeting variant for CCv3.',
        ],
      });
    }
  });

  it('writes a PNG card that reads back, on a plain image when there is no avatar', async () => {
    const id = await characterOf(member.session.user.id, {
      visibility: 'public',
      definition_visible: true,
    });
    const res = await exportAs(id, 'png', member.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('filename="Exported.png"');
    const png = new Uint8Array(res.rawPayload);
    expect(await sharp(png).metadata()).toMatchObject({ width: 512, height: 512, format: 'png' });
    const card = await readCardFile(png);
    expect(card.shape).toBe('v3');
    expect(card.character).toMatchObject({ name: 'Exported', title: 'A character made by a test' });
  });

  it('lets only the creator export a private chatbot or a hidden definition', async () => {
    const other = await signInMember(stack, smtp);
    const owner = member.session.user.id;
    const privateId = await characterOf(owner, {
      visibility: 'private',
      definition_visible: false,
    });
    const hiddenDefinition = await characterOf(owner, {
      visibility: 'hidden',
      definition_visible: false,
    });
    for (const headers of [other.headers, { 'x-guest-id': randomUUID() }]) {
      const hidden = await exportAs(privateId, 'v2', headers);
      expect(hidden.statusCode).toBe(404);
      expect(errorOf(hidden.json()).code).toBe('character_not_found');
      const refused = await exportAs(hiddenDefinition, 'png', headers);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused.json()).code).toBe('definition_hidden');
    }
    for (const id of [privateId, hiddenDefinition]) {
      expect((await exportAs(id, 'v3', member.headers)).statusCode).toBe(200);
    }
  });

  it('refuses a malformed id and an unknown format', async () => {
    const id = await createCharacter(db());
    const guest = { 'x-guest-id': randomUUID() };
    const badId = await exportAs('not-a-uuid', 'v2', guest);
    expect(errorOf(badId.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
    const badFormat = await exportAs(id, 'xml', guest);
    expect(errorOf(badFormat.json())).toMatchObject({ code: 'validation_failed', field: 'format' });
  });

  it('exports a character many callers download at once', async () => {
    const id = await characterOf(member.session.user.id, {
      visibility: 'public',
      definition_visible: true,
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        exportAs(id, ['v2', 'v3', 'png'][i % 3] ?? 'v2', { 'x-guest-id': randomUUID() }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
  });
});

describe('creating a chatbot from an imported card', () => {
  const save = (body: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/characters', headers: member.headers, payload: body });

  it('keeps the card data the import answered, so the export writes it back', async () => {
    const { name, card } = uniqueCard();
    const draft = CardImportPreviewSchema.parse(
      (await preview(new TextEncoder().encode(JSON.stringify(card)))).json(),
    );
    const res = await save({
      ...draft.character,
      title: 'Imported from a card',
      avatarUrl: draft.avatarUrl,
      avatarIsNsfw: false,
      visibility: 'private',
      language: 'en',
      guidelines: true,
      cardExtras: draft.extras,
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: string }>();
    const exported = await inject({
      url: `/api/characters/${id}/export?format=v2`,
      headers: member.headers,
    });
    expect(exported.json<{ data: Record<string, unknown> }>().data).toMatchObject({
      name,
      creator_notes: 'Created for automated testing',
      alternate_greetings: ['Hi there! Ready for testing?'],
    });
  });

  it('refuses card data nested too deep or with a __proto__ key, and stores nothing', async () => {
    const name = `Card ${randomUUID().slice(0, 8)}`;
    let deep: unknown = 'end';
    for (let i = 0; i < 120; i++) deep = { next: deep };
    const base = {
      name,
      title: 'Imported from a card',
      greeting: 'Hello there!',
      persona: '',
      scenario: '',
      dialogue: '',
      tags: [],
      isNsfw: false,
      avatarUrl: null,
      avatarIsNsfw: false,
      visibility: 'private',
      language: 'en',
      guidelines: true,
    };
    const tooDeep = await save({ ...base, cardExtras: { extensions: deep } });
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep.json())).toMatchObject({ code: 'validation_failed' });
    const poisoned = await inject({
      method: 'POST',
      url: '/api/characters',
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: `{"name":"${name}","title":"Imported from a card","greeting":"Hello there!","persona":"","scenario":"","dialogue":"","tags":[],"isNsfw":false,"avatarUrl":null,"avatarIsNsfw":false,"visibility":"private","language":"en","guidelines":true,"cardExtras":{"__proto__":{"x":1}}}`,
    });
    expect(poisoned.statusCode).toBe(400);
    expect(await countNamed(name)).toBe(0);
  });
});
