/**
 * Text to speech with the offline engine, for real (issue 26 item 1): a premium member hears a bot
 * message (its length and that it is not silence), from the cache the second time; anyone else gets
 * the upgrade path by every door, including the clip's stored URL; bad input is refused whole; and
 * 50 requests at once each get their clip, none lost, none spoken twice.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipIdOf } from '#server/services/speech.service';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { errorCode } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { listen } from '../../support/wav';

let stack: Stack;
let smtp: LocalSmtp;
let premium: SignedInMember;
let otherPremium: SignedInMember;
let free: SignedInMember;
let characterId: string;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

/** 300 characters of a reply. */
const reply300 =
  'The innkeeper leaned over the counter, rolled a carved bone die across the worn oak and grinned. ' +
  'Tonight, he said, the road to the northern pass is closed by snow, so you will have to trust the ' +
  "old smugglers' tunnel beneath the chapel. Bring a lantern, a rope and your bravest friend, and mind bears.";

async function premiumMember(): Promise<SignedInMember> {
  const member = await signInMember(stack, smtp);
  await users.setRole(stack.app.deps.db, member.session.user.id, 'paid_premium');
  return member;
}

/** A conversation of `member` whose greeting (a bot message) says `text`. */
async function botMessage(member: SignedInMember, text: string) {
  const conversationId = randomUUID();
  const greetingId = randomUUID();
  await messages.startConversation(stack.app.deps.db, {
    conversationId,
    userId: member.session.user.id,
    characterId,
    userPersonaId: null,
    greeting: { chosenId: greetingId, all: [{ id: greetingId, content: text }] },
    message: { id: randomUUID(), content: 'Hello' },
  });
  return { conversationId, messageId: greetingId };
}

const speechUrl = (ref: { conversationId: string; messageId: string }) =>
  `/api/conversations/${ref.conversationId}/messages/${ref.messageId}/speech`;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, WORKER_QUEUES: 'speech' }));
  characterId = await createCharacter(stack.app.deps.db);
  premium = await premiumMember();
  otherPremium = await premiumMember();
  free = await signInMember(stack, smtp);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

