/**
 * Bad input on the real stack: text PostgreSQL refuses (a NUL, a lone surrogate) in any field of any
 * request or socket command is a 400 validation_failed naming the field and stores nothing; malformed
 * ids in every route are 400/404/414, never 500; every error the framework raises (413, 414, 415, bad
 * JSON, unknown routes, requests Node's parser refuses, the /metrics and queue dashboard guards) has the
 * `{ error: { code, message } }` shape; and a burst of bad requests all get clean 4xx.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#shared/api/endpoint';
import { avatarMaxBytes } from '#shared/api/profile';
import { ErrorBodySchema, type AppErrorBody } from '#shared/errors';
import { defaultImageSettings } from '#shared/rules/images';
import { defaultVoiceId, speechDislikeReasons } from '#shared/rules/speech';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectGuest, type ClientSocket, type Stack, startStack } from '../../support/stack';

const metricsToken = 'metrics-token-for-bad-input-0123456789';
let stack: Stack;
let smtp: LocalSmtp;
let member: SignedInMember;
let admin: SignedInMember;
let characterId: string;
/** A chatbot the member made, for the update case. */
let ownCharacterId: string;
const sockets: ClientSocket[] = [];

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, METRICS_TOKEN: metricsToken }), {
    workers: false,
  });
  member = await signInMember(stack, smtp);
  const adminEmail = `admin-${randomUUID()}@example.com`;
  const adminRow = await users.upsertMemberByEmail(stack.app.deps.db, adminEmail);
  await users.setRole(stack.app.deps.db, adminRow.id, 'admin');
  admin = await signInMember(stack, smtp, adminEmail);
  characterId = await createCharacter(stack.app.deps.db);
  ownCharacterId = await createCharacter(stack.app.deps.db, {
    creatorUserId: member.session.user.id,
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack.close();
  await smtp.close();
});

/** The error of a response, asserting the product's error shape. */
function errorOfBody(body: string): AppErrorBody {
  return ErrorBodySchema.parse(JSON.parse(body)).error;
}

/** Everything a bad request could have written for these users. */
async function rowsOf(userIds: string[]) {
  const db = stack.app.deps.db;
  return {
    users: await db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', userIds)
      .orderBy('id')
      .execute(),
    conversations: await db
      .selectFrom('conversations')
      .select('id')
      .where('user_id', 'in', userIds)
      .execute(),
    sessions: await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', 'in', userIds)
      .execute(),
    restrictions: await db
      .selectFrom('restrictions')
      .select('id')
      .where('user_id', 'in', userIds)
      .execute(),
    banners: await db
      .selectFrom('banners')
      .selectAll()
      .where('created_by', 'in', userIds)
      .orderBy('id')
      .execute(),
    characters: await db
      .selectFrom('characters')
      .selectAll()
      .where('creator_user_id', 'in', userIds)
      .orderBy('id')
      .execute(),
    generationSettings: await db
      .selectFrom('generation_settings')
      .selectAll()
      .where('user_id', 'in', userIds)
      .execute(),
    personas: await db
      .selectFrom('personas')
      .selectAll()
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute(),
    orders: await db.selectFrom('orders').select('id').where('user_id', 'in', userIds).execute(),
    subscriptions: await db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', 'in', userIds)
      .execute(),
    billingProfiles: await db
      .selectFrom('billing_profiles')
      .selectAll()
      .where('user_id', 'in', userIds)
      .execute(),
    audit: await db
      .selectFrom('audit_log')
      .select('id')
      .where('target_user_id', 'in', userIds)
      .execute(),
  };
}

/** Every endpoint contract in shared/api, read from the folder so a new one is covered too. */
async function allEndpoints(): Promise<Endpoint[]> {
  const dir = fileURLToPath(new URL('../../../shared/api/', import.meta.url));
  const found: Endpoint[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const mod: unknown = await import(`${dir}${file}`);
    if (typeof mod !== 'object' || mod === null) continue;
    for (const value of Object.values(mod)) {
      if (isEndpoint(value)) found.push(value);
    }
  }
  return found;
}

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'response' in value &&
    typeof value.path === 'string' &&
    value.path.startsWith('/api/')
  );
}

