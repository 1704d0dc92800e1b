/**
 * Character translation (issue 26 item 3) on the real stack: PostgreSQL, Redis, the `translation`
 * worker and a local OpenAI-wire server answering as a translator (testkit/wire-translator.ts). A run
 * is queued by REST and made by the worker; the profile shows it in the member's chat language; only
 * those the permission module allows may start or follow one; a model that hangs, errors or answers
 * garbage fails that run alone, storing nothing, and a new run retries; many runs at once each end
 * once.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe } from '#shared/api/auth';
import { getCharacter } from '#shared/api/characters';
import { TranslationStatusSchema, type TranslationStatus } from '#shared/api/translations';
import * as creatorBlocks from '#server/db/repositories/creator-blocks.repo';
import * as users from '#server/db/repositories/users.repo';
import { forgetStanding } from '#server/lib/member-standing';
import { startWireServer, type WireServer } from '../../../testkit/openai-wire-server';
import { translationRequestOf, translatorAnswer } from '../../../testkit/wire-translator';
import { testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let wire: WireServer;
let stack: Stack;
let smtp: LocalSmtp;
let premium: SignedInMember;
let free: SignedInMember;
let admin: SignedInMember;
/** A partner site whose members sign in with tokens signed by this secret. */
const partnerSecret = 'translation-partner-secret-with-32-chars';
/** Requests that fail once more, by the marker in their source text (the FLAKY case). */
let flakyFailuresLeft = 0;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

/** The source text of a translation request, or '' for anything else. */
const sourceOf = (body: unknown) => translationRequestOf(body)?.source ?? '';

beforeAll(async () => {
  wire = await startWireServer({
    tokens: ['not', ' a', ' translation'],
    firstTokenDelayMs: 0,
    tokenDelayMs: 0,
    respond: (body) =>
      sourceOf(body).includes('GARBAGE')
        ? ['Sure! Here is', ' your translation: Lucy']
        : translatorAnswer(body),
    pace: (body) => {
      const source = sourceOf(body);
      if (source.includes('HANG')) return { firstTokenDelayMs: 30_000, tokenDelayMs: 0 };
      if (source.includes('SLOW')) return { firstTokenDelayMs: 400, tokenDelayMs: 10 };
      return undefined;
    },
    fail: (body) => {
      const source = sourceOf(body);
      if (source.includes('BROKEN')) return { status: 500, errorMessage: 'translator down' };
      if (source.includes('FLAKY') && flakyFailuresLeft > 0) {
        flakyFailuresLeft -= 1;
        return { status: 500, errorMessage: 'translator hiccup' };
      }
      return undefined;
    },
  });
  smtp = await startSmtp();
  const applications = path.join(mkdtempSync(path.join(tmpdir(), 'charchat-tr-')), 'apps.json');
  writeFileSync(
    applications,
    JSON.stringify([
      { id: 'charchat', name: 'CharChat' },
      { id: 'partner-tr', name: 'Partner', partner: { secret: partnerSecret } },
    ]),
  );
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      APPLICATIONS_FILE: applications,
      WORKER_QUEUES: 'translation',
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      TRANSLATION_TIMEOUT_MS: '1500',
      TRANSLATION_CONCURRENCY: '4',
    }),
  );
  premium = await signInMember(stack, smtp);
  await users.setRole(db(), premium.session.user.id, 'paid_premium');
  await forgetStanding(stack.app.deps, premium.session.user.id);
  free = await signInMember(stack, smtp);
  const adminEmail = `admin-${randomUUID()}@example.com`;
  const adminRow = await users.upsertMemberByEmail(db(), adminEmail);
  await users.setRole(db(), adminRow.id, 'admin');
  admin = await signInMember(stack, smtp, adminEmail);
  await forgetStanding(stack.app.deps, adminRow.id);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await wire.close();
});

