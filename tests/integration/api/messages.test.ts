/**
 * Operations on single messages (issue 11) against PostgreSQL and Redis: alternatives and adopting one,
 * edit, remove from a message on, star rating (locked once set) and message reports; another visitor
 * can do none of them, bad input is refused with nothing stored, and a busy conversation waits.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as users from '#server/db/repositories/users.repo';
import { getConversation, listMessages } from '#shared/api/conversations';
import { listAlternatives } from '#shared/api/messages';
import { MessageSchema } from '#shared/schemas/message';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorCode, errorOf } from '../../support/http';

let app: App;

beforeAll(async () => {
  app = await buildApp(testConfig());
});
afterAll(async () => {
  await app.fastify.close();
});

/**
 * A guest's conversation of `n` messages (bot first, alternating) on one branch, and `alternatives`
 * earlier replies set aside beside the last message when it is the bot's.
 */
async function conversationWith(n: number, alternatives = 0) {
  const db = app.deps.db;
  const guestId = newGuestId();
  const user = await users.upsertGuest(db, guestId);
  const characterId = await createCharacter(db);
  const conversation = await conversations.create(db, { userId: user.id, characterId });
  const ids: string[] = [];
  const base = Date.now() - 60_000;
  const insert = async (i: number, isAlternative: boolean) => {
    const id = randomUUID();
    await db
      .insertInto('messages')
      .values({
        id,
        conversation_id: conversation.id,
        prev_id: ids.at(isAlternative ? -2 : -1) ?? null,
        role: i % 2 === 0 ? 'bot' : 'user',
        content: `message ${String(i)}${isAlternative ? ' (earlier)' : ''}`,
        is_alternative: isAlternative,
        created_at: new Date(base + i * 1000 + (isAlternative ? 0 : 500)),
      })
      .execute();
    return id;
  };
  const alternativeIds: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i === n - 1 && i % 2 === 0) {
      // The earlier replies are siblings of the last one: inserted first, so they are older.
      for (let a = 0; a < alternatives; a++) {
        const id = randomUUID();
        await db
          .insertInto('messages')
          .values({
            id,
            conversation_id: conversation.id,
            prev_id: ids.at(-1) ?? null,
            role: 'bot',
            content: `earlier reply ${String(a)}`,
            is_alternative: true,
            created_at: new Date(base + i * 1000 + a),
          })
          .execute();
        alternativeIds.push(id);
      }
    }
    ids.push(await insert(i, false));
  }
  await db
    .updateTable('conversations')
    .set({ last_message_id: ids.at(-1) ?? null, message_count: n })
    .where('id', '=', conversation.id)
    .execute();
  return { guestId, characterId, conversationId: conversation.id, ids, alternativeIds };
}

const as = (guestId: string) => ({ 'x-guest-id': guestId });
const messageUrl = (conversationId: string, messageId: string, rest = '') =>
  `/api/conversations/${conversationId}/messages/${messageId}${rest}`;

async function branchOf(conversationId: string, guestId: string) {
  const res = await app.fastify.inject({
    url: `/api/conversations/${conversationId}/messages?limit=100`,
    headers: as(guestId),
  });
  return listMessages.response.parse(res.json()).items;
}

describe('alternatives', () => {
  it('lists the last reply with the ones set aside, oldest first, and adopts one', async () => {
    const c = await conversationWith(3, 2);
    const head = c.ids[2] ?? '';
    const res = await app.fastify.inject({
      url: messageUrl(c.conversationId, head, '/alternatives'),
      headers: as(c.guestId),
    });
    expect(res.statusCode).toBe(200);
    const { alternatives } = listAlternatives.response.parse(res.json());
    expect(alternatives.map((m) => m.id)).toEqual([...c.alternativeIds, head]);

    const chosen = c.alternativeIds[0] ?? '';
    const adopt = await app.fastify.inject({
      method: 'POST',
      url: messageUrl(c.conversationId, chosen, '/adopt'),
      headers: as(c.guestId),
    });
    expect(adopt.statusCode).toBe(200);
    expect(MessageSchema.parse(adopt.json()).id).toBe(chosen);
    const branch = await branchOf(c.conversationId, c.guestId);
    expect(branch.map((m) => m.id)).toEqual([c.ids[0], c.ids[1], chosen]);
    // The replaced reply is now an alternative: still listed beside the adopted one.
    const again = listAlternatives.response.parse(
      (
        await app.fastify.inject({
          url: messageUrl(c.conversationId, chosen, '/alternatives'),
          headers: as(c.guestId),
        })
      ).json(),
    );
    expect(again.alternatives.map((m) => m.id).sort()).toEqual([...c.alternativeIds, head].sort());
    // Adopting the current reply again changes nothing; a message of the branch is no alternative.
    const twice = await app.fastify.inject({
      method: 'POST',
      url: messageUrl(c.conversationId, chosen, '/adopt'),
      headers: as(c.guestId),
    });
    expect(twice.statusCode).toBe(200);
    const notSibling = await app.fastify.inject({
      method: 'POST',
      url: messageUrl(c.conversationId, c.ids[0] ?? '', '/adopt'),
      headers: as(c.guestId),
    });
    expect(notSibling.statusCode).toBe(404);
    expect(errorCode(notSibling.json())).toBe('message_not_found');
  });
});