const nul = (text: string) => `${text}\u0000`;
const loneSurrogate = (text: string) => `${text}\uD83D`;

/** A valid lorebook and entry, spoiled one field at a time. */
const lorebook = {
  name: 'Harbour Lore',
  description: 'Places and people of the harbour.',
  avatarUrl: `/uploads/lorebook-avatars/${randomUUID()}.webp`,
  tags: ['Fantasy', 'Adventure'],
};
const loreEntry = { name: 'Lighthouse', keywords: ['lighthouse'], content: 'It guides ships.' };

/**
 * A valid request per write endpoint (by `METHOD path`), and the fields to spoil one at a time. The
 * caller is a member or an admin; `target` is the member an admin acts on.
 */
function writeCases(targetId: string) {
  const email = `someone-${randomUUID()}@example.com`;
  const textStyle = { color: '#112233', size: 'md', weight: 'regular' };
  const banner = {
    name: 'Spring sale',
    placement: 'top',
    screens: ['home'],
    platforms: ['web'],
    title: 'Spring sale',
    titleStyle: textStyle,
    description: 'Until April.',
    descriptionStyle: textStyle,
    backgroundColor: '#000000',
    backgroundImageUrl: 'https://cdn.example.com/spring.png',
    additionalImageUrl: null,
    contentPlacement: 'center',
    actions: [
      {
        label: 'See plans',
        font: { size: 'md', weight: 'bold' },
        textColor: '#ffffff',
        backgroundColor: '#ff0066',
        shape: 'pill',
        placement: 'center',
        navigation: { type: 'internal', path: '/subscribe' },
      },
    ],
    closable: true,
    transitionTime: 200,
    startsAt: null,
    endsAt: null,
  };
  const chatbot = {
    name: 'Nova',
    title: 'A star pilot',
    greeting: 'Hello, cadet.',
    persona: 'Bold.',
    scenario: 'A starship bridge.',
    dialogue: '',
    avatarUrl: null,
    avatarIsNsfw: false,
    isNsfw: false,
    visibility: 'public',
    tags: ['Sci-Fi'],
    language: 'en',
    guidelines: true,
  };
  const persona = {
    avatarUrl: `/uploads/persona-avatars/${randomUUID()}.webp`,
    name: 'Nova',
    highlights: 'A calm pilot.',
    isDefault: false,
  };
  const order = {
    planId: 'premium-1m',
    offerId: 'standard',
    country: 'US',
    state: 'CA',
    postalCode: '94103',
    promoCode: 'WELCOME10',
  };
  const billing = { firstName: 'Ada', lastName: 'Lovelace', email };
  const chatbotFields = ['name', 'title', 'greeting', 'persona', 'scenario', 'dialogue', 'tags.0'];
  // Input is refused before any conversation is looked up, so ids of none will do.
  const messageUrl = `/api/conversations/${randomUUID()}/messages/${randomUUID()}`;
  return {
    'POST /api/characters': {
      as: 'member',
      url: '/api/characters',
      payload: chatbot,
      fields: chatbotFields,
    },
    'PUT /api/characters/:id': {
      as: 'member',
      url: `/api/characters/${ownCharacterId}`,
      payload: chatbot,
      fields: chatbotFields,
    },
    'PATCH /api/conversations/:id/messages/:messageId': {
      as: 'member',
      url: messageUrl,
      payload: { content: 'Hello there.' },
      fields: ['content'],
    },
    'PUT /api/conversations/:id/messages/:messageId/rating': {
      as: 'member',
      url: `${messageUrl}/rating`,
      payload: { level: 'Great', reasons: ['Funny'] },
      fields: ['level', 'reasons.0'],
    },
    'PUT /api/conversations/:id/messages/:messageId/speech-rating': {
      as: 'member',
      url: `${messageUrl}/speech-rating`,
      payload: { rating: 'dislike', reason: speechDislikeReasons[0] },
      fields: ['rating', 'reason'],
    },
    'POST /api/conversations/:id/messages/:messageId/image': {
      as: 'member',
      url: `${messageUrl}/image`,
      payload: { prompt: 'A lighthouse at dusk' },
      fields: ['prompt'],
    },
    'PUT /api/conversations/:id/messages/:messageId/image-rating': {
      as: 'member',
      url: `${messageUrl}/image-rating`,
      payload: { level: 'Great', reasons: ['Relevant'] },
      fields: ['level', 'reasons.0'],
    },
    'PUT /api/conversations/:id/image-settings': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/image-settings`,
      payload: { ...defaultImageSettings, promptSuffix: 'soft light', negativePrompt: 'blur' },
      fields: ['style', 'promptSuffix', 'negativePrompt'],
    },
    'POST /api/characters/:id/translations': {
      as: 'member',
      url: `/api/characters/${randomUUID()}/translations`,
      payload: { language: 'en' },
      fields: ['language'],
    },
    'PUT /api/conversations/:id/voice': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/voice`,
      payload: { voiceId: defaultVoiceId },
      fields: ['voiceId'],
    },
    'POST /api/conversations/:id/messages/:messageId/reports': {
      as: 'member',
      url: `${messageUrl}/reports`,
      payload: { label: 'Other', comment: 'It was rude.' },
      fields: ['label', 'comment'],
    },
    'PUT /api/characters/:id/rating': {
      as: 'member',
      url: `/api/characters/${ownCharacterId}/rating`,
      payload: { value: 'like' },
      fields: ['value'],
    },
    'POST /api/reports': {
      as: 'member',
      url: '/api/reports',
      payload: {
        characterId: ownCharacterId,
        userIssueType: 'Guidelines',
        userReportDetails: 'It breaks the guidelines.',
        userExpectedResolution: 'deleted',
      },
      fields: ['characterId', 'userIssueType', 'userReportDetails', 'userExpectedResolution'],
    },
    'PUT /api/admin/reports/:id': {
      as: 'admin',
      url: `/api/admin/reports/${randomUUID()}`,
      payload: { status: 'resolved' },
      fields: ['status'],
    },
    'POST /api/admin/moderation/:id': {
      as: 'admin',
      url: `/api/admin/moderation/${ownCharacterId}`,
      payload: { decision: 'reject', reasons: ['Misleading title'], action: 'Asked for a fix' },
      fields: ['reasons.0', 'action'],
    },
    'PUT /api/me/onboarding': {
      as: 'member',
      url: '/api/me/onboarding',
      payload: {
        username: `u${randomUUID().slice(0, 8)}`,
        name: 'Nova',
        email,
        isAdult: true,
        acceptsTerms: true,
        acceptsGuidelines: true,
      },
      fields: ['username', 'name', 'email'],
    },
    'PUT /api/me/interests': {
      as: 'member',
      url: '/api/me/interests',
      payload: { interests: ['female'] },
      fields: ['interests.0'],
    },
    'POST /api/users/external': {
      as: 'member',
      url: '/api/users/external',
      payload: { username: `p${randomUUID().slice(0, 8)}`, name: 'Patricia' },
      fields: ['username', 'name'],
    },
    'POST /api/me/email': {
      as: 'member',
      url: '/api/me/email',
      payload: { email },
      fields: ['email'],
    },
    'POST /api/me/email/verify': {
      as: 'member',
      url: '/api/me/email/verify',
      payload: { email, code: '123456' },
      fields: ['email', 'code'],
    },
    'POST /api/auth/email': {
      as: 'member',
      url: '/api/auth/email',
      payload: { email },
      fields: ['email'],
    },
    'POST /api/auth/email/verify': {
      as: 'member',
      url: '/api/auth/email/verify',
      payload: { email, code: '123456' },
      fields: ['email', 'code'],
    },
    'POST /api/age-verification/sessions': {
      as: 'member',
      url: '/api/age-verification/sessions',
      payload: { method: 'sandbox' },
      fields: ['method'],
    },
    'PATCH /api/me/profile': {
      as: 'member',
      url: '/api/me/profile',
      payload: {
        name: 'Nova',
        highlights: 'Loves space operas.',
        openaiApiKey: 'sk-test-1234567890',
        chatLanguage: 'en',
      },
      fields: ['name', 'highlights', 'openaiApiKey', 'chatLanguage'],
    },
    'PATCH /api/me/email-notifications': {
      as: 'member',
      url: '/api/me/email-notifications',
      payload: { missedReply: true },
      fields: ['missedReply'],
    },
    'PUT /api/me/generation-settings': {
      as: 'member',
      url: '/api/me/generation-settings',
      payload: { modelId: 'default', maxNewTokens: 48, temperature: 0.8, topP: 0.95, topK: 40 },
      fields: ['modelId'],
    },
    'PUT /api/conversations/:id/label': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/label`,
      payload: { label: 'Road trip' },
      fields: ['label'],
    },
    'POST /api/conversations/:id/clone': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/clone`,
      payload: { title: 'Road trip', lastMessageId: randomUUID() },
      fields: ['title', 'lastMessageId'],
    },
    'POST /api/personas': {
      as: 'member',
      url: '/api/personas',
      payload: persona,
      fields: ['avatarUrl', 'name', 'highlights', 'isDefault'],
    },
    'PUT /api/personas/:id': {
      as: 'member',
      url: `/api/personas/${randomUUID()}`,
      payload: { avatarUrl: persona.avatarUrl, name: persona.name, highlights: persona.highlights },
      fields: ['avatarUrl', 'name', 'highlights'],
    },
    'PUT /api/personas/choice': {
      as: 'member',
      url: '/api/personas/choice',
      payload: { isChoiceShown: false },
      fields: ['isChoiceShown'],
    },
    'PUT /api/conversations/:id/auto-response': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/auto-response`,
      payload: { isOn: true },
      fields: ['isOn'],
    },
    'PUT /api/conversations/:id/persona': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/persona`,
      payload: { personaId: randomUUID() },
      fields: ['personaId'],
    },
    'POST /api/conversations/:id/memories': {
      as: 'member',
      url: `/api/conversations/${randomUUID()}/memories`,
      payload: { content: 'Sam keeps a red umbrella.', isPinned: true },
      fields: ['content', 'isPinned'],
    },
    'PATCH /api/memories/:id': {
      as: 'member',
      url: `/api/memories/${randomUUID()}`,
      payload: { content: 'Sam keeps a red umbrella.', isPinned: true },
      fields: ['content', 'isPinned'],
    },
    'POST /api/lorebooks': {
      as: 'member',
      url: '/api/lorebooks',
      payload: { ...lorebook, guidelines: true, entries: [loreEntry] },
      fields: [
        'name',
        'description',
        'avatarUrl',
        'tags.0',
        'entries.0.name',
        'entries.0.keywords.0',
      ],
    },
    'PUT /api/lorebooks/:id': {
      as: 'member',
      url: `/api/lorebooks/${randomUUID()}`,
      payload: lorebook,
      fields: ['name', 'description', 'tags.1'],
    },
    'POST /api/lorebooks/:id/entries': {
      as: 'member',
      url: `/api/lorebooks/${randomUUID()}/entries`,
      payload: loreEntry,
      fields: ['name', 'keywords.0', 'content'],
    },
    'PUT /api/lorebooks/:id/entries/:entryId': {
      as: 'member',
      url: `/api/lorebooks/${randomUUID()}/entries/${randomUUID()}`,
      payload: loreEntry,
      fields: ['name', 'content'],
    },
    'POST /api/lorebooks/import': {
      as: 'member',
      url: '/api/lorebooks/import',
      payload: { spec: 'lorebook_v2', fileName: 'book.json', data: { entries: {} } },
      fields: ['spec', 'fileName'],
    },
    'PUT /api/admin/users/:id/role': {
      as: 'admin',
      url: `/api/admin/users/${targetId}/role`,
      payload: { role: 'premium' },
      fields: ['role'],
    },
    'POST /api/checkout/calculate': {
      as: 'member',
      url: '/api/checkout/calculate',
      payload: { ...order, email },
      fields: ['planId', 'offerId', 'email', 'country', 'state', 'postalCode', 'promoCode'],
    },
    'POST /api/checkout/subscribe': {
      as: 'member',
      url: '/api/checkout/subscribe',
      payload: { ...order, ...billing, idempotencyKey: randomUUID(), paymentToken: 'tok_x' },
      fields: ['planId', 'firstName', 'lastName', 'email', 'postalCode', 'paymentToken'],
    },
    'POST /api/checkout/:provider/new_payment': {
      as: 'member',
      url: '/api/checkout/paypal/new_payment',
      payload: { ...order, ...billing, idempotencyKey: randomUUID(), paymentOption: 'paypal' },
      fields: ['planId', 'firstName', 'lastName', 'paymentOption'],
    },
    'POST /api/checkout/abandon': {
      as: 'member',
      url: '/api/checkout/abandon',
      payload: { planId: 'premium-1m' },
      fields: ['planId'],
    },
    'POST /api/payments/sandbox/tokens': {
      as: 'member',
      url: '/api/payments/sandbox/tokens',
      payload: { number: '4242424242424242', exp: '12/40', cvc: '123' },
      fields: ['number', 'exp', 'cvc'],
    },
    'PUT /api/subscriptions/card': {
      as: 'member',
      url: '/api/subscriptions/card',
      payload: {
        action: 'change_card',
        orderId: randomUUID(),
        subscriptionId: randomUUID(),
        cardToken: 'tok_x',
      },
      fields: ['cardToken'],
    },
    'POST /api/admin/users/:id/restrictions': {
      as: 'admin',
      url: `/api/admin/users/${targetId}/restrictions`,
      payload: { type: 'shadowban', reason: 'Spam' },
      fields: ['type', 'reason'],
    },
    'POST /api/admin/banners': {
      as: 'admin',
      url: '/api/admin/banners',
      payload: banner,
      fields: ['name', 'title', 'description', 'actions.0.label', 'actions.0.navigation.path'],
    },
    'PUT /api/admin/banners/:id': {
      as: 'admin',
      url: `/api/admin/banners/${randomUUID()}`,
      payload: banner,
      fields: ['name', 'title', 'titleStyle.color', 'backgroundImageUrl'],
    },
  } as const;
}