/** A public Spanish chatbot; `marker` goes into its personality, where the wire server reads it. */
function spanishBot(marker = '', overrides: Parameters<typeof createCharacter>[1] = {}) {
  return createCharacter(db(), {
    name: 'Lucía',
    title: 'Profesora de español',
    persona: `Lucía es una profesora paciente. ${marker}`.trim(),
    scenario: '{{user}} conoce a {{char}} en Valencia.',
    greeting: 'Hola {{user}}, soy {{char}}.',
    dialogue: '<START>\n{{user}}: Hola\n{{char}}: ¡Hola!',
    language: 'es',
    ...overrides,
  });
}

function start(member: SignedInMember | null, id: string, language: unknown = 'en') {
  return inject({
    method: 'POST',
    url: `/api/characters/${id}/translations`,
    headers: member?.headers ?? {},
    payload: { language },
  });
}

function status(member: SignedInMember | null, id: string, language = 'en') {
  return inject({
    method: 'GET',
    url: `/api/characters/${id}/translations/${language}`,
    headers: member?.headers ?? {},
  });
}

/** Follows a run as the modal does, until it is done or failed; every status seen, in order. */
async function follow(member: SignedInMember, id: string): Promise<TranslationStatus[]> {
  const seen: TranslationStatus[] = [];
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const res = await status(member, id);
    expect(res.statusCode).toBe(200);
    const now = TranslationStatusSchema.parse(res.json());
    seen.push(now);
    if (now.state === 'done' || now.state === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`translation of ${id} did not end: ${JSON.stringify(seen.at(-1))}`);
}

async function profile(member: SignedInMember | null, id: string) {
  const res = await inject({
    method: 'GET',
    url: `/api/characters/${id}`,
    headers: member?.headers ?? { 'x-guest-id': newGuestId() },
  });
  expect(res.statusCode).toBe(200);
  return getCharacter.response.parse(res.json());
}

async function storedRow(id: string) {
  return db()
    .selectFrom('character_translations')
    .selectAll()
    .where('character_id', '=', id)
    .execute();
}

/** Translation requests the wire server received whose source held `text`. */
const requestsWith = (text: string) => wire.requests.filter((b) => sourceOf(b).includes(text));

