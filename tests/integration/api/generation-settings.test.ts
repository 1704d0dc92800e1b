/**
 * Generation settings on the real stack (issue 11 §8): the operator's model registry, model select by
 * per-model permission, sampling within safe ranges for the tiers that have it, the context budget by
 * tier and model, and a real reply (tiny model) that runs with them and keeps its exact prompt.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getConversationContext,
  getGenerationSettings,
  getReplyPrompt,
  updateGenerationSettings,
} from '#shared/api/generation';
import type { Role } from '#shared/schemas/user';
import * as personas from '#server/db/repositories/personas.repo';
import { forgetStanding } from '#server/lib/member-standing';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import {
  connectGuest,
  connectMember,
  nextEvent,
  startStack,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

const models = [
  {
    id: 'standard',
    name: 'Standard',
    size: '260K',
    tokens: 2048,
    description: 'Everyone may use it.',
    tag: null,
    level: 0,
    permission: null,
    hideUnauthorized: false,
  },
  {
    id: 'long',
    name: 'Long Memory',
    size: '260K',
    tokens: 16384,
    description: 'For the 8K tier and up.',
    tag: 'New',
    level: 1,
    permission: '8k_context',
    hideUnauthorized: false,
  },
  {
    id: 'staff-only',
    name: 'Staff',
    size: '260K',
    tokens: 4096,
    description: 'Hidden from everyone else.',
    tag: null,
    level: 2,
    permission: 'image_training',
    hideUnauthorized: true,
  },
];

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charchat-models-'));
  const file = path.join(dir, 'models.json');
  writeFileSync(file, JSON.stringify(models));
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({ SMTP_URL: smtp.url, INFERENCE_MODELS_FILE: file, LLM_CONTEXT_SIZE: '1024' }),
  );
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

async function memberOf(role: Role): Promise<SignedInMember> {
  const email = `gen-${randomUUID()}@example.com`;
  const row = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, row.id, role);
  return signInMember(stack, smtp, email);
}

const put = (m: SignedInMember, payload: Record<string, unknown>) =>
  inject({ method: 'PUT', url: '/api/me/generation-settings', headers: m.headers, payload });
const get = async (m: SignedInMember) =>
  getGenerationSettings.response.parse(
    (await inject({ url: '/api/me/generation-settings', headers: m.headers })).json(),
  );
const storedRows = (userId: string) =>
  stack.app.deps.db
    .selectFrom('generation_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();

const platform = { maxNewTokens: 48, temperature: 0.8, topP: 0.95, topK: 40 };

describe('GET /api/me/generation-settings', () => {
  it('shows a free member the platform sampling, their models and the tier context per model', async () => {
    const view = await get(await memberOf('free_tier'));
    expect(view.settings).toEqual({ modelId: 'standard', ...platform });
    expect(view.mayTune).toBe(false);
    expect(view.models.map((m) => [m.id, m.isAuthorized, m.contextTokens])).toEqual([
      ['standard', true, 2048],
      ['long', false, 2048],
    ]);
  });

  it('gives each tier its context: 3072, 4096, 8192, and 16384 on a 16K model', async () => {
    const contextOf = async (role: Role) =>
      Object.fromEntries(
        (await get(await memberOf(role))).models.map((m) => [m.id, m.contextTokens]),
      );
    expect(await contextOf('paid_minimal')).toEqual({ standard: 2048, long: 3072 });
    expect(await contextOf('paid_basic')).toEqual({ standard: 2048, long: 4096 });
    expect(await contextOf('paid_premium')).toEqual({ standard: 2048, long: 16384 });
    expect(await contextOf('employee')).toEqual({
      standard: 2048,
      long: 16384,
      'staff-only': 4096,
    });
  });
});

describe('PUT /api/me/generation-settings', () => {
  it('saves a premium member their model and sampling', async () => {
    const m = await memberOf('paid_premium');
    const chosen = { modelId: 'long', maxNewTokens: 32, temperature: 1.25, topP: 0.5, topK: 0 };
    const res = await put(m, chosen);
    expect(res.statusCode).toBe(200);
    expect(updateGenerationSettings.response.parse(res.json()).settings).toEqual(chosen);
    expect((await get(m)).settings).toEqual(chosen);
  });

  it('lets a free member pick a model they may use but not change the sampling', async () => {
    const m = await memberOf('free_tier');
    expect((await put(m, { modelId: 'standard', ...platform })).statusCode).toBe(200);
    const tuned = await put(m, { modelId: 'standard', ...platform, temperature: 1.5 });
    expect(tuned.statusCode).toBe(403);
    expect(errorOf(tuned.json()).code).toBe('generation_settings_forbidden');
    const locked = await put(m, { modelId: 'long', ...platform });
    expect(errorOf(locked.json())).toMatchObject({ code: 'model_forbidden', field: 'modelId' });
    const hidden = await put(m, { modelId: 'staff-only', ...platform });
    expect(errorOf(hidden.json()).code).toBe('model_forbidden');
    const unknown = await put(m, { modelId: 'nope', ...platform });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown.json()).code).toBe('model_not_found');
    expect((await get(m)).settings).toEqual({ modelId: 'standard', ...platform });
  });

  it('applies the platform sampling again when a member drops to a tier without settings', async () => {
    const m = await memberOf('paid_basic');
    await put(m, { modelId: 'standard', ...platform, temperature: 1.9 });
    await users.setRole(stack.app.deps.db, m.session.user.id, 'free_tier');
    await forgetStanding(stack.app.deps, m.session.user.id);
    const again = await signInMember(stack, smtp, m.email);
    expect((await get(again)).settings.temperature).toBe(platform.temperature);
  });

  it('refuses values outside the safe ranges and wrong types, storing nothing', async () => {
    const m = await memberOf('paid_premium');
    const base = { modelId: 'standard', ...platform };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, temperature: 2.5 }, 'temperature'],
      [{ ...base, temperature: -0.1 }, 'temperature'],
      [{ ...base, topP: 0 }, 'topP'],
      [{ ...base, topK: 101 }, 'topK'],
      [{ ...base, topK: 1.5 }, 'topK'],
      [{ ...base, maxNewTokens: 4096 }, 'maxNewTokens'],
      [{ ...base, maxNewTokens: '64' }, 'maxNewTokens'],
      [{ ...base, modelId: 'a'.repeat(200) }, 'modelId'],
      [{ ...base, modelId: 'bad id/..' }, 'modelId'],
      [{ ...base, modelId: 'x\u0000y' }, 'modelId'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(m, payload);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res.json()), field).toMatchObject({ code: 'validation_failed', field });
    }
    expect(await storedRows(m.session.user.id)).toEqual([]);
  });

  it('keeps one row per member under many saves at once, and one member never changes another', async () => {
    const [a, b] = await Promise.all([memberOf('paid_premium'), memberOf('paid_premium')]);
    const saves = Array.from({ length: 12 }, (_, i) =>
      put(a, { modelId: 'standard', ...platform, topK: i }),
    );
    const results = await Promise.all(saves);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await storedRows(a.session.user.id);
    expect(rows).toHaveLength(1);
    expect((await get(a)).settings.topK).toBe(rows[0]?.top_k);
    expect(await storedRows(b.session.user.id)).toEqual([]);
    expect((await get(b)).settings).toEqual({ modelId: 'standard', ...platform });
  });
});

describe('a reply with the settings', () => {
  it('runs on the chosen model and budget, and keeps its prompt for the meter and the creator', async () => {
    const creator = await memberOf('paid_premium');
    const characterId = await createCharacter(stack.app.deps.db, {
      name: 'Pip',
      creatorUserId: creator.session.user.id,
    });
    expect(
      (await put(creator, { modelId: 'long', maxNewTokens: 16, temperature: 0, topP: 1, topK: 1 }))
        .statusCode,
    ).toBe(200);
    const socket = await connectMember(stack.url, creator.session.accessToken);
    const ack = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Tell me a story.',
    });
    if (!ack.ok) throw new Error(ack.error.code);
    const { conversationId, replyId } = ack.data;
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === replyId);
    socket.close();

    const stored = await stack.app.deps.db
      .selectFrom('messages')
      .select('token_count')
      .where('id', '=', replyId)
      .executeTakeFirstOrThrow();
    expect(stored.token_count).toBeLessThanOrEqual(16);

    const contextRes = await inject({
      url: `/api/conversations/${conversationId}/context`,
      headers: creator.headers,
    });
    const context = getConversationContext.response.parse(contextRes.json());
    expect(context.mayViewPrompt).toBe(true);
    // The premium tier's 16K on a 16K model, within the loaded model's 1024 tokens.
    expect(context.latest).toMatchObject({
      messageId: replyId,
      modelId: 'long',
      contextTokens: 1024,
    });
    expect(context.latest?.report.budgetTokens).toBe(1024 - 16);
    expect(context.latest?.report.leftOut.turns).toBe(0);

    const promptRes = await inject({
      url: `/api/messages/${replyId}/prompt`,
      headers: creator.headers,
    });
    const prompt = getReplyPrompt.response.parse(promptRes.json());
    expect(prompt.messages[0]?.role).toBe('system');
    expect(prompt.messages[0]?.content).toContain('Testy is a cheerful tester');
    expect(prompt.messages.at(-1)).toEqual({ role: 'user', content: 'Tell me a story.' });

    // Another member learns nothing of either; an admin opens the prompt.
    const stranger = await memberOf('paid_premium');
    const theirs = await inject({
      url: `/api/conversations/${conversationId}/context`,
      headers: stranger.headers,
    });
    expect(errorOf(theirs.json()).code).toBe('conversation_not_found');
    const peek = await inject({
      url: `/api/messages/${replyId}/prompt`,
      headers: stranger.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('cheerful');
    const admin = await memberOf('admin');
    const adminView = await inject({
      url: `/api/messages/${replyId}/prompt`,
      headers: admin.headers,
    });
    expect(getReplyPrompt.response.parse(adminView.json()).messages).toEqual(prompt.messages);
  });

  it('builds every reply of a chat from its owner, persona and whole branch, each message once', async () => {
    // The worker starts before the server has stored the message (the job carries it), so the first
    // reply of a new chat must still see the member's model, persona and greeting.
    const m = await memberOf('paid_premium');
    const persona = await personas.createWithin(
      stack.app.deps.db,
      m.session.user.id,
      {
        name: 'Mara',
        highlights: 'Mara is a sailor.',
        avatarUrl: '/uploads/mara.webp',
        isDefault: true,
      },
      10,
    );
    if (persona === 'full') throw new Error('persona limit');
    expect(
      (await put(m, { modelId: 'long', maxNewTokens: 16, temperature: 0, topP: 1, topK: 1 }))
        .statusCode,
    ).toBe(200);
    // Their own bot, so they may open its prompts.
    const characterId = await createCharacter(stack.app.deps.db, {
      name: 'Pip',
      creatorUserId: m.session.user.id,
    });
    const socket = await connectMember(stack.url, m.session.accessToken);
    const promptOf = async (replyId: string) =>
      getReplyPrompt.response.parse(
        (await inject({ url: `/api/messages/${replyId}/prompt`, headers: m.headers })).json(),
      );
    const contextOf = async (conversationId: string) =>
      getConversationContext.response.parse(
        (
          await inject({ url: `/api/conversations/${conversationId}/context`, headers: m.headers })
        ).json(),
      );
    const send = async (conversationId: string | null, content: string) => {
      const ack = await socket.emitWithAck('message:send', {
        characterId,
        conversationId,
        content,
      });
      if (!ack.ok) throw new Error(ack.error.code);
      const done = await nextEvent(
        socket,
        'generation:completed',
        (p) => p.message.id === ack.data.replyId,
      );
      return { ...ack.data, reply: done.message.content };
    };

    const first = await send(null, 'Ahoy.');
    const second = await send(first.conversationId, 'Where to?');
    socket.close();

    const opening = await promptOf(first.replyId);
    expect(opening.messages[0]?.content).toContain('Mara is a sailor.');
    expect(opening.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hello Mara, I am Pip.' },
      { role: 'user', content: 'Ahoy.' },
    ]);
    const next = await promptOf(second.replyId);
    expect(next.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hello Mara, I am Pip.' },
      { role: 'user', content: 'Ahoy.' },
      { role: 'assistant', content: first.reply },
      { role: 'user', content: 'Where to?' },
    ]);
    expect((await contextOf(first.conversationId)).latest).toMatchObject({
      messageId: second.replyId,
      modelId: 'long',
    });
  });

  it('does not open the prompt to the chatter of a bot they did not make', async () => {
    const chatter = await memberOf('free_tier');
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectMember(stack.url, chatter.session.accessToken);
    const ack = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Hi there.',
    });
    if (!ack.ok) throw new Error(ack.error.code);
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === ack.data.replyId);
    socket.close();
    const context = getConversationContext.response.parse(
      (
        await inject({
          url: `/api/conversations/${ack.data.conversationId}/context`,
          headers: chatter.headers,
        })
      ).json(),
    );
    expect(context.mayViewPrompt).toBe(false);
    expect(context.latest).toMatchObject({ modelId: 'standard', contextTokens: 1024 });
    const peek = await inject({
      url: `/api/messages/${ack.data.replyId}/prompt`,
      headers: chatter.headers,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('keeps the context meter from a guest, even of their own chat', async () => {
    const characterId = await createCharacter(stack.app.deps.db);
    const guestId = newGuestId();
    const headers = { 'x-guest-id': guestId };
    const socket = await connectGuest(stack.url, guestId);
    const ack = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Hi there.',
    });
    if (!ack.ok) throw new Error(ack.error.code);
    await nextEvent(socket, 'generation:completed', (p) => p.message.id === ack.data.replyId);
    socket.close();
    const { conversationId } = ack.data;
    // The chat is theirs to read; only its budget report is for members.
    const messages = await inject({
      url: `/api/conversations/${conversationId}/messages`,
      headers,
    });
    expect(messages.statusCode).toBe(200);
    const context = await inject({ url: `/api/conversations/${conversationId}/context`, headers });
    expect(context.statusCode).toBe(401);
    expect(errorOf(context.json()).code).toBe('sign_in_required');
    expect(context.body).not.toContain('budgetTokens');
  });
});