describe('PATCH a message', () => {
  it('changes the text and keeps it through a reload', async () => {
    const c = await conversationWith(3);
    const res = await app.fastify.inject({
      method: 'PATCH',
      url: messageUrl(c.conversationId, c.ids[1] ?? ''),
      headers: as(c.guestId),
      payload: { content: '  I wave *shyly*.  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(MessageSchema.parse(res.json())).toMatchObject({ content: 'I wave *shyly*.' });
    const branch = await branchOf(c.conversationId, c.guestId);
    expect(branch[1]?.content).toBe('I wave *shyly*.');
  });

  it('refuses bad input and stores nothing', async () => {
    const c = await conversationWith(2);
    const url = messageUrl(c.conversationId, c.ids[1] ?? '');
    for (const payload of [
      { content: '' },
      { content: '   ' },
      { content: 'x'.repeat(4001) },
      { content: 'a\u0000b' },
      { content: 42 },
      {},
    ]) {
      const res = await app.fastify.inject({
        method: 'PATCH',
        url,
        headers: as(c.guestId),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed' });
    }
    const malformed = await app.fastify.inject({
      method: 'PATCH',
      url: messageUrl(c.conversationId, 'not-a-uuid'),
      headers: as(c.guestId),
      payload: { content: 'hi' },
    });
    expect(malformed.statusCode).toBe(400);
    const elsewhere = await conversationWith(2);
    const foreign = await app.fastify.inject({
      method: 'PATCH',
      url: messageUrl(c.conversationId, elsewhere.ids[1] ?? ''),
      headers: as(c.guestId),
      payload: { content: 'hi' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorCode(foreign.json())).toBe('message_not_found');
    expect((await branchOf(c.conversationId, c.guestId))[1]?.content).toBe('message 1');
    expect((await branchOf(elsewhere.conversationId, elsewhere.guestId))[1]?.content).toBe(
      'message 1',
    );
  });
});

describe('DELETE a message (remove messages mode)', () => {
  it('removes it, everything after it and their alternatives, and moves the head back', async () => {
    const c = await conversationWith(7, 2);
    const res = await app.fastify.inject({
      method: 'DELETE',
      url: messageUrl(c.conversationId, c.ids[3] ?? ''),
      headers: as(c.guestId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lastMessageId: c.ids[2] });
    expect((await branchOf(c.conversationId, c.guestId)).map((m) => m.id)).toEqual(
      c.ids.slice(0, 3),
    );
    const left = await app.deps.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', c.conversationId)
      .execute();
    expect(left).toHaveLength(3);
    const summary = getConversation.response.parse(
      (
        await app.fastify.inject({
          url: `/api/conversations/${c.conversationId}`,
          headers: as(c.guestId),
        })
      ).json(),
    );
    expect(summary).toMatchObject({ messageCount: 3, lastMessage: { content: 'message 2' } });
  });

  it('removes the last reply with its alternatives, and from the first message leaves none', async () => {
    const c = await conversationWith(3, 2);
    const last = await app.fastify.inject({
      method: 'DELETE',
      url: messageUrl(c.conversationId, c.ids[2] ?? ''),
      headers: as(c.guestId),
    });
    expect(last.json()).toEqual({ lastMessageId: c.ids[1] });
    const all = await app.fastify.inject({
      method: 'DELETE',
      url: messageUrl(c.conversationId, c.ids[0] ?? ''),
      headers: as(c.guestId),
    });
    expect(all.json()).toEqual({ lastMessageId: null });
    expect(await branchOf(c.conversationId, c.guestId)).toEqual([]);
  });

  it('refuses an alternative, waits while a reply is written, and is closed to others', async () => {
    const c = await conversationWith(3, 1);
    const alternative = await app.fastify.inject({
      method: 'DELETE',
      url: messageUrl(c.conversationId, c.alternativeIds[0] ?? ''),
      headers: as(c.guestId),
    });
    expect(errorCode(alternative.json())).toBe('message_not_found');

    const replyId = randomUUID();
    await app.deps.replies.claim(c.conversationId, replyId);
    const busy = await app.fastify.inject({
      method: 'DELETE',
      url: messageUrl(c.conversationId, c.ids[1] ?? ''),
      headers: as(c.guestId),
    });
    expect(busy.statusCode).toBe(409);
    expect(errorCode(busy.json())).toBe('conversation_busy');
    await app.deps.replies.release(c.conversationId, replyId);

    const intruder = newGuestId();
    for (const [method, rest] of [
      ['DELETE', ''],
      ['PATCH', ''],
      ['GET', '/alternatives'],
      ['POST', '/adopt'],
    ] as const) {
      const res = await app.fastify.inject({
        method,
        url: messageUrl(c.conversationId, c.ids[1] ?? '', rest),
        headers: as(intruder),
        ...(method === 'PATCH' ? { payload: { content: 'mine now' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(errorCode(res.json())).toBe('conversation_not_found');
    }
    expect(await branchOf(c.conversationId, c.guestId)).toHaveLength(3);
  });
});

describe('PUT a rating', () => {
  it('rates a bot message once; the first of many at once wins and the rest are locked out', async () => {
    const c = await conversationWith(3);
    const url = messageUrl(c.conversationId, c.ids[2] ?? '', '/rating');
    const levels = ['Great', 'Fantastic', 'Terrible', 'Bad', 'Great'] as const;
    const results = await Promise.all(
      levels.map((level) =>
        app.fastify.inject({
          method: 'PUT',
          url,
          headers: as(c.guestId),
          payload: { level, reasons: [] },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => errorCode(r.json()))).toEqual(
      Array(4).fill('message_rating_locked'),
    );
    const branch = await branchOf(c.conversationId, c.guestId);
    expect(branch[2]?.rating?.level).toBeDefined();
  });

  it('keeps the reasons that fit the level and refuses the rest', async () => {
    const c = await conversationWith(3);
    const url = messageUrl(c.conversationId, c.ids[2] ?? '', '/rating');
    for (const payload of [
      { level: 'Great', reasons: ['Repetitive'] },
      { level: 'Terrible', reasons: ['Funny'] },
      { level: 'Okay', reasons: [] },
      { level: 'Bad', reasons: ['Repetitive', 'Repetitive'] },
      { level: 'Bad' },
    ]) {
      const res = await app.fastify.inject({ method: 'PUT', url, headers: as(c.guestId), payload });
      expect(res.statusCode).toBe(400);
    }
    const ok = await app.fastify.inject({
      method: 'PUT',
      url,
      headers: as(c.guestId),
      payload: { level: 'Bad', reasons: ['Repetitive', 'Bad Memory'] },
    });
    expect(MessageSchema.parse(ok.json()).rating).toEqual({
      level: 'Bad',
      reasons: ['Repetitive', 'Bad Memory'],
    });
    const user = await app.fastify.inject({
      method: 'PUT',
      url: messageUrl(c.conversationId, c.ids[1] ?? '', '/rating'),
      headers: as(c.guestId),
      payload: { level: 'Great', reasons: [] },
    });
    expect(errorCode(user.json())).toBe('message_not_rateable');
    const intruder = await app.fastify.inject({
      method: 'PUT',
      url: messageUrl(c.conversationId, c.ids[0] ?? '', '/rating'),
      headers: as(newGuestId()),
      payload: { level: 'Great', reasons: [] },
    });
    expect(errorCode(intruder.json())).toBe('conversation_not_found');
    expect((await branchOf(c.conversationId, c.guestId))[0]?.rating).toBeNull();
  });
});

describe('POST a message report', () => {
  it('stores the label and comment with the message, conversation and character', async () => {
    const c = await conversationWith(3);
    const res = await app.fastify.inject({
      method: 'POST',
      url: messageUrl(c.conversationId, c.ids[2] ?? '', '/reports'),
      headers: as(c.guestId),
      payload: { label: 'Hate or harassment', comment: 'It insulted me.' },
    });
    expect(res.statusCode).toBe(200);
    const stored = await app.deps.db
      .selectFrom('message_reports')
      .selectAll()
      .where('message_id', '=', c.ids[2] ?? '')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      conversation_id: c.conversationId,
      character_id: c.characterId,
      label: 'Hate or harassment',
      comment: 'It insulted me.',
    });
  });

  it('refuses bad input and other visitors, storing nothing', async () => {
    const c = await conversationWith(2);
    const url = messageUrl(c.conversationId, c.ids[1] ?? '', '/reports');
    for (const payload of [
      { label: 'Because', comment: '' },
      { label: 'Other', comment: 'x'.repeat(251) },
      { label: 'Other', comment: 'a\u0000' },
      { comment: 'no label' },
    ]) {
      const res = await app.fastify.inject({
        method: 'POST',
        url,
        headers: as(c.guestId),
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const intruder = await app.fastify.inject({
      method: 'POST',
      url,
      headers: as(newGuestId()),
      payload: { label: 'Other' },
    });
    expect(errorCode(intruder.json())).toBe('conversation_not_found');
    const stored = await app.deps.db
      .selectFrom('message_reports')
      .select('id')
      .where('conversation_id', '=', c.conversationId)
      .execute();
    expect(stored).toEqual([]);
  });
});