describe('POST /api/characters/:id/translations', () => {
  it('translates name, title and definition through the text model, shown in the member’s chat language', async () => {
    const id = await spanishBot();
    const before = await profile(premium, id);
    expect(before.translation).toBeNull();
    expect(before.translatableTo).toBe('en');

    const res = await start(premium, id);
    expect(res.statusCode).toBe(200);
    expect(TranslationStatusSchema.parse(res.json())).toMatchObject({
      characterId: id,
      language: 'en',
      state: 'queued',
      progress: 0,
    });
    const seen = await follow(premium, id);
    expect(seen.at(-1)).toEqual({
      characterId: id,
      language: 'en',
      state: 'done',
      progress: 100,
      field: null,
      error: null,
    });
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const shown = await profile(premium, id);
    expect(shown.name).toBe('Lucía');
    expect(shown.translation).toEqual({
      language: 'en',
      name: 'Lucía (English)',
      title: 'Profesora de español (English)',
      greeting: 'Hola {{user}}, soy {{char}}. (English)',
      persona: 'Lucía es una profesora paciente. (English)',
      scenario: '{{user}} conoce a {{char}} en Valencia. (English)',
      dialogue: '<START>\n{{user}}: Hola\n{{char}}: ¡Hola! (English)',
    });
    // The model was asked field by field, from Spanish into English.
    const asked = wire.requests.filter((b) => translationRequestOf(b)?.source.includes('Lucía'));
    expect(asked.length).toBeGreaterThanOrEqual(2);
    for (const body of asked) expect(translationRequestOf(body)?.language).toBe('English');
  });

  it('shows a translation to every member of that chat language who sees the chatbot, its definition only where visible', async () => {
    const id = await spanishBot();
    await start(premium, id);
    expect((await follow(premium, id)).at(-1)?.state).toBe('done');

    // A free member reads it (translating is premium; reading is not) but is not offered Translate.
    const asFree = await profile(free, id);
    expect(asFree.translation?.name).toBe('Lucía (English)');
    expect(asFree.translatableTo).toBeNull();
    // A guest has no chat language, and a French member's language has no translation.
    expect((await profile(null, id)).translation).toBeNull();
    const french = await signInMember(stack, smtp);
    await db()
      .updateTable('users')
      .set({ chat_language: 'fr' })
      .where('id', '=', french.session.user.id)
      .execute();
    const asFrench = await profile(french, id);
    expect(asFrench.translation).toBeNull();
    expect(asFrench.translatableTo).toBeNull();

    // A hidden definition stays hidden in translation too.
    await db()
      .updateTable('characters')
      .set({ definition_visible: false })
      .where('id', '=', id)
      .execute();
    const hidden = await profile(free, id);
    expect(hidden.persona).toBeNull();
    expect(hidden.translation).toMatchObject({
      name: 'Lucía (English)',
      greeting: 'Hola {{user}}, soy {{char}}. (English)',
      persona: null,
      scenario: null,
      dialogue: null,
    });
  });

  it('tells the field being translated and the percent while it runs', async () => {
    const id = await spanishBot('SLOW');
    await start(premium, id);
    const seen = await follow(premium, id);
    const running = seen.filter((s) => s.state === 'translating');
    expect(running.length).toBeGreaterThan(0);
    for (const s of running) {
      expect(s.field).not.toBeNull();
      expect(s.progress).toBeGreaterThanOrEqual(5);
      expect(s.progress).toBeLessThan(100);
    }
    // The personality is the slow one: seen while the model works on it, past the fields before it.
    const onPersona = running.filter((s) => s.field === 'persona');
    expect(onPersona.length).toBeGreaterThan(0);
    for (const s of onPersona) expect(s.progress).toBeGreaterThan(5);
    expect(seen.at(-1)?.state).toBe('done');
  });

  it('answers a done translation as it stands, and makes it again once the chatbot is edited', async () => {
    const id = await spanishBot();
    await start(premium, id);
    await follow(premium, id);
    const asked = requestsWith('Valencia').length;

    const again = await start(premium, id);
    expect(TranslationStatusSchema.parse(again.json()).state).toBe('done');
    expect(requestsWith('Valencia').length).toBe(asked);

    await db()
      .updateTable('characters')
      .set({ title: 'Maestra de español', updated_at: new Date(Date.now() + 1000) })
      .where('id', '=', id)
      .execute();
    expect((await profile(premium, id)).translation).toBeNull();
    expect(TranslationStatusSchema.parse((await status(premium, id)).json()).state).toBe('none');
    await start(premium, id);
    expect((await follow(premium, id)).at(-1)?.state).toBe('done');
    expect((await profile(premium, id)).translation?.title).toBe('Maestra de español (English)');
  });
});

