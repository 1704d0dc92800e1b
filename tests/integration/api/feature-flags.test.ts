/**
 * Flags tell the truth (issue 7 §16): whatever the operator's applications file or a member's tier
 * switches on, GET /api/app-settings and GET /api/me report a flag as on only where its feature exists.
 * A flag that is off closes its feature on the server too: the lorebook routes, and for group chats
 * (issue 12) every group route and command and every call naming a group or a group's conversation.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getAppSettings } from '#shared/api/applications';
import { buildPath, type Endpoint } from '#shared/api/endpoint';
import * as authoringApi from '#shared/api/authoring';
import * as charactersApi from '#shared/api/characters';
import * as groupChatsApi from '#shared/api/group-chats';
import { listLibraryTags } from '#shared/api/library';
import * as lorebookApi from '#shared/api/lorebooks';
import { SessionSchema, getMe } from '#shared/api/auth';
import type { Role } from '#shared/schemas/user';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as groupsRepo from '#server/db/repositories/groups.repo';
import * as libraryRepo from '#server/db/repositories/library.repo';
import * as memoriesRepo from '#server/db/repositories/memories.repo';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { createCharacter, newGuestId } from '../../support/factories';
import { signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectGuest, connectMember, startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'charchat-flags-'));
  const file = path.join(dir, 'applications.json');
  writeFileSync(
    file,
    JSON.stringify([
      {
        id: 'charchat',
        name: 'CharChat',
        featureFlags: {
          lorebook: true,
          groupchat: true,
          create_v2: true,
          generation_settings: true,
          onboarding_v2: true,
          nav_v2: false,
        },
      },
      // An application that switches lorebooks off, and one that switches group chats off.
      { id: 'no-lore', name: 'No Lore', featureFlags: { lorebook: false } },
      { id: 'no-groups', name: 'No Groups', featureFlags: { groupchat: false } },
    ]),
  );
  smtp = await startSmtp();
  stack = await startStack(testConfig({ APPLICATIONS_FILE: file, SMTP_URL: smtp.url }), {
    workers: false,
  });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

/** A member of `role`, signed in with the emailed code; answers their access token. */
async function signIn(role: Role): Promise<string> {
  const email = `flags-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, user.id, role);
  await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
  const { code } = signInSecrets(await smtp.nextMailTo(email));
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
  });
  return SessionSchema.parse(res.json()).accessToken;
}

describe('GET /api/app-settings', () => {
  it('reports the flags of features not built as off, even when the operator switched them on', async () => {
    const res = await inject({ url: '/api/app-settings' });
    expect(res.statusCode).toBe(200);
    const settings = getAppSettings.response.parse(res.json());
    expect(settings.featureFlags).toEqual({
      lorebook: true,
      groupchat: true,
      create_v2: false,
      generation_settings: true,
      onboarding_v2: true,
      nav_v2: false,
    });
  });
});

describe('GET /api/me', () => {
  it('tells a paid member of conversation images, generation settings, translation, lorebooks, group chats and of no unbuilt feature their tier includes', async () => {
    const token = await signIn('paid_premium');
    const res = await inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const me = getMe.response.parse(res.json());
    expect(me.role).toBe('paid_premium');
    expect(me.featureFlags).toEqual([
      'avatar_images_v2',
      'conversation_images',
      'generation_settings',
      'character_translate_public',
      'lorebook',
      'groupchat',
      'leaderboard',
    ]);
  });

  it('tells an admin of the admin screens, which exist', async () => {
    const token = await signIn('admin');
    const me = getMe.response.parse(
      (await inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json(),
    );
    expect(me.featureFlags).toEqual([
      'avatar_images_v2',
      'conversation_images',
      'generation_settings',
      'character_translate_public',
      'character_translate_private',
      'admin',
      'lorebook',
      'groupchat',
      'leaderboard',
    ]);
  });
});

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'path' in v && 'method' in v && 'auth' in v;
const codeOf = (body: unknown) =>
  z.object({ error: z.object({ code: z.string() }) }).safeParse(body).data?.error.code;
const requestOf = (e: Endpoint, headers: Record<string, string>): InjectOptions => ({
  method: e.method,
  url: buildPath(e.path, { id: 'not-a-uuid', entryId: '', lorebookId: randomUUID() }),
  headers,
  // Bad in every way a body can be: wrong types, a NUL byte, an unknown field.
  ...(e.method === 'GET' || e.method === 'DELETE'
    ? {}
    : { payload: { name: 7, description: 'a\u0000b', entries: 'none', extra: true } }),
});

describe('lorebook routes behind the lorebook flag', () => {
  const exported: unknown[] = Object.values(lorebookApi);
  const endpoints = exported.filter(isEndpoint);

  it('answers not_found on every lorebook route, before reading its input, while the flag is off', async () => {
    const token = await signIn('paid_premium');
    expect(endpoints.length).toBeGreaterThanOrEqual(13);
    for (const e of endpoints) {
      expect(e.flag).toBe('lorebook');
      const off = await inject(
        requestOf(e, { authorization: `Bearer ${token}`, 'x-application-id': 'no-lore' }),
      );
      expect({ route: `${e.method} ${e.path}`, status: off.statusCode }).toEqual({
        route: `${e.method} ${e.path}`,
        status: 404,
      });
      expect(codeOf(off.json())).toBe('not_found');
      // A guest is refused the same way while the flag is off.
      const guest = await inject(requestOf(e, { 'x-application-id': 'no-lore' }));
      expect(guest.statusCode).toBe(404);
      // With the flag on, the same request reaches validation or the handler instead.
      const on = await inject(requestOf(e, { authorization: `Bearer ${token}` }));
      expect(on.statusCode === 200 || codeOf(on.json()) !== 'not_found').toBe(true);
    }
  });

  it('opens the lorebook list when the flag is on, to many members at once', async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, () => signIn('free_tier')));
    const results = await Promise.all(
      tokens.flatMap((token) => [
        inject({ url: '/api/lorebooks', headers: { authorization: `Bearer ${token}` } }),
        inject({
          url: '/api/lorebooks',
          headers: { authorization: `Bearer ${token}`, 'x-application-id': 'no-lore' },
        }),
      ]),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 404, 200, 404, 200, 404, 200, 404]);
  });
});

describe('group chat routes and commands behind the groupchat flag', () => {
  const exported: unknown[] = [
    ...Object.values(charactersApi),
    ...Object.values(authoringApi),
    ...Object.values(groupChatsApi),
  ];
  const endpoints = exported.filter(isEndpoint).filter((e) => e.flag === 'groupchat');
  const db = () => stack.app.deps.db;

  /** A listed group of two library bots, made by `creatorUserId` when given. */
  async function createGroup(creatorUserId: string | null = null): Promise<string> {
    const members = [await createCharacter(db()), await createCharacter(db())];
    const groupId = await createCharacter(db(), { name: 'Duo', creatorUserId });
    await db().updateTable('characters').set({ type: 'meta' }).where('id', '=', groupId).execute();
    await groupsRepo.setGroup(db(), groupId, members, members[0] ?? null);
    return groupId;
  }

  /** A listed group and a listed chatbot whose names share a new word, to search the library by. */
  async function groupAndBotNamedAlike(): Promise<{
    word: string;
    groupId: string;
    botId: string;
  }> {
    const word = `duo${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const groupId = await createGroup();
    const botId = await createCharacter(db(), { name: `${word} bot` });
    await db()
      .updateTable('characters')
      .set({ name: `${word} group` })
      .where('id', '=', groupId)
      .execute();
    return { word, groupId, botId };
  }

  it('answers not_found on every group route, before reading its input, while the flag is off', async () => {
    const token = await signIn('paid_premium');
    // The group of a chatbot id, the member's groups, and Auto Response read and switched.
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /api/characters/:id/group',
      'GET /api/conversations/:id/auto-response',
      'GET /api/me/groups',
      'PUT /api/conversations/:id/auto-response',
    ]);
    for (const e of endpoints) {
      const route = `${e.method} ${e.path}`;
      const off = await inject(
        requestOf(e, { authorization: `Bearer ${token}`, 'x-application-id': 'no-groups' }),
      );
      expect({ route, status: off.statusCode }).toEqual({ route, status: 404 });
      expect(codeOf(off.json())).toBe('not_found');
      const guest = await inject(requestOf(e, { 'x-application-id': 'no-groups' }));
      expect({ route, status: guest.statusCode }).toEqual({ route, status: 404 });
      const on = await inject(requestOf(e, { authorization: `Bearer ${token}` }));
      expect(on.statusCode === 200 || codeOf(on.json()) !== 'not_found').toBe(true);
    }
  });

  it('refuses creating a group through the character call while the flag is off', async () => {
    const token = await signIn('free_tier');
    const members = [await createCharacter(db()), await createCharacter(db())];
    const name = `Off ${randomUUID().slice(0, 6)}`;
    const body = {
      type: 'meta',
      avatarUrl: '/uploads/character-avatars/group.webp',
      name,
      title: 'Two friends at a tavern',
      greeting: 'Welcome, {{user}}.',
      scenario: 'A tavern.',
      visibility: 'private',
      tags: [],
      guidelines: true,
      subCharacterIds: members,
    };
    const create = (headers: Record<string, string>) =>
      inject({ method: 'POST', url: '/api/characters', headers, payload: body });
    const off = await create({ authorization: `Bearer ${token}`, 'x-application-id': 'no-groups' });
    expect(off.statusCode).toBe(404);
    expect(codeOf(off.json())).toBe('not_found');
    const stored = await db()
      .selectFrom('characters')
      .select('id')
      .where('name', '=', name)
      .execute();
    expect(stored).toEqual([]);
    const on = await create({ authorization: `Bearer ${token}` });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('refuses a send to a group and Next over the socket while the flag is off', async () => {
    const groupId = await createGroup();
    const offGuestId = newGuestId();
    const off = await connectGuest(stack.url, offGuestId, {}, 'no-groups');
    const on = await connectGuest(stack.url, newGuestId());
    try {
      const send = { characterId: groupId, conversationId: null, content: 'Hello, both.' };
      const refused = await off.emitWithAck('message:send', send);
      expect(refused.ok ? null : refused.error.code).toBe('not_found');
      const next = await off.emitWithAck('group:next', { conversationId: randomUUID() });
      expect(next.ok ? null : next.error.code).toBe('not_found');
      const guest = await users.findByGuestId(db(), offGuestId);
      const conversations = await db()
        .selectFrom('conversations')
        .select('id')
        .where('user_id', '=', guest?.id ?? randomUUID())
        .execute();
      expect(conversations).toEqual([]);
      // The same send is taken where the flag is on.
      const accepted = await on.emitWithAck('message:send', send);
      expect(accepted.ok).toBe(true);
    } finally {
      off.disconnect();
      on.disconnect();
    }
  });

  /** A conversation of `userId` with `characterId` titled `label`, holding one bot message. */
  async function storeChat(userId: string, characterId: string, label: string): Promise<string> {
    const conversation = await conversations.createTitled(db(), { userId, characterId, label });
    const messageId = randomUUID();
    await messages.insertMany(db(), [
      {
        id: messageId,
        conversation_id: conversation.id,
        prev_id: null,
        role: 'bot',
        content: 'Welcome.',
        created_at: new Date(),
      },
    ]);
    await conversations.setHead(db(), {
      id: conversation.id,
      lastMessageId: messageId,
      messageCount: 1,
    });
    return conversation.id;
  }

  it('hides the memories of a group conversation, named by id, while the flag is off', async () => {
    const token = await signIn('paid_premium');
    const on = { authorization: `Bearer ${token}` };
    const off = { ...on, 'x-application-id': 'no-groups' };
    const me = getMe.response.parse((await inject({ url: '/api/me', headers: on })).json());
    const chatId = await storeChat(me.id, await createGroup(me.id), 'Group talk');
    const memory = await memoriesRepo.createWithin(
      db(),
      chatId,
      { content: 'Kept.', isPinned: false },
      10,
    );
    if (memory === 'full') throw new Error('no memory');
    const url = `/api/memories/${memory.id}`;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await inject({ method, url, headers: off, payload: { content: 'Changed.' } });
      expect({ method, status: res.statusCode }).toEqual({ method, status: 404 });
    }
    expect((await memoriesRepo.findOwned(db(), me.id, memory.id))?.content).toBe('Kept.');
    const edited = await inject({
      method: 'PATCH',
      url,
      headers: on,
      payload: { content: 'New.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await inject({ method: 'DELETE', url, headers: on });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('leaves tags only groups carry out of the popular tags while the flag is off', async () => {
    const token = await signIn('free_tier');
    const tag = `GroupsOnly-${randomUUID().slice(0, 8)}`;
    const groupIds = await Promise.all(
      Array.from({ length: 3 }, () => createCharacter(db(), { name: 'Trio', tags: [tag] })),
    );
    const members = [await createCharacter(db()), await createCharacter(db())];
    for (const id of groupIds) {
      await db().updateTable('characters').set({ type: 'meta' }).where('id', '=', id).execute();
      await groupsRepo.setGroup(db(), id, members, members[0] ?? null);
    }
    await libraryRepo.refreshSearchStats(db());
    const tagsOf = async (headers: Record<string, string>) => {
      const res = await inject({ url: '/api/library/tags', headers });
      expect(res.statusCode).toBe(200);
      return listLibraryTags.response.parse(res.json()).items.map((t) => t.name);
    };
    // Whether it ranks among the 60 shown depends on every other test's tags; absent it must be.
    const offHeaders: Record<string, string>[] = [
      { authorization: `Bearer ${token}`, 'x-application-id': 'no-groups' },
      { 'x-application-id': 'no-groups' },
    ];
    for (const headers of offHeaders) {
      expect(await tagsOf(headers)).not.toContain(tag);
    }
    const counted = await libraryRepo.popularTags(db(), 1_000_000, true);
    expect(counted.find((t) => t.name === tag)?.count).toBe(3);
  });

  it('leaves groups out of the library, its search and favorites while the flag is off', async () => {
    const token = await signIn('free_tier');
    const on = { authorization: `Bearer ${token}` };
    const off = { ...on, 'x-application-id': 'no-groups' };
    const me = getMe.response.parse((await inject({ url: '/api/me', headers: on })).json());
    const { word, groupId, botId } = await groupAndBotNamedAlike();
    await db()
      .insertInto('character_favorites')
      .values([groupId, botId].map((id) => ({ user_id: me.id, character_id: id })))
      .execute();
    const found = async (headers: Record<string, string>, query: string) =>
      z
        .object({ items: z.array(z.object({ id: z.string() })), total: z.number() })
        .parse((await inject({ url: `/api/library?${query}`, headers })).json());
    const search = `q=${word}`;
    const favorites = 'scope=favorites';
    expect((await found(off, search)).items.map((c) => c.id)).toEqual([botId]);
    expect((await found(off, favorites)).items.map((c) => c.id)).toEqual([botId]);
    expect(new Set((await found(on, search)).items.map((c) => c.id))).toEqual(
      new Set([groupId, botId]),
    );
    expect(new Set((await found(on, favorites)).items.map((c) => c.id))).toEqual(
      new Set([groupId, botId]),
    );
  });

  it("lists chatbots alone for the member picker's Explore (chatbotsOnly), and refuses a bad value", async () => {
    const headers = { authorization: `Bearer ${await signIn('free_tier')}` };
    const { word, groupId, botId } = await groupAndBotNamedAlike();
    const ids = async (query: string) =>
      z
        .object({ items: z.array(z.object({ id: z.string() })) })
        .parse((await inject({ url: `/api/library?q=${word}${query}`, headers })).json())
        .items.map((c) => c.id);
    expect(new Set(await ids(''))).toEqual(new Set([groupId, botId]));
    expect(await ids('&chatbotsOnly=true')).toEqual([botId]);
    const bad = await inject({ url: `/api/library?q=${word}&chatbotsOnly=yes`, headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('hides a group and its conversations while the flag is off: reads, clones, renames and deletes answer not_found, Recent Chats leaves them out', async () => {
    const token = await signIn('free_tier');
    const on = { authorization: `Bearer ${token}` };
    const off = { ...on, 'x-application-id': 'no-groups' };
    const me = getMe.response.parse((await inject({ url: '/api/me', headers: on })).json());
    const groupId = await createGroup(me.id);
    const chatId = await storeChat(me.id, groupId, 'Group talk');
    const botChatId = await storeChat(me.id, await createCharacter(db()), 'Bot talk');
    const conversationCount = async () =>
      (await db().selectFrom('conversations').select('id').where('user_id', '=', me.id).execute())
        .length;

    const reads = [
      `/api/characters/${groupId}`,
      `/api/characters/${groupId}/conversations`,
      `/api/characters/${groupId}/conversations/latest`,
      `/api/conversations/${chatId}`,
      `/api/conversations/${chatId}/messages`,
      `/api/conversations/${chatId}/export`,
    ];
    type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
    const cloneFully: Call = {
      method: 'POST',
      url: `/api/conversations/${chatId}/clone`,
      payload: { title: 'Copy' },
    };
    const rename: Call = {
      method: 'PUT',
      url: `/api/conversations/${chatId}/label`,
      payload: { label: 'Renamed' },
    };
    const deleteGroup: Call = { method: 'DELETE', url: `/api/characters/${groupId}` };
    const calls: Call[] = [
      ...reads.map((url): Call => ({ method: 'GET', url })),
      cloneFully,
      {
        method: 'POST',
        url: `/api/conversations/${chatId}/clone`,
        payload: { title: 'Part', lastMessageId: randomUUID() },
      },
      rename,
      { method: 'DELETE', url: `/api/conversations/${chatId}` },
      deleteGroup,
    ];
    for (const request of calls) {
      const route = `${request.method} ${request.url}`;
      const res = await inject({ ...request, headers: off });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 404 });
      expect({ route, code: codeOf(res.json()) }).toEqual({ route, code: 'not_found' });
    }
    // Nothing was cloned, renamed or deleted.
    expect(await conversationCount()).toBe(2);
    expect((await conversations.findById(db(), chatId))?.label).toBe('Group talk');
    expect(
      await db().selectFrom('characters').select('id').where('id', '=', groupId).execute(),
    ).toHaveLength(1);
    // Recent Chats lists the chatbot's conversation only.
    const listed = async (headers: Record<string, string>) =>
      z
        .object({ items: z.array(z.object({ id: z.string() })) })
        .parse((await inject({ url: '/api/conversations', headers })).json())
        .items.map((c) => c.id);
    expect(await listed(off)).toEqual([botChatId]);

    // A socket through the same application cannot open the conversation either.
    const socketOff = await connectMember(stack.url, token, {}, 'no-groups');
    const socketOn = await connectMember(stack.url, token);
    try {
      const refused = await socketOff.emitWithAck('conversation:join', { conversationId: chatId });
      expect(refused.ok ? null : refused.error.code).toBe('not_found');
      const joined = await socketOn.emitWithAck('conversation:join', { conversationId: chatId });
      expect(joined.ok).toBe(true);
    } finally {
      socketOff.disconnect();
      socketOn.disconnect();
    }

    // With the flag on, the same calls work.
    expect(new Set(await listed(on))).toEqual(new Set([chatId, botChatId]));
    for (const url of reads) {
      const res = await inject({ url, headers: on });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    const clone = await inject({ ...cloneFully, headers: on });
    expect(clone.statusCode, clone.body).toBe(200);
    const renamed = await inject({ ...rename, headers: on });
    expect(renamed.statusCode).toBe(200);
    expect(await conversationCount()).toBe(3);
    const removed = await inject({ ...deleteGroup, headers: on });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      await db().selectFrom('characters').select('id').where('id', '=', groupId).execute(),
    ).toEqual([]);
  });
});
