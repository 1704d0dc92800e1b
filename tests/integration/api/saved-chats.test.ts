/**
 * Recent Chats, Saved Chats, Change Title, remove, clone and the conversation file (issue 11, parts 4,
 * 5 and 13) on the real stack: pages of 25 after a last id, search, another member refused everywhere,
 * bad titles and bad files refused with nothing stored, and many clones at once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as groupsRepo from '#server/db/repositories/groups.repo';
import * as memories from '#server/db/repositories/memories.repo';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import {
  cloneConversation,
  ConversationPageSchema,
  importConversation,
} from '#shared/api/conversations';
import { conversationLimits } from '#shared/rules/conversation';
import {
  ConversationFileHeaderSchema,
  ConversationFileMemorySchema,
  ConversationFileMessageSchema,
} from '#shared/schemas/conversation-file';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf, multipart } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let owner: SignedInMember & { id: string };
let other: SignedInMember & { id: string };

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

async function member(): Promise<SignedInMember & { id: string }> {
  const signedIn = await signInMember(stack, smtp);
  const username = `u${randomBytes(6).toString('hex')}`;
  await users.completeOnboarding(db(), signedIn.session.user.id, { username, name: 'Tester' });
  return { ...signedIn, id: signedIn.session.user.id };
}

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  owner = await member();
  other = await member();
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

/**
 * A conversation of `userId` with `n` messages along one branch (bot first), plus one alternative of
 * the last bot reply when `withAlternative`.
 */
async function chat(
  userId: string,
  n: number,
  opts: { characterId?: string; label?: string; withAlternative?: boolean } = {},
) {
  const characterId = opts.characterId ?? (await createCharacter(db()));
  const conversation = await conversations.createTitled(db(), {
    userId,
    characterId,
    label: opts.label ?? null,
  });
  const ids: string[] = [];
  let prev: string | null = null;
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const content = `message ${String(i)}`;
    if (i % 2 === 0) {
      const reply = { id, conversation_id: conversation.id, prev_id: prev, role: 'bot' as const };
      await messages.storeReply(db(), { ...reply, content }, characterId);
    } else {
      await messages.appendUserMessage(db(), {
        conversationId: conversation.id,
        userId,
        characterId,
        message: { id, content },
      });
    }
    prev = id;
    ids.push(id);
  }
  let alternativeId: string | null = null;
  if (opts.withAlternative === true && n >= 2) {
    alternativeId = randomUUID();
    await messages.insertMany(db(), [
      {
        id: alternativeId,
        conversation_id: conversation.id,
        prev_id: ids[n - 2] ?? null,
        role: 'bot',
        content: 'an earlier take',
        is_alternative: true,
        created_at: new Date(),
      },
    ]);
  }
  return { characterId, conversationId: conversation.id, ids, alternativeId };
}

/**
 * Memories of a chat: an auto memory of its first two messages, a pinned auto memory of the next two,
 * and one the member wrote.
 */
async function withMemories(c: { conversationId: string; ids: string[] }) {
  const [m0 = '', m1 = '', m2 = '', m3 = ''] = c.ids;
  await memories.insertAuto(db(), {
    conversationId: c.conversationId,
    content: 'They met at the harbour.',
    messageIds: [m0, m1],
  });
  const pinned = await memories.insertAuto(db(), {
    conversationId: c.conversationId,
    content: 'The map is hidden in the lighthouse.',
    messageIds: [m2, m3],
  });
  if (pinned) await memories.update(db(), owner.id, pinned.id, { isPinned: true });
  await memories.createWithin(
    db(),
    c.conversationId,
    { content: 'My name is Ada.', isPinned: false },
    10,
  );
}

/** A conversation's memories as contents with the contents of their sources. */
async function memoryShapeOf(conversationId: string) {
  const rows = await messages.listAll(db(), conversationId);
  const contentOf = new Map(rows.map((r) => [r.id, r.content]));
  return (await memories.listAll(db(), conversationId))
    .map((m) => ({
      content: m.content,
      isPinned: m.isPinned,
      memoryType: m.memoryType,
      sources: m.sourceMessageIds.map((id) => contentOf.get(id) ?? 'elsewhere'),
    }))
    .sort((a, b) => a.content.localeCompare(b.content));
}