describe('who may translate', () => {
  it('refuses guests, free members, others’ private chatbots and blocked creators, by start and by status, writing nothing', async () => {
    const id = await spanishBot();
    const guest = await inject({
      method: 'POST',
      url: `/api/characters/${id}/translations`,
      headers: { 'x-guest-id': newGuestId() },
      payload: { language: 'en' },
    });
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
    expect((await status(null, id)).statusCode).toBe(401);

    for (const res of [await start(free, id), await status(free, id)]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.json()).code).toBe('translation_premium_required');
    }

    // Someone else's private chatbot does not exist for them, nor does its translation.
    const creator = await signInMember(stack, smtp);
    const secret = await spanishBot('', { creatorUserId: creator.session.user.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', secret)
      .execute();
    for (const res of [await start(premium, secret), await status(premium, secret)]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).code).toBe('character_not_found');
    }
    // Nor does a blocked creator's chatbot.
    const blockedBot = await spanishBot('', { creatorUserId: creator.session.user.id });
    await creatorBlocks.block(db(), premium.session.user.id, creator.session.user.id);
    expect((await start(premium, blockedBot)).statusCode).toBe(404);
    // Nor one that was never made.
    expect((await start(premium, randomUUID())).statusCode).toBe(404);

    // A premium creator's own private chatbot needs the private flag (staff, as rolled out).
    const own = await spanishBot('', { creatorUserId: premium.session.user.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', own)
      .execute();
    const ownRes = await start(premium, own);
    expect(ownRes.statusCode).toBe(403);
    expect(errorOf(ownRes.json()).code).toBe('translation_premium_required');

    for (const bot of [id, secret, blockedBot, own]) expect(await storedRow(bot)).toEqual([]);
  });

  it('refuses English chatbots and chatbots already in the language (spec §6)', async () => {
    const english = await createCharacter(db(), { language: 'en' });
    const french = await spanishBot('', { language: 'fr' });
    for (const [bot, language] of [
      [english, 'es'],
      [french, 'fr'],
    ] as const) {
      const res = await start(premium, bot, language);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res.json())).toMatchObject({ code: 'translation_unavailable' });
      expect(await storedRow(bot)).toEqual([]);
    }
    expect((await profile(premium, english)).translatableTo).toBeNull();
  });

  it('refuses members who come through a partner site, whatever their plan (spec §6)', async () => {
    const token = await new SignJWT({ id: `ext-${randomUUID()}` })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(partnerSecret));
    const headers = { authorization: `Bearer ${token}`, 'x-application-id': 'partner-tr' };
    const me = getMe.response.parse((await inject({ url: '/api/me', headers })).json());
    await users.setRole(db(), me.id, 'paid_premium');
    await forgetStanding(stack.app.deps, me.id);
    const id = await spanishBot();
    const res = await inject({
      method: 'POST',
      url: `/api/characters/${id}/translations`,
      headers,
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.json())).toMatchObject({
      code: 'translation_unavailable',
      details: { reason: 'partner' },
    });
    const seen = await inject({ url: `/api/characters/${id}`, headers });
    expect(getCharacter.response.parse(seen.json()).translatableTo).toBeNull();
    expect(await storedRow(id)).toEqual([]);
  });

  it('lets staff translate their own private chatbot', async () => {
    const own = await spanishBot('', { creatorUserId: admin.session.user.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', own)
      .execute();
    expect((await start(admin, own)).statusCode).toBe(200);
    expect((await follow(admin, own)).at(-1)?.state).toBe('done');
  });
});