/** The payload with one field (a dotted path) replaced by its spoiled value. */
function spoil(value: unknown, path: readonly string[], bad: (text: string) => string): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return bad(String(value));
  if (Array.isArray(value)) {
    return value.map((item: unknown, i) => (String(i) === key ? spoil(item, rest, bad) : item));
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, item]) => [k, k === key ? spoil(item, rest, bad) : item]),
  );
}

describe('text PostgreSQL refuses', () => {
  it('is a 400 naming the field in every write endpoint, and stores nothing', async () => {
    const cases = writeCases(member.session.user.id);
    const writes = (await allEndpoints()).filter((e) => e.body !== undefined);
    // Every write endpoint with a body has a case here, so a new one cannot go untested.
    expect(Object.keys(cases).sort()).toEqual(writes.map((e) => `${e.method} ${e.path}`).sort());

    const ids = [member.session.user.id, admin.session.user.id];
    for (const [name, c] of Object.entries(cases)) {
      const method = writes.find((e) => `${e.method} ${e.path}` === name)?.method;
      if (method === undefined) throw new Error(`no write endpoint ${name}`);
      for (const field of c.fields) {
        for (const bad of [nul, loneSurrogate]) {
          const before = await rowsOf(ids);
          const res = await inject({
            method,
            url: c.url,
            headers: {
              ...(c.as === 'admin' ? admin : member).headers,
              'content-type': 'application/json',
            },
            payload: JSON.stringify(spoil(c.payload, field.split('.'), bad)),
          });
          expect({ name, field, status: res.statusCode }).toEqual({ name, field, status: 400 });
          expect(errorOfBody(res.body)).toMatchObject({ code: 'validation_failed', field });
          expect(await rowsOf(ids)).toEqual(before);
        }
      }
    }
  });

  it('is refused in fields the contract does not know, in queries and in path parameters', async () => {
    const onboarding = writeCases(member.session.user.id)['PUT /api/me/onboarding'];
    const extra = await inject({
      method: 'PUT',
      url: onboarding.url,
      headers: member.headers,
      payload: { ...onboarding.payload, extra: { note: nul('hi') } },
    });
    expect(extra.statusCode).toBe(400);
    expect(errorOfBody(extra.body)).toMatchObject({
      code: 'validation_failed',
      field: 'extra.note',
    });

    for (const [url, field] of [
      ['/api/users/username-available?username=ab%00cd', 'username'],
      ['/api/admin/users?query=a%00', 'query'],
      ['/api/age-verification/sessions/%00/finalize', 'id'],
      ['/api/age-verification/sandbox/%00', 'id'],
    ] as const) {
      const method = url.endsWith('/finalize') ? 'POST' : 'GET';
      const res = await inject({ method, url, headers: admin.headers });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(errorOfBody(res.body)).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('is a 400 naming the field in socket commands, and a send leaves no conversation', async () => {
    const guestId = newGuestId();
    const socket = await connectGuest(stack.url, guestId);
    sockets.push(socket);
    const guest = await users.findByGuestId(stack.app.deps.db, guestId);
    if (!guest) throw new Error('the handshake made no guest');

    for (const bad of [nul, loneSurrogate]) {
      const sent = await socket.emitWithAck('message:send', {
        characterId,
        conversationId: null,
        content: bad('Hello there'),
      });
      expect(sent).toMatchObject({
        ok: false,
        error: { code: 'validation_failed', field: 'content' },
      });
    }
    for (const personaId of [nul('x'), 'not-a-uuid', 42]) {
      const sent = await socket.emitWithAck('message:send', {
        characterId,
        conversationId: null,
        content: 'Hello there',
        personaId,
      });
      expect(sent).toMatchObject({
        ok: false,
        error: { code: 'validation_failed', field: 'personaId' },
      });
    }
    const joined = await socket.emitWithAck('conversation:join', { conversationId: nul('x') });
    expect(joined).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', field: 'conversationId' },
    });
    expect((await rowsOf([guest.id])).conversations).toEqual([]);
  });
});

describe('display names', () => {
  it('refuse text-direction and invisible characters on sign-up and in the profile', async () => {
    const onboarding = writeCases(member.session.user.id)['PUT /api/me/onboarding'];
    const before = await rowsOf([member.session.user.id]);
    for (const name of ['\u202Enimda', 'No\u200Bva', 'Nova\u2066', '\u2060Nova']) {
      for (const [method, url, payload] of [
        ['PUT', onboarding.url, { ...onboarding.payload, name }],
        ['PATCH', '/api/me/profile', { name }],
      ] as const) {
        const res = await inject({ method, url, headers: member.headers, payload });
        expect(res.statusCode).toBe(400);
        expect(errorOfBody(res.body)).toEqual({
          code: 'validation_failed',
          field: 'name',
          message: 'Name cannot contain invisible or text-direction characters',
        });
      }
    }
    expect(await rowsOf([member.session.user.id])).toEqual(before);
  });
});

/** Path parameters that are not ids: malformed, hostile, undecodable, far too long. */
const garbageIds = [
  'not-a-uuid',
  '42',
  "1'%20OR%20'1'%3D'1",
  '..%2F..%2Fetc%2Fpasswd',
  '%ZZ',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-00000000000g',
  'x'.repeat(300),
];

/** Routes with path parameters that are not contracts (browser redirects and the sandbox page). */
const otherParamRoutes = [
  { method: 'GET', path: '/api/auth/oauth/:provider' },
  { method: 'GET', path: '/api/auth/oauth/:provider/callback' },
  { method: 'POST', path: '/api/auth/oauth/:provider/callback' },
  { method: 'GET', path: '/api/age-verification/sandbox/:id' },
  { method: 'POST', path: '/api/age-verification/sandbox/:id/:verdict' },
] as const;

describe('malformed ids', () => {
  it('are 400, 404 or 414 in every route, never a 500, always in the error shape', async () => {
    const routes = [...(await allEndpoints()), ...otherParamRoutes].filter((r) =>
      r.path.includes(':'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const seen: string[] = [];
    for (const route of routes) {
      const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
      for (const spoiled of names) {
        for (const id of garbageIds) {
          const url = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
            name === spoiled ? id : randomUUID(),
          );
          const res = await inject({ method: route.method, url, headers: admin.headers });
          const where = `${route.method} ${url.slice(0, 80)}`;
          expect({ where, ok: [400, 404, 414].includes(res.statusCode) }).toEqual({
            where,
            ok: true,
          });
          const code = errorOfBody(res.body).code;
          if (res.statusCode === 414) expect(code).toBe('uri_too_long');
          seen.push(`${String(res.statusCode)} ${code}`);
        }
      }
    }
    expect(new Set(seen)).toContain('400 validation_failed');
    expect(new Set(seen)).toContain('414 uri_too_long');
  });

  it('are 400 in queries and socket commands', async () => {
    for (const [url, field] of [
      ['/api/conversations?lastId=nope', 'lastId'],
      [`/api/characters/${characterId}/conversations?lastId=nope`, 'lastId'],
      [`/api/conversations?search=${'x'.repeat(101)}`, 'search'],
      [`/api/conversations/${randomUUID()}/messages?before=nope`, 'before'],
    ] as const) {
      const res = await inject({ url, headers: member.headers });
      expect(res.statusCode).toBe(400);
      expect(errorOfBody(res.body)).toMatchObject({ code: 'validation_failed', field });
    }
    const socket = await connectGuest(stack.url, newGuestId());
    sockets.push(socket);
    const sent = await socket.emitWithAck('message:send', {
      characterId: "1' OR '1'='1",
      conversationId: null,
      content: 'Hello',
    });
    expect(sent).toMatchObject({
      ok: false,
      error: { code: 'validation_failed', field: 'characterId' },
    });
  });
});

/** Sends raw bytes to the listening server and answers the raw response. */
function rawRequest(bytes: Buffer): Promise<string> {
  const { hostname, port } = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes));
    let response = '';
    socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
    socket.on('close', () => resolve(response));
    // The server may close before it has read a request it refused; its answer is what counts.
    socket.on('error', (err) => (response === '' ? reject(err) : resolve(response)));
  });
}

