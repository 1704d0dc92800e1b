/**
 * Text to speech through an OpenAI-compatible endpoint (issue 26 item 1), a local server speaking its
 * wire format (tests/support/speech-peer.ts): audio streams through; an endpoint that hangs, errors
 * or sends something that is not audio fails that one clip with speech_failed and its reason while
 * other clips keep coming; asking again retries.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { createCharacter } from '../../support/factories';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startSpeechPeer, type SpeechPeer } from '../../support/speech-peer';
import { startStack, type Stack } from '../../support/stack';
import { listen } from '../../support/wav';

let peer: SpeechPeer;
let stack: Stack;
let smtp: LocalSmtp;
let member: SignedInMember;
let characterId: string;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  peer = await startSpeechPeer();
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      WORKER_QUEUES: 'speech',
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: peer.baseUrl,
      SPEECH_MODEL: 'peer-tts',
      SPEECH_TIMEOUT_MS: '1500',
      SPEECH_CONCURRENCY: '4',
    }),
  );
  characterId = await createCharacter(stack.app.deps.db);
  member = await signInMember(stack, smtp);
  await users.setRole(stack.app.deps.db, member.session.user.id, 'paid_premium');
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await peer.close();
});

/** Asks for a new bot message saying `text` to be read aloud. */
async function hear(text: string) {
  const conversationId = randomUUID();
  const messageId = randomUUID();
  await messages.startConversation(stack.app.deps.db, {
    conversationId,
    userId: member.session.user.id,
    characterId,
    userPersonaId: null,
    greeting: { chosenId: messageId, all: [{ id: messageId, content: text }] },
    message: { id: randomUUID(), content: 'Hello' },
  });
  const url = `/api/conversations/${conversationId}/messages/${messageId}/speech`;
  const get = () => inject({ method: 'GET', url, headers: member.headers });
  return { first: await get(), again: get };
}

describe('speech through an OpenAI-compatible endpoint', () => {
  it('streams the endpoint’s audio, asking for WAV in the voice’s endpoint name', async () => {
    const { first } = await hear('Forty characters of a reply, read aloud.');
    expect(first.statusCode).toBe(200);
    const heard = listen(first.rawPayload);
    expect(heard.seconds).toBeCloseTo(40 * 0.05, 1);
    expect(heard.loudness).toBeGreaterThan(0.1);
    expect(peer.requests.at(-1)).toEqual({
      model: 'peer-tts',
      input: 'Forty characters of a reply, read aloud.',
      voice: 'onyx',
      response_format: 'wav',
    });
  });

  it('fails a hanging clip after the timeout while other clips keep coming', async () => {
    const started = Date.now();
    const hanging = hear('This one will HANG forever.');
    const others = await Promise.all([hear('A clip beside the hang.'), hear('Another clip.')]);
    const othersDone = Date.now();
    for (const other of others) expect(other.first.statusCode).toBe(200);
    const { first } = await hanging;
    expect(othersDone).toBeLessThan(Date.now());
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(first.statusCode).toBe(502);
    expect(errorOf(first.json())).toMatchObject({ code: 'speech_failed' });
    expect(errorOf(first.json()).message).toContain('no audio in time');
  });

  it('fails a clip the endpoint answers with an error, saying so', async () => {
    const { first } = await hear('This one is BROKEN.');
    expect(first.statusCode).toBe(502);
    expect(errorOf(first.json()).code).toBe('speech_failed');
    expect(errorOf(first.json()).message).toContain('answered 500');
  });

  it('fails a clip whose answer is not audio, saying so', async () => {
    const { first } = await hear('This one is GARBAGE.');
    expect(first.statusCode).toBe(502);
    expect(errorOf(first.json()).message).toContain('not WAV audio');
  });

  it('speaks a failed clip when asked again', async () => {
    const { first, again } = await hear('This one is FLAKY at first.');
    expect(first.statusCode).toBe(502);
    const retried = await again();
    expect(retried.statusCode).toBe(200);
    expect(listen(retried.rawPayload).loudness).toBeGreaterThan(0.1);
  });
});