/** One line of a conversation file as plain data, for a test to change. */
const rawLine = (line: string) => z.record(z.string(), z.unknown()).parse(JSON.parse(line));

async function countConversations(userId: string): Promise<number> {
  const row = await db()
    .selectFrom('conversations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The messages of a conversation as links between contents, which a copy must keep. */
async function shapeOf(conversationId: string) {
  const rows = await messages.listAll(db(), conversationId);
  const contentOf = new Map(rows.map((r) => [r.id, r.content]));
  const conversation = await conversations.findById(db(), conversationId);
  return {
    head: contentOf.get(conversation?.lastMessageId ?? '') ?? null,
    messages: rows
      .map((r) => ({
        content: r.content,
        prev: r.prev_id === null ? null : (contentOf.get(r.prev_id) ?? 'elsewhere'),
        role: r.role,
        isAlternative: r.is_alternative,
      }))
      .sort((a, b) => a.content.localeCompare(b.content)),
  };
}

/**
 * A conversation of the owner with a group of two: greeting, message, a reply of each member. A
 * private group is the owner's own.
 */
async function groupChat(opts: { isPrivate?: boolean } = {}) {
  const members = [await createCharacter(db()), await createCharacter(db())];
  const [ada = '', bram = ''] = members;
  const groupId = await createCharacter(db(), {
    name: 'Duo',
    creatorUserId: opts.isPrivate === true ? owner.id : null,
  });
  await db()
    .updateTable('characters')
    .set({ type: 'meta', ...(opts.isPrivate === true ? { visibility: 'private' } : {}) })
    .where('id', '=', groupId)
    .execute();
  await groupsRepo.setGroup(db(), groupId, members, bram);
  const conversation = await conversations.createTitled(db(), {
    userId: owner.id,
    characterId: groupId,
    label: 'Tavern',
  });
  const lines = [
    { role: 'bot' as const, content: 'Welcome, traveller.', speaker: bram },
    { role: 'user' as const, content: 'Hello, both.', speaker: null },
    { role: 'bot' as const, content: 'Ada here.', speaker: ada },
    { role: 'bot' as const, content: 'Bram again.', speaker: bram },
  ];
  const ids = lines.map(() => randomUUID());
  await messages.insertMany(
    db(),
    lines.map((line, i) => ({
      id: ids[i] ?? '',
      conversation_id: conversation.id,
      prev_id: ids[i - 1] ?? null,
      role: line.role,
      content: line.content,
      sub_character_id: line.speaker,
      created_at: new Date(Date.now() + i),
    })),
  );
  await conversations.setHead(db(), {
    id: conversation.id,
    lastMessageId: ids[3] ?? '',
    messageCount: 4,
  });
  return { groupId, conversationId: conversation.id, ids, ada, bram };
}

/** A conversation's messages, oldest first, as content and speaker. */
const spokenIn = async (conversationId: string) =>
  (await messages.listAll(db(), conversationId)).map((m) => [m.content, m.sub_character_id]);

describe('GET /api/conversations and /api/characters/:id/conversations', () => {
  it('pages 25 at a time after last id, marking the end with isLastId', async () => {
    const user = await member();
    const characterId = await createCharacter(db());
    for (let i = 0; i < 27; i++)
      await chat(user.id, 1, { characterId, label: `Chat ${String(i)}` });
    const first = ConversationPageSchema.parse(
      (await inject({ url: '/api/conversations', headers: user.headers })).json(),
    );
    expect(first.items).toHaveLength(25);
    expect(first.items.map((c) => c.isLastId)).not.toContain(true);
    expect(first.items[0]?.label).toBe('Chat 26');
    const lastId = first.items[24]?.id ?? '';
    const second = ConversationPageSchema.parse(
      (await inject({ url: `/api/conversations?lastId=${lastId}`, headers: user.headers })).json(),
    );
    expect(second.items.map((c) => c.label)).toEqual(['Chat 1', 'Chat 0']);
    expect(second.items.map((c) => c.isLastId)).toEqual([false, true]);
    const perCharacter = ConversationPageSchema.parse(
      (
        await inject({
          url: `/api/characters/${characterId}/conversations?lastId=${lastId}`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(perCharacter.items).toHaveLength(2);
  });

  it('searches titles and chatbot names, taking % and _ literally, one character at a time', async () => {
    const user = await member();
    const nova = await createCharacter(db(), { name: 'Nova Pilot' });
    const testy = await createCharacter(db());
    await chat(user.id, 1, { characterId: nova });
    await chat(user.id, 1, { characterId: testy, label: 'Trip to the 100% moon' });
    await chat(user.id, 1, { characterId: testy, label: 'Another day' });
    const search = async (url: string) =>
      ConversationPageSchema.parse((await inject({ url, headers: user.headers })).json()).items;
    expect((await search('/api/conversations?search=nova')).map((c) => c.characterId)).toEqual([
      nova,
    ]);
    expect((await search('/api/conversations?search=100%25')).map((c) => c.label)).toEqual([
      'Trip to the 100% moon',
    ]);
    expect(await search('/api/conversations?search=_')).toEqual([]);
    const withTesty = await search(`/api/characters/${testy}/conversations`);
    expect(withTesty.map((c) => c.label)).toEqual(['Another day', 'Trip to the 100% moon']);
    expect(withTesty.at(-1)?.isLastId).toBe(true);
  });

  it('lists no one else’s chats', async () => {
    await chat(owner.id, 2);
    const theirs = ConversationPageSchema.parse(
      (await inject({ url: '/api/conversations', headers: other.headers })).json(),
    );
    for (const c of theirs.items) {
      expect((await conversations.findById(db(), c.id))?.userId).toBe(other.id);
    }
  });

  it('lists a guest’s own chats to that guest only, many guests at once', async () => {
    const guests = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const headers = { 'x-guest-id': newGuestId() };
        // The first request makes the guest; their chat is stored under that identity.
        expect((await inject({ url: '/api/conversations', headers })).statusCode).toBe(200);
        const user = await users.findByGuestId(db(), headers['x-guest-id']);
        if (user === undefined) throw new Error('the guest was not made');
        return { headers, chat: await chat(user.id, 2, { label: 'Guest trip' }) };
      }),
    );
    const pages = await Promise.all(
      guests.map(async ({ headers, chat: c }) => {
        const list = (url: string) =>
          inject({ url, headers }).then((r) => ConversationPageSchema.parse(r.json()).items);
        return {
          all: await list('/api/conversations'),
          saved: await list(`/api/characters/${c.characterId}/conversations`),
        };
      }),
    );
    pages.forEach(({ all, saved }, i) => {
      const own = guests[i]?.chat.conversationId;
      expect(all.map((c) => c.id)).toEqual([own]);
      expect(saved.map((c) => c.id)).toEqual([own]);
    });
    // Another member and another guest see none of them, even with the chatbot's own list.
    const first = guests[0]?.chat;
    if (first === undefined) throw new Error('no guest chat');
    for (const headers of [other.headers, { 'x-guest-id': newGuestId() }]) {
      const seen = await inject({
        url: `/api/characters/${first.characterId}/conversations`,
        headers,
      });
      expect(ConversationPageSchema.parse(seen.json()).items).toEqual([]);
    }
  });

  it('refuses a malformed guest id and a malformed last id with a 400', async () => {
    const badGuest = await inject({
      url: '/api/conversations',
      headers: { 'x-guest-id': 'x\u0000' },
    });
    expect(badGuest.statusCode).toBe(400);
    expect(errorOf(badGuest.json()).code).toBe('guest_id_invalid');
    const badLast = await inject({
      url: '/api/conversations?lastId=not-an-id',
      headers: { 'x-guest-id': newGuestId() },
    });
    expect(badLast.statusCode).toBe(400);
  });
});

describe('PUT /api/conversations/:id/label and DELETE /api/conversations/:id', () => {
  it('changes the title, refusing a blank or too long one and another member', async () => {
    const c = await chat(owner.id, 2, { label: 'Before' });
    const url = `/api/conversations/${c.conversationId}/label`;
    const ok = await inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { label: ' After ' },
    });
    expect(ok.json()).toEqual({ label: 'After' });
    for (const label of ['   ', 'x'.repeat(conversationLimits.title + 1), 42]) {
      const res = await inject({ method: 'PUT', url, headers: owner.headers, payload: { label } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'label' });
    }
    const theirs = await inject({
      method: 'PUT',
      url,
      headers: other.headers,
      payload: { label: 'Mine' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs.json()).code).toBe('conversation_not_found');
    expect((await conversations.findById(db(), c.conversationId))?.label).toBe('After');
  });

  it('removes the conversation with its messages, for its owner only', async () => {
    const c = await chat(owner.id, 3);
    const url = `/api/conversations/${c.conversationId}`;
    const theirs = await inject({ method: 'DELETE', url, headers: other.headers });
    expect(errorOf(theirs.json()).code).toBe('conversation_not_found');
    expect(await conversations.findById(db(), c.conversationId)).toBeDefined();
    const mine = await inject({ method: 'DELETE', url, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(await conversations.findById(db(), c.conversationId)).toBeUndefined();
    expect(await messages.listAll(db(), c.conversationId)).toEqual([]);
  });
});

describe('POST /api/conversations/:id/clone', () => {
  const clone = (id: string, payload: object, headers = owner.headers) =>
    inject({ method: 'POST', url: `/api/conversations/${id}/clone`, headers, payload });

  it('clones fully: every message and alternative under new ids, links kept, listed first', async () => {
    const c = await chat(owner.id, 4, { withAlternative: true });
    const res = await clone(c.conversationId, { title: 'Full copy' });
    const copy = cloneConversation.response.parse(res.json());
    expect(copy).toMatchObject({ label: 'Full copy', characterId: c.characterId, messageCount: 4 });
    expect(copy.lastMessage?.content).toBe('message 3');
    expect(await shapeOf(copy.id)).toEqual(await shapeOf(c.conversationId));
    const copied = await messages.listAll(db(), copy.id);
    expect(copied.filter((m) => c.ids.includes(m.id))).toEqual([]);
    const list = ConversationPageSchema.parse(
      (await inject({ url: '/api/conversations', headers: owner.headers })).json(),
    );
    expect(list.items[0]?.id).toBe(copy.id);
  });

  it('clones partially up to the chosen message, with the alternatives along the way', async () => {
    const c = await chat(owner.id, 6);
    const res = await clone(c.conversationId, { title: 'Part', lastMessageId: c.ids[2] });
    const copy = cloneConversation.response.parse(res.json());
    expect(copy.messageCount).toBe(3);
    expect(copy.lastMessage?.content).toBe('message 2');
    expect((await shapeOf(copy.id)).messages.map((m) => m.content)).toEqual([
      'message 0',
      'message 1',
      'message 2',
    ]);
    const withAlt = await chat(owner.id, 4, { withAlternative: true });
    const upToLast = cloneConversation.response.parse(
      (await clone(withAlt.conversationId, { title: 'Alt', lastMessageId: withAlt.ids[3] })).json(),
    );
    expect((await shapeOf(upToLast.id)).messages.map((m) => m.content)).toContain(
      'an earlier take',
    );
  });

  it('carries every memory on a full clone, linked to the copied messages', async () => {
    const c = await chat(owner.id, 6);
    await withMemories(c);
    const copy = cloneConversation.response.parse(
      (await clone(c.conversationId, { title: 'With memories' })).json(),
    );
    const shape = await memoryShapeOf(copy.id);
    expect(shape).toHaveLength(3);
    expect(shape).toEqual(await memoryShapeOf(c.conversationId));
    expect(shape.flatMap((m) => m.sources)).not.toContain('elsewhere');
  });

  it('carries on a partial clone only the auto memories whose messages are kept, plus pinned and own ones', async () => {
    const c = await chat(owner.id, 6);
    await withMemories(c);
    const copy = cloneConversation.response.parse(
      (await clone(c.conversationId, { title: 'Cut', lastMessageId: c.ids[2] })).json(),
    );
    expect(await memoryShapeOf(copy.id)).toEqual([
      { content: 'My name is Ada.', isPinned: false, memoryType: 'user', sources: [] },
      {
        content: 'The map is hidden in the lighthouse.',
        isPinned: true,
        memoryType: 'other',
        sources: ['message 2'],
      },
      {
        content: 'They met at the harbour.',
        isPinned: false,
        memoryType: 'other',
        sources: ['message 0', 'message 1'],
      },
    ]);
    const early = cloneConversation.response.parse(
      (await clone(c.conversationId, { title: 'Early', lastMessageId: c.ids[0] })).json(),
    );
    expect((await memoryShapeOf(early.id)).map((m) => m.content)).toEqual([
      'My name is Ada.',
      'The map is hidden in the lighthouse.',
    ]);
  });

  it('refuses a bad title, a message of another conversation and another member, storing nothing', async () => {
    const c = await chat(owner.id, 2);
    const elsewhere = await chat(owner.id, 2);
    const before = await countConversations(owner.id);
    for (const title of ['', '  ', 'x'.repeat(51)]) {
      const res = await clone(c.conversationId, { title });
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'title' });
    }
    const wrong = await clone(c.conversationId, { title: 'T', lastMessageId: elsewhere.ids[0] });
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong.json())).toMatchObject({ code: 'not_found', field: 'lastMessageId' });
    const theirs = await clone(c.conversationId, { title: 'Mine now' }, other.headers);
    expect(errorOf(theirs.json()).code).toBe('conversation_not_found');
    expect(await countConversations(owner.id)).toBe(before);
  });

  it('clones a group conversation partially, each bot message still naming its member', async () => {
    const g = await groupChat();
    const res = await clone(g.conversationId, { title: 'First round', lastMessageId: g.ids[2] });
    expect(res.statusCode, res.body).toBe(200);
    const copy = cloneConversation.response.parse(res.json());
    expect(copy).toMatchObject({ characterId: g.groupId, label: 'First round', messageCount: 3 });
    expect(copy.character.type).toBe('meta');
    expect(await spokenIn(copy.id)).toEqual([
      ['Welcome, traveller.', g.bram],
      ['Hello, both.', null],
      ['Ada here.', g.ada],
    ]);
    const full = cloneConversation.response.parse(
      (await clone(g.conversationId, { title: 'Whole evening' })).json(),
    );
    expect(await spokenIn(full.id)).toEqual(await spokenIn(g.conversationId));
  });

  it('refuses to clone another member’s group conversation, storing nothing', async () => {
    const g = await groupChat();
    const before = await countConversations(other.id);
    for (const payload of [{ title: 'Mine now' }, { title: 'Mine now', lastMessageId: g.ids[1] }]) {
      const theirs = await clone(g.conversationId, payload, other.headers);
      expect(theirs.statusCode).toBe(404);
      expect(errorOf(theirs.json()).code).toBe('conversation_not_found');
    }
    expect(await countConversations(other.id)).toBe(before);
  });

  it('makes one whole copy per request when many arrive at once', async () => {
    const c = await chat(owner.id, 5, { withAlternative: true });
    const shape = await shapeOf(c.conversationId);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clone(c.conversationId, { title: `Copy ${String(i)}` })),
    );
    const ids = results.map((r) => cloneConversation.response.parse(r.json()).id);
    expect(new Set(ids).size).toBe(8);
    for (const id of ids) expect(await shapeOf(id)).toEqual(shape);
  });
});