function parseRaw(response: string): { status: number; error: AppErrorBody } {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), error: errorOfBody(body) };
}

describe('framework errors', () => {
  it.each<[string, InjectOptions, number, string]>([
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/auth/email',
        payload: { email: `${'a'.repeat(1_100_000)}@example.com` },
      },
      413,
      'payload_too_large',
    ],
    [
      'a path parameter over the length limit',
      { method: 'GET', url: `/api/characters/${'a'.repeat(500)}` },
      414,
      'uri_too_long',
    ],
    [
      'an unsupported media type',
      {
        method: 'POST',
        url: '/api/auth/email',
        headers: { 'content-type': 'application/xml' },
        payload: '<email>a@example.com</email>',
      },
      415,
      'unsupported_media_type',
    ],
    [
      'an avatar that is not multipart',
      { method: 'POST', url: '/api/me/avatar', payload: { avatar: 'x' } },
      415,
      'unsupported_media_type',
    ],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/auth/email',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      },
      400,
      'validation_failed',
    ],
    [
      'an empty JSON body',
      {
        method: 'POST',
        url: '/api/auth/email',
        headers: { 'content-type': 'application/json' },
        payload: '',
      },
      400,
      'validation_failed',
    ],
    [
      'a prototype-poisoning body',
      {
        method: 'POST',
        url: '/api/auth/email',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true},"email":"a@example.com"}',
      },
      400,
      'validation_failed',
    ],
    [
      'a URL that does not decode',
      { method: 'GET', url: '/api/characters/%E0%A4%A' },
      400,
      'validation_failed',
    ],
    ['an unknown API route', { method: 'GET', url: '/api/nope' }, 404, 'not_found'],
    ['an unknown API method', { method: 'DELETE', url: '/api/characters' }, 404, 'not_found'],
    ['a scrape without the metrics token', { method: 'GET', url: '/metrics' }, 403, 'forbidden'],
    [
      'the queue dashboard without its cookie',
      { method: 'GET', url: '/admin/queues' },
      403,
      'forbidden',
    ],
    [
      "the queue dashboard's API without its cookie",
      { method: 'GET', url: '/admin/queues/api/queues' },
      403,
      'forbidden',
    ],
  ])('answers %s in the error shape', async (_what, request, status, code) => {
    const res = await inject({ ...request, headers: { ...member.headers, ...request.headers } });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(errorOfBody(res.body).code).toBe(code);
  });

  it('answers an avatar over its size limit with payload_too_large naming the field', async () => {
    const boundary = `----charchat${randomUUID()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await inject({
      method: 'POST',
      url: '/api/me/avatar',
      headers: { ...member.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(head),
        Buffer.alloc(avatarMaxBytes + 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(413);
    expect(errorOfBody(res.body)).toMatchObject({ code: 'payload_too_large', field: 'avatar' });
  });

  it('answers requests the HTTP parser refuses in the error shape', async () => {
    const request = (headers: string) =>
      Buffer.from(`GET /api/health HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`, 'latin1');
    expect(parseRaw(await rawRequest(request('User-Agent: a\u0000b\r\n')))).toMatchObject({
      status: 400,
      error: { code: 'validation_failed' },
    });
    expect(parseRaw(await rawRequest(request(`X-Big: ${'a'.repeat(20_000)}\r\n`)))).toMatchObject({
      status: 431,
      error: { code: 'headers_too_large' },
    });
    expect(parseRaw(await rawRequest(Buffer.from('NOT HTTP AT ALL\r\n\r\n')))).toMatchObject({
      status: 400,
      error: { code: 'validation_failed' },
    });
  });
});

describe('a burst of bad input', () => {
  it('gets 50 clean 4xx answers at once and stores nothing', async () => {
    const ids = [member.session.user.id];
    const before = await rowsOf(ids);
    const onboarding = writeCases(member.session.user.id)['PUT /api/me/onboarding'];
    const bad: { method: string; body: string; headers?: Record<string, string> }[] = [
      { method: 'PUT', body: JSON.stringify({ ...onboarding.payload, name: nul('Nova') }) },
      { method: 'PUT', body: '{"username":' },
      { method: 'PUT', body: JSON.stringify({ ...onboarding.payload, name: loneSurrogate('No') }) },
      { method: 'PUT', body: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { method: 'PUT', body: JSON.stringify({ ...onboarding.payload, name: '\u202Enimda' }) },
    ];
    const requests = Array.from({ length: 50 }, (_, i) => {
      const kind = i % 7;
      if (kind === 5) return fetch(`${stack.url}/api/characters/${garbageIds[i % 9] ?? ''}`);
      if (kind === 6) return fetch(`${stack.url}/api/characters/x${'y'.repeat(300)}`);
      const init = bad[kind];
      return fetch(`${stack.url}${onboarding.url}`, {
        method: init?.method,
        body: init?.body,
        headers: { 'content-type': 'application/json', ...member.headers, ...init?.headers },
      });
    });
    const socket = await connectGuest(stack.url, newGuestId());
    sockets.push(socket);
    const sends = Array.from({ length: 10 }, () =>
      socket.emitWithAck('message:send', {
        characterId,
        conversationId: null,
        content: nul('Hello'),
      }),
    );
    const responses = await Promise.all(requests);
    for (const res of responses) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(ErrorBodySchema.safeParse(await res.json()).success).toBe(true);
    }
    for (const ack of await Promise.all(sends)) {
      expect(ack).toMatchObject({ ok: false, error: { code: 'validation_failed' } });
    }
    expect(await rowsOf(ids)).toEqual(before);
  });
});