describe('a model that fails', () => {
  it('fails a hanging run after the timeout, storing nothing, while other runs finish', async () => {
    const hanging = await spanishBot('HANG');
    const other = await spanishBot();
    await start(premium, hanging);
    await start(premium, other);
    const otherSeen = await follow(premium, other);
    expect(otherSeen.at(-1)?.state).toBe('done');
    const seen = await follow(premium, hanging);
    expect(seen.at(-1)).toMatchObject({
      state: 'failed',
      error: 'The text model did not answer in time. Try again.',
    });
    const [row] = await storedRow(hanging);
    expect(row).toMatchObject({ state: 'failed', name: null, persona: null, greeting: null });
    expect((await profile(premium, hanging)).translation).toBeNull();
  });

  it('fails a run the model answers with an error, saying so', async () => {
    const id = await spanishBot('BROKEN');
    await start(premium, id);
    expect((await follow(premium, id)).at(-1)).toMatchObject({
      state: 'failed',
      error: 'The text model is not available right now. Try again in a moment.',
    });
    expect((await profile(premium, id)).translation).toBeNull();
  });

  it('fails a run whose answer is not a translation, storing nothing', async () => {
    const id = await spanishBot('GARBAGE');
    await start(premium, id);
    expect((await follow(premium, id)).at(-1)).toMatchObject({
      state: 'failed',
      error:
        'The text model could not translate this chatbot: its answer was not a translation. Try again.',
    });
    const [row] = await storedRow(id);
    expect(row).toMatchObject({ state: 'failed', name: null, title: null, persona: null });
  });

  it('translates a failed chatbot when asked again (Try Again)', async () => {
    const id = await spanishBot('FLAKY');
    flakyFailuresLeft = 1;
    await start(premium, id);
    expect((await follow(premium, id)).at(-1)?.state).toBe('failed');
    const retried = await start(premium, id);
    expect(TranslationStatusSchema.parse(retried.json()).state).toBe('queued');
    expect((await follow(premium, id)).at(-1)?.state).toBe('done');
    expect((await profile(premium, id)).translation?.persona).toBe(
      'Lucía es una profesora paciente. FLAKY (English)',
    );
  });

  it('fails a run whose chatbot is edited meanwhile, keeping no text of the old version', async () => {
    const id = await spanishBot('SLOW');
    await start(premium, id);
    // Once it is translating, the worker has read the chatbot as it was.
    for (let i = 0; i < 200; i++) {
      const now = TranslationStatusSchema.parse((await status(premium, id)).json());
      if (now.state === 'translating') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await db()
      .updateTable('characters')
      .set({ title: 'Otra', updated_at: new Date(Date.now() + 1000) })
      .where('id', '=', id)
      .execute();
    expect((await follow(premium, id)).at(-1)).toMatchObject({
      state: 'failed',
      error: 'The chatbot was edited while it was being translated. Try again.',
    });
    expect((await storedRow(id))[0]?.name).toBeNull();
  });
});

describe('many at once', () => {
  it('ends 20 chatbots’ runs and the same chatbot asked twice at once, each once, none lost', async () => {
    const tag = randomUUID().slice(0, 8);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) => spanishBot(`[marca-${tag}-${String(i)}]`)),
    );
    const twice = await spanishBot(`doble-${tag}`);
    const answers = await Promise.all([
      ...ids.map((id) => start(premium, id)),
      start(premium, twice),
      start(premium, twice),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    const ends = await Promise.all([...ids, twice].map((id) => follow(premium, id)));
    for (const seen of ends) expect(seen.at(-1)?.state).toBe('done');
    for (const [i, id] of ids.entries()) {
      expect(requestsWith(`[marca-${tag}-${String(i)}]`)).toHaveLength(1);
      expect((await profile(premium, id)).translation?.persona).toBe(
        `Lucía es una profesora paciente. [marca-${tag}-${String(i)}] (English)`,
      );
    }
    // Asked twice at once, translated once: one run, one request per field.
    expect(requestsWith(`doble-${tag}`)).toHaveLength(1);
    expect(await storedRow(twice)).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('is a 400 naming the field: unknown or malformed languages, wrong types, NUL bytes, malformed ids', async () => {
    const id = await spanishBot();
    for (const language of ['xx', 'EN', 42, null, ['en'], 'en\u0000', '']) {
      const res = await start(premium, id, language);
      expect({ language, status: res.statusCode }).toEqual({ language, status: 400 });
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'language' });
    }
    const noBody = await inject({
      method: 'POST',
      url: `/api/characters/${id}/translations`,
      headers: premium.headers,
    });
    expect(noBody.statusCode).toBe(400);
    for (const [url, field] of [
      [`/api/characters/${id}/translations/xx`, 'language'],
      [`/api/characters/${id}/translations/en%00`, 'language'],
      ['/api/characters/not-a-uuid/translations/en', 'id'],
    ] as const) {
      const res = await inject({ method: 'GET', url, headers: premium.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    const badId = await start(premium, "1' OR '1'='1");
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId.json()).field).toBe('id');
    expect(await storedRow(id)).toEqual([]);
  });
});
