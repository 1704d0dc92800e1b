import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { getLatestConversation, listMessages } from '#shared/api/conversations';
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

/** A guest's conversation with `n` alternating messages stored along one branch. */
async function conversationWith(n: number) {
  const db = app.deps.db;
  const guestId = newGuestId();
  const user = await users.upsertGuest(db, guestId);
  const characterId = await createCharacter(db);
  const conversation = await conversations.create(db, { userId: user.id, characterId });
  let prev: string | null = null;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const content = `message ${String(i)}`;
    if (i % 2 === 0) {
      await messages.storeReply(
        db,
        { id, conversation_id: conversation.id, prev_id: prev, role: 'bot', content },
        characterId,
      );
    } else {
      await messages.appendUserMessage(db, {
        conversationId: conversation.id,
        userId: user.id,
        characterId,
        message: { id, content },
      });
    }
    prev = id;
    ids.push(id);
  }
  return { guestId, characterId, conversationId: conversation.id, ids };
}

const as = (guestId: string) => ({ 'x-guest-id': guestId });

describe('GET /api/conversations/:id/messages', () => {
  it('pages the branch backwards, each page in chat order', async () => {
    const c = await conversationWith(7);
    const first = listMessages.response.parse(
      (
        await app.fastify.inject({
          url: `/api/conversations/${c.conversationId}/messages?limit=3`,
          headers: as(c.guestId),
        })
      ).json(),
    );
    expect(first.items.map((m) => m.id)).toEqual(c.ids.slice(4));
    expect(first.hasMore).toBe(true);
    const second = listMessages.response.parse(
      (
        await app.fastify.inject({
          url: `/api/conversations/${c.conversationId}/messages?limit=3&before=${first.items[0]?.id ?? ''}`,
          headers: as(c.guestId),
        })
      ).json(),
    );
    expect(second.items.map((m) => m.id)).toEqual(c.ids.slice(1, 4));
    // Compared whole and unparsed, so no extra field may travel.
    const third: unknown = (
      await app.fastify.inject({
        url: `/api/conversations/${c.conversationId}/messages?limit=3&before=${second.items[0]?.id ?? ''}`,
        headers: as(c.guestId),
      })
    ).json();
    expect(third).toEqual({
      items: [expect.objectContaining({ id: c.ids[0], role: 'bot', prevId: null })],
      hasMore: false,
    });
  });

  it("answers conversation_not_found for another visitor's conversation", async () => {
    const c = await conversationWith(2);
    for (const url of [
      `/api/conversations/${c.conversationId}`,
      `/api/conversations/${c.conversationId}/messages`,
    ]) {
      const res = await app.fastify.inject({ url, headers: as(newGuestId()) });
      expect(res.statusCode).toBe(404);
      expect(errorCode(res.json())).toBe('conversation_not_found');
    }
  });

  it('asks for an identity without a guest id and rejects a malformed one', async () => {
    const c = await conversationWith(1);
    const none = await app.fastify.inject({ url: `/api/conversations/${c.conversationId}` });
    expect(none.statusCode).toBe(401);
    expect(errorCode(none.json())).toBe('sign_in_required');
    const bad = await app.fastify.inject({
      url: `/api/conversations/${c.conversationId}`,
      headers: as('abc'),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.json())).toMatchObject({ code: 'guest_id_invalid', field: 'x-guest-id' });
  });
});

describe('GET /api/conversations/:id', () => {
  it('returns the summary with its character and no reply in flight', async () => {
    const c = await conversationWith(3);
    const res = await app.fastify.inject({
      url: `/api/conversations/${c.conversationId}`,
      headers: as(c.guestId),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.conversationId,
      characterId: c.characterId,
      character: { id: c.characterId, name: 'Testy' },
      messageCount: 3,
      lastMessage: { content: 'message 2' },
      pending: null,
    });
  });
});

describe('GET /api/characters/:id/conversations/latest', () => {
  it("finds the caller's latest conversation with the character, or null", async () => {
    const c = await conversationWith(1);
    const mine = await app.fastify.inject({
      url: `/api/characters/${c.characterId}/conversations/latest`,
      headers: as(c.guestId),
    });
    expect(getLatestConversation.response.parse(mine.json()).conversation?.id).toBe(
      c.conversationId,
    );
    const other = await app.fastify.inject({
      url: `/api/characters/${c.characterId}/conversations/latest`,
      headers: as(newGuestId()),
    });
    expect(other.json()).toEqual({ conversation: null });
  });
});