describe('GET /api/conversations/:id/messages/:messageId/speech', () => {
  it('reads a 300-character reply aloud with espeak-ng, then serves it from the cache', async () => {
    expect(reply300.length).toBe(300);
    const ref = await botMessage(premium, reply300);
    const res = await inject({ method: 'GET', url: speechUrl(ref), headers: premium.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const heard = listen(res.rawPayload);
    // About 50 words at 160 words a minute.
    expect(heard.seconds).toBeGreaterThan(10);
    expect(heard.seconds).toBeLessThan(40);
    expect(heard.loudness).toBeGreaterThan(0.02);

    const again = await inject({ method: 'GET', url: speechUrl(ref), headers: premium.headers });
    expect(again.statusCode).toBe(200);
    const cached = listen(again.rawPayload);
    expect(cached.seconds).toBeCloseTo(heard.seconds, 2);
    const clips = await stack.app.deps.db
      .selectFrom('speech_clips')
      .select('url')
      .where('id', '=', clipIdOf('espeak-ng', 'warm-narrator', reply300))
      .execute();
    expect(clips).toHaveLength(1);
  });

  it('reads in the voice set for the conversation: another clip', async () => {
    const ref = await botMessage(premium, 'A short line for a second voice.');
    const set = await inject({
      method: 'PUT',
      url: `/api/conversations/${ref.conversationId}/voice`,
      headers: premium.headers,
      payload: { voiceId: 'bright-guide' },
    });
    expect(set.json()).toEqual({ voiceId: 'bright-guide' });
    const res = await inject({ method: 'GET', url: speechUrl(ref), headers: premium.headers });
    expect(res.statusCode).toBe(200);
    expect(listen(res.rawPayload).loudness).toBeGreaterThan(0.02);
    const clip = await stack.app.deps.db
      .selectFrom('speech_clips')
      .select('voice_id')
      .where('id', '=', clipIdOf('espeak-ng', 'bright-guide', 'A short line for a second voice.'))
      .executeTakeFirst();
    expect(clip?.voice_id).toBe('bright-guide');
  });

  it('plays a voice sample to a premium member', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/voices/old-sage/sample',
      headers: premium.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(listen(res.rawPayload).seconds).toBeGreaterThan(1);
  });

  it('gives free members and guests the upgrade path, never the audio', async () => {
    const ref = await botMessage(free, 'Free members hear nothing of this.');
    const guest = { 'x-guest-id': newGuestId() };
    for (const headers of [free.headers, guest]) {
      const calls: InjectOptions[] = [
        { method: 'GET', url: speechUrl(ref), headers },
        { method: 'GET', url: '/api/voices/old-sage/sample', headers },
        {
          method: 'PUT',
          url: `/api/conversations/${ref.conversationId}/voice`,
          headers,
          payload: { voiceId: 'old-sage' },
        },
        {
          method: 'PUT',
          url: `${speechUrl(ref)}-rating`,
          headers,
          payload: { rating: 'love' },
        },
      ];
      for (const call of calls) {
        const res = await inject(call);
        expect(res.headers['content-type']).not.toBe('audio/wav');
        const code = errorCode(res.json());
        expect(['speech_premium_required', 'sign_in_required']).toContain(code);
        if (headers === free.headers) expect(code).toBe('speech_premium_required');
      }
    }
    const voices = await inject({ method: 'GET', url: '/api/voices', headers: free.headers });
    expect(voices.json<{ voices: unknown[] }>().voices).toHaveLength(5);
  });

  it('never hands out a stored clip by its URL, to anyone', async () => {
    const ref = await botMessage(premium, 'A clip whose file someone guesses.');
    expect(
      (await inject({ method: 'GET', url: speechUrl(ref), headers: premium.headers })).statusCode,
    ).toBe(200);
    const clip = await stack.app.deps.db
      .selectFrom('speech_clips')
      .select('url')
      .where(
        'id',
        '=',
        clipIdOf('espeak-ng', 'warm-narrator', 'A clip whose file someone guesses.'),
      )
      .executeTakeFirstOrThrow();
    expect(clip.url).toMatch(/^\/uploads\/speech\/[0-9a-f-]{36}\.wav$/);
    for (const headers of [premium.headers, free.headers, {}]) {
      const res = await inject({ method: 'GET', url: clip.url, headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).not.toBe('audio/wav');
    }
  });

  it("refuses another member's message as missing", async () => {
    const ref = await botMessage(premium, 'Only mine to hear.');
    const res = await inject({ method: 'GET', url: speechUrl(ref), headers: otherPremium.headers });
    expect(res.statusCode).toBe(404);
    expect(errorCode(res.json())).toBe('conversation_not_found');
    const rate = await inject({
      method: 'PUT',
      url: `${speechUrl(ref)}-rating`,
      headers: otherPremium.headers,
      payload: { rating: 'like' },
    });
    expect(errorCode(rate.json())).toBe('conversation_not_found');
  });

  it('refuses bad input whole: malformed ids, unknown voices, a dislike without a reason', async () => {
    const ref = await botMessage(premium, 'Bad input changes nothing.');
    const bad: InjectOptions[] = [
      { method: 'GET', url: `/api/conversations/not-a-uuid/messages/${ref.messageId}/speech` },
      { method: 'GET', url: '/api/voices/nobody/sample' },
      {
        method: 'PUT',
        url: `/api/conversations/${ref.conversationId}/voice`,
        payload: { voiceId: 'x\u0000' },
      },
      {
        method: 'PUT',
        url: `/api/conversations/${ref.conversationId}/voice`,
        payload: { voiceId: 7 },
      },
      { method: 'PUT', url: `${speechUrl(ref)}-rating`, payload: { rating: 'dislike' } },
      {
        method: 'PUT',
        url: `${speechUrl(ref)}-rating`,
        payload: { rating: 'dislike', reason: 'Sounds robotic\u0000' },
      },
      {
        method: 'PUT',
        url: `${speechUrl(ref)}-rating`,
        payload: { rating: 'like', reason: 'x'.repeat(10_000) },
      },
    ];
    for (const call of bad) {
      const res = await inject({ ...call, headers: premium.headers });
      expect(res.statusCode, JSON.stringify(call.url)).toBe(400);
      expect(errorCode(res.json())).toBe('validation_failed');
    }
    const voice = await inject({
      method: 'GET',
      url: `/api/conversations/${ref.conversationId}/voice`,
      headers: premium.headers,
    });
    expect(voice.json()).toEqual({ voiceId: 'warm-narrator' });
    const ratings = await stack.app.deps.db
      .selectFrom('speech_ratings')
      .select('rating')
      .where('message_id', '=', ref.messageId)
      .execute();
    expect(ratings).toEqual([]);
  });

  it('keeps one speech rating per member and message: like, dislike with a reason, love', async () => {
    const ref = await botMessage(premium, 'Rate how I sound.');
    const url = `${speechUrl(ref)}-rating`;
    for (const payload of [
      { rating: 'like' },
      { rating: 'dislike', reason: 'Sounds robotic' },
      { rating: 'love' },
    ]) {
      const res = await inject({ method: 'PUT', url, headers: premium.headers, payload });
      expect(res.json()).toEqual(payload);
    }
    const rows = await stack.app.deps.db
      .selectFrom('speech_ratings')
      .select(['rating', 'value', 'reason'])
      .where('message_id', '=', ref.messageId)
      .execute();
    expect(rows).toEqual([{ rating: 'love', value: 5, reason: null }]);
  });

  it('answers 50 requests at once: each gets its audio, each clip spoken once', async () => {
    const started = Date.now() - 1000;
    const refs = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        botMessage(premium, `Line number ${String(i)} of the crowd.`),
      ),
    );
    const results = await Promise.all(
      [...refs, ...refs].map((ref) =>
        inject({ method: 'GET', url: speechUrl(ref), headers: premium.headers }),
      ),
    );
    for (const res of results) {
      expect(res.statusCode).toBe(200);
      expect(listen(res.rawPayload).loudness).toBeGreaterThan(0.02);
    }
    const ids = refs.map((_, i) =>
      clipIdOf('espeak-ng', 'warm-narrator', `Line number ${String(i)} of the crowd.`),
    );
    const clips = await stack.app.deps.db
      .selectFrom('speech_clips')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    expect(clips).toHaveLength(25);
    // No clip was stored twice: every file written meanwhile is a recorded clip's.
    const written = (await stack.app.deps.storage.list('speech')).filter(
      (f) => f.modifiedAt.getTime() >= started,
    );
    const recorded = new Set(
      (await stack.app.deps.db.selectFrom('speech_clips').select('url').execute()).map(
        (c) => c.url,
      ),
    );
    expect(written.filter((f) => !recorded.has(f.url))).toEqual([]);
  });
});
