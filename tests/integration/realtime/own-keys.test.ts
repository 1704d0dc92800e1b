/**
 * Members' own OpenAI keys on the real path (issue 11, item 11): the profile's key and mode route a
 * member's replies to the operator's own-key endpoint (a local OpenAI-wire server) with their key;
 * hybrid falls back to the platform's model (another wire server) and records it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import * as ownKeys from '#server/db/repositories/own-keys.repo';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember } from '../../support/members';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, nextEvent, startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
/** The platform's model. */
let platform: WireServer;
/** The endpoint members' own keys go to (OWN_KEY_BASE_URL). */
let own: WireServer;
const goodKey = 'sk-own-good-0123456789abcdef';

beforeAll(async () => {
  smtp = await startSmtp();
  platform = await startWireServer();
  own = await startWireServer();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: platform.baseUrl,
      LLM_MODEL: 'platform-model',
      OWN_KEY_BASE_URL: own.baseUrl,
      OWN_KEY_MODEL: 'own-model',
    }),
  );
});
afterAll(async () => {
  await stack.close();
  await Promise.all([platform.close(), own.close(), smtp.close()]);
});
beforeEach(() => {
  platform.behaviour = { tokens: words(3, 'platform'), firstTokenDelayMs: 0, tokenDelayMs: 0 };
  own.behaviour = {
    tokens: words(3, 'own'),
    firstTokenDelayMs: 0,
    tokenDelayMs: 0,
    acceptKeys: [goodKey],
  };
});

/** A member whose profile holds `key` in `mode`, with a socket. */
async function memberWith(key: string | null, mode: 'disabled' | 'enabled' | 'hybrid') {
  const member = await signInMember(stack, smtp);
  const res = await stack.app.fastify.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: member.headers,
    payload: { openaiApiKey: key, ...(key === null ? {} : { openaiMode: mode }) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain(key ?? 'no key');
  const socket = await connectMember(stack.url, member.session.accessToken);
  return { member, socket };
}

async function chat(socket: Awaited<ReturnType<typeof memberWith>>['socket']) {
  const characterId = await createCharacter(stack.app.deps.db);
  const ack = await socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: 'Hello.',
  });
  if (!ack.ok) throw new Error(ack.error.code);
  return ack.data;
}

function requestModel(server: WireServer): unknown {
  const body = server.requests.at(-1);
  return typeof body === 'object' && body !== null && 'model' in body ? body.model : undefined;
}

describe('own OpenAI keys', () => {
  it('enabled: writes with the member key and model, and records it', async () => {
    const { socket } = await memberWith(goodKey, 'enabled');
    const ownCalls = own.requests.length;
    const platformCalls = platform.requests.length;
    const sent = await chat(socket);
    const done = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === sent.replyId,
    );
    expect(done.message.content).toBe('own1 own2 own3');
    expect(own.requests.length).toBe(ownCalls + 1);
    expect(own.keys.at(-1)).toBe(goodKey);
    expect(requestModel(own)).toBe('own-model');
    expect(platform.requests.length).toBe(platformCalls);
    expect(await ownKeys.findRoute(stack.app.deps.db, sent.replyId)).toEqual({ route: 'own_key' });
    socket.close();
  });

  it('enabled: a refused key fails the reply with own_key_rejected and stores nothing', async () => {
    const { socket } = await memberWith('sk-wrong-key-000000000000', 'enabled');
    const platformCalls = platform.requests.length;
    const sent = await chat(socket);
    const failed = await nextEvent(
      socket,
      'generation:failed',
      (p) => p.messageId === sent.replyId,
    );
    expect(failed.error.code).toBe('own_key_rejected');
    // Neither the key nor the upstream body that echoes it reaches the user.
    expect(JSON.stringify(failed)).not.toContain('sk-wrong');
    expect(failed.error.details).toBeUndefined();
    expect(platform.requests.length).toBe(platformCalls);
    expect(await messagesRepo.findById(stack.app.deps.db, sent.replyId)).toBeUndefined();
    socket.close();
  });

  it('enabled: a rate-limited account fails with own_key_rate_limited', async () => {
    own.behaviour = { ...own.behaviour, status: 429 };
    const { socket } = await memberWith(goodKey, 'enabled');
    const sent = await chat(socket);
    const failed = await nextEvent(
      socket,
      'generation:failed',
      (p) => p.messageId === sent.replyId,
    );
    expect(failed.error.code).toBe('own_key_rate_limited');
    socket.close();
  });

  it.each([
    ['a refused key', 'sk-wrong-key-111111111111', undefined, 'own_key_rejected'],
    ['a rate limit', goodKey, 429, 'own_key_rate_limited'],
    ['a server error', goodKey, 503, 'model_unavailable'],
  ] as const)(
    'hybrid: falls back to the platform on %s and records it',
    async (_, key, status, code) => {
      if (status !== undefined) own.behaviour = { ...own.behaviour, status };
      const { socket } = await memberWith(key, 'hybrid');
      const sent = await chat(socket);
      const done = await nextEvent(
        socket,
        'generation:completed',
        (p) => p.message.id === sent.replyId,
      );
      expect(done.message.content).toBe('platform1 platform2 platform3');
      expect(requestModel(platform)).toBe('platform-model');
      expect(await ownKeys.findRoute(stack.app.deps.db, sent.replyId)).toEqual({
        route: 'own_key_fallback',
        fallbackCode: code,
      });
      socket.close();
    },
  );

  it('disabled: the platform writes even with a key stored, and nothing is recorded', async () => {
    const { socket } = await memberWith(goodKey, 'disabled');
    const ownCalls = own.requests.length;
    const sent = await chat(socket);
    const done = await nextEvent(
      socket,
      'generation:completed',
      (p) => p.message.id === sent.replyId,
    );
    expect(done.message.content).toBe('platform1 platform2 platform3');
    expect(own.requests.length).toBe(ownCalls);
    expect(await ownKeys.findRoute(stack.app.deps.db, sent.replyId)).toBeNull();
    socket.close();
  });

  it("sends each member's own key with their replies when many chat at once", async () => {
    const keys = Array.from({ length: 5 }, (_, i) => `sk-own-many-${String(i)}-abcdefghijkl`);
    own.behaviour = { ...own.behaviour, acceptKeys: keys, tokenDelayMs: 5 };
    const members = await Promise.all(keys.map((key) => memberWith(key, 'enabled')));
    const before = own.keys.length;
    const sent = await Promise.all(members.map(({ socket }) => chat(socket)));
    await Promise.all(
      members.map(({ socket }, i) =>
        nextEvent(socket, 'generation:completed', (p) => p.message.id === sent[i]?.replyId),
      ),
    );
    expect(own.keys.slice(before).sort()).toEqual([...keys].sort());
    for (const { socket } of members) socket.close();
  });
});