describe('conversation files: GET /api/conversations/:id/export and POST /api/conversations/import', () => {
  const exportOf = (id: string, headers = owner.headers) =>
    inject({ url: `/api/conversations/${id}/export`, headers });
  const importFile = (text: string | Uint8Array, headers = owner.headers) => {
    const body = multipart(
      'file',
      'chat.jsonl',
      typeof text === 'string' ? Buffer.from(text) : text,
      'application/x-ndjson',
    );
    return inject({
      method: 'POST',
      url: '/api/conversations/import',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };

  it('exports every message with alternatives as JSONL and imports it back as a new chat', async () => {
    const c = await chat(owner.id, 6, { withAlternative: true, label: 'Road trip' });
    const res = await exportOf(c.conversationId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(res.headers['content-disposition']).toContain('.jsonl');
    const lines = res.body.trimEnd().split('\n');
    expect(ConversationFileHeaderSchema.parse(JSON.parse(lines[0] ?? ''))).toMatchObject({
      characterId: c.characterId,
      label: 'Road trip',
      lastMessageId: c.ids[5],
    });
    const fileMessages = lines
      .slice(1)
      .map((l) => ConversationFileMessageSchema.parse(JSON.parse(l)));
    expect(fileMessages).toHaveLength(7);
    expect(fileMessages.filter((m) => m.isAlternative).map((m) => m.content)).toEqual([
      'an earlier take',
    ]);

    const imported = await importFile(res.body);
    expect(imported.statusCode).toBe(200);
    const copy = importConversation.response.parse(imported.json());
    expect(copy).toMatchObject({ characterId: c.characterId, label: 'Road trip', messageCount: 6 });
    expect(await shapeOf(copy.id)).toEqual(await shapeOf(c.conversationId));
  });

  it('carries the memories with the messages they came from through export and import', async () => {
    const c = await chat(owner.id, 6, { withAlternative: true });
    await withMemories(c);
    const file = (await exportOf(c.conversationId)).body;
    const memoryLines = file
      .trimEnd()
      .split('\n')
      .slice(1 + 7)
      .map((l) => ConversationFileMemorySchema.parse(JSON.parse(l)));
    expect(memoryLines.map((m) => m.sourceMessageIds.length)).toEqual([2, 2, 0]);
    const copy = importConversation.response.parse((await importFile(file)).json());
    expect(await memoryShapeOf(copy.id)).toEqual(await memoryShapeOf(c.conversationId));
    expect((await memoryShapeOf(copy.id)).flatMap((m) => m.sources)).not.toContain('elsewhere');
  });

  it('refuses bad memory lines and stores nothing of their file', async () => {
    const c = await chat(owner.id, 4);
    await withMemories(c);
    const lines = (await exportOf(c.conversationId)).body.trimEnd().split('\n');
    const memoryAt = lines.findIndex((l) => l.includes('"type":"memory"'));
    const spoiled = (change: (m: Record<string, unknown>) => object) =>
      lines.map((l, i) => (i === memoryAt ? JSON.stringify(change(rawLine(l))) : l)).join('\n');
    const before = await countConversations(other.id);
    const bad = [
      spoiled((m) => ({ ...m, sourceMessageIds: [randomUUID()] })),
      spoiled((m) => ({ ...m, content: 'x'.repeat(1001) })),
      spoiled((m) => ({ ...m, content: 'a\u0000b' })),
      spoiled((m) => ({ ...m, isPinned: 'yes' })),
      spoiled((m) => ({ ...m, memoryType: 'system' })),
      // The second memory names the first one's source too.
      lines
        .map((l, i) =>
          i === memoryAt + 1
            ? JSON.stringify({
                ...rawLine(l),
                sourceMessageIds: rawLine(lines[memoryAt] ?? '').sourceMessageIds,
              })
            : l,
        )
        .join('\n'),
      // A message line after a memory line.
      [...lines, lines[1] ?? ''].join('\n'),
    ];
    for (const file of bad) {
      const res = await importFile(file, other.headers);
      expect({ status: res.statusCode, code: errorOf(res.json()).code }).toEqual({
        status: 400,
        code: 'validation_failed',
      });
    }
    expect(await countConversations(other.id)).toBe(before);
  });

  it('refuses another member’s conversation and a guest', async () => {
    const c = await chat(owner.id, 2);
    expect(errorOf((await exportOf(c.conversationId, other.headers)).json()).code).toBe(
      'conversation_not_found',
    );
    const guest = await exportOf(c.conversationId, { 'x-guest-id': newGuestId() });
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
  });

  it('refuses bad files with a clear 4xx and stores nothing of them', async () => {
    const c = await chat(owner.id, 4, { withAlternative: true });
    const good = (await exportOf(c.conversationId)).body;
    const [head = '', ...rest] = good.trimEnd().split('\n');
    const header = rawLine(head);
    const privateBot = await createCharacter(db(), { creatorUserId: owner.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', privateBot)
      .execute();
    const withHeader = (h: object) => [JSON.stringify({ ...header, ...h }), ...rest].join('\n');
    const spoiled = (i: number, change: (m: Record<string, unknown>) => object) =>
      [head, ...rest.map((l, j) => (j === i ? JSON.stringify(change(rawLine(l))) : l))].join('\n');
    const before = await countConversations(other.id);
    const cases: [string | Uint8Array, number][] = [
      ['', 400],
      ['not json\n', 400],
      [Uint8Array.from([0xff, 0xfe, 0x00]), 400],
      [withHeader({ version: 2 }), 400],
      [withHeader({ lastMessageId: randomUUID() }), 400],
      [withHeader({ characterId: randomUUID() }), 404],
      [withHeader({ characterId: privateBot }), 404],
      [withHeader({ label: 'x'.repeat(51) }), 400],
      [spoiled(1, (m) => ({ ...m, prevId: randomUUID() })), 400],
      [
        spoiled(1, (m) => ({
          ...m,
          id: rest[0] ? String(rawLine(rest[0]).id) : '',
        })),
        400,
      ],
      [spoiled(2, (m) => ({ ...m, content: 'a\u0000b' })), 400],
      [spoiled(2, (m) => ({ ...m, role: 'system' })), 400],
      [spoiled(2, (m) => ({ ...m, content: 'x'.repeat(40_000) })), 400],
      [spoiled(2, (m) => ({ ...m, extra: true })), 400],
      [Buffer.alloc(conversationLimits.importBytes + 1, 0x20), 413],
    ];
    for (const [file, status] of cases) {
      const res = await importFile(file, other.headers);
      expect({ status: res.statusCode, body: res.body.slice(0, 200) }).toMatchObject({ status });
      expect(['validation_failed', 'character_not_found', 'payload_too_large']).toContain(
        errorOf(res.json()).code,
      );
    }
    expect(await countConversations(other.id)).toBe(before);
    // The owner's private chatbot is theirs to import into.
    const own = await importFile(withHeader({ characterId: privateBot }));
    expect(own.statusCode).toBe(200);
  });

  it('keeps each message’s speaker of a group chat through export and import', async () => {
    const g = await groupChat();
    const file = (await exportOf(g.conversationId)).body;
    const speakers = file
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((l) => ConversationFileMessageSchema.parse(JSON.parse(l)).subCharacterId);
    expect(speakers).toEqual([g.bram, null, g.ada, g.bram]);
    // Several members import the public group's chat at once; each copy keeps every speaker.
    const importers = [owner, other, await member()];
    const copies = await Promise.all(importers.map((m) => importFile(file, m.headers)));
    for (const res of copies) {
      expect(res.statusCode, res.body).toBe(200);
      const copy = importConversation.response.parse(res.json());
      expect(copy).toMatchObject({ characterId: g.groupId, messageCount: 4 });
      expect(await spokenIn(copy.id)).toEqual(await spokenIn(g.conversationId));
    }
  });

  it('writes a member who has left the group as no speaker, so the file imports back', async () => {
    const g = await groupChat();
    const cleo = await createCharacter(db());
    // Ada leaves the group; her message stays in the conversation.
    await groupsRepo.setGroup(db(), g.groupId, [g.bram, cleo], g.bram);
    const file = (await exportOf(g.conversationId)).body;
    const res = await importFile(file);
    expect(res.statusCode, res.body).toBe(200);
    const copy = importConversation.response.parse(res.json());
    expect(await spokenIn(copy.id)).toEqual([
      ['Welcome, traveller.', g.bram],
      ['Hello, both.', null],
      ['Ada here.', null],
      ['Bram again.', g.bram],
    ]);
  });

  it('refuses speakers outside the group, and another member’s private group, storing nothing', async () => {
    const g = await groupChat();
    const [head = '', ...rest] = (await exportOf(g.conversationId)).body.trimEnd().split('\n');
    const header = rawLine(head);
    const ownersPrivateBot = await createCharacter(db(), { creatorUserId: owner.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', ownersPrivateBot)
      .execute();
    const otherGroup = await groupChat();
    const plainBot = await createCharacter(db());
    const privateGroup = await groupChat({ isPrivate: true });
    const privateFile = (await exportOf(privateGroup.conversationId)).body;
    const withHeader = (h: object, lines = rest) =>
      [JSON.stringify({ ...header, ...h }), ...lines].join('\n');
    const spoken = (i: number, speaker: unknown) =>
      rest.map((l, j) =>
        j === i ? JSON.stringify({ ...rawLine(l), subCharacterId: speaker }) : l,
      );
    const before = await countConversations(other.id);
    const cases: [string, number, string][] = [
      [withHeader({}, spoken(2, ownersPrivateBot)), 400, 'Line 4: subCharacterId'],
      [withHeader({}, spoken(2, otherGroup.ada)), 400, 'Line 4: subCharacterId'],
      [withHeader({}, spoken(2, randomUUID())), 400, 'Line 4: subCharacterId'],
      [withHeader({}, spoken(2, 'ada')), 400, 'Line 4: subCharacterId'],
      [withHeader({}, spoken(1, g.ada)), 400, 'Line 3: subCharacterId'],
      [withHeader({ characterId: plainBot }), 400, 'Line 2: subCharacterId'],
      [privateFile, 404, ''],
    ];
    for (const [file, status, message] of cases) {
      const res = await importFile(file, other.headers);
      const error = errorOf(res.json());
      expect({ status: res.statusCode, field: error.field }).toEqual({
        status,
        field: status === 400 ? 'file' : undefined,
      });
      expect(error.message).toContain(message);
    }
    expect(await countConversations(other.id)).toBe(before);
    // A file without speakers (written before they were carried) still imports.
    const unspoken = rest.map((l) =>
      JSON.stringify(
        Object.fromEntries(Object.entries(rawLine(l)).filter(([k]) => k !== 'subCharacterId')),
      ),
    );
    const old = await importFile(withHeader({}, unspoken), other.headers);
    expect(old.statusCode, old.body).toBe(200);
    const copy = importConversation.response.parse(old.json());
    expect((await spokenIn(copy.id)).map(([, speaker]) => speaker)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('refuses more messages than the limit', async () => {
    const c = await chat(owner.id, 1);
    const [head = '', line = ''] = (await exportOf(c.conversationId)).body.trimEnd().split('\n');
    const message = rawLine(line);
    const lines = Array.from({ length: conversationLimits.importMessages + 1 }, () =>
      JSON.stringify({ ...message, id: randomUUID(), prevId: null }),
    );
    const res = await importFile([head, ...lines].join('\n'));
    expect(res.statusCode).toBe(413);
    expect(errorOf(res.json())).toMatchObject({ code: 'payload_too_large', field: 'file' });
  });
});
