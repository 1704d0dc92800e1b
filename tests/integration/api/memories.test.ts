/**
 * The Memory Manager on the real stack (issue 11 §7): view in pages of 25 (pinned first), new, edit,
 * pin/unpin, delete and delete all, for the conversation's owner holding memory_manager or
 * conversation_memory_auto; nobody else reaches a memory, bad input stores nothing, and many writes at
 * once stay within the limit.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemory, listMemories, updateMemory } from '#shared/api/memories';
import { memoryLimits } from '#shared/rules/memory';
import type { Role } from '#shared/schemas/user';
import * as messagesRepo from '#server/db/repositories/messages.repo';
import { replyContextOf } from '#server/db/repositories/reply-context.repo';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

async function member(role: Role = 'paid_basic'): Promise<SignedInMember & { id: string }> {
  const email = `memory-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(db(), email);
  await users.setRole(db(), user.id, role);
  return { ...(await signInMember(stack, smtp, email)), id: user.id };
}

async function conversationOf(m: { id: string }): Promise<string> {
  const conversationId = randomUUID();
  await messagesRepo.startConversation(db(), {
    conversationId,
    userId: m.id,
    characterId: await createCharacter(db()),
    userPersonaId: null,
    greeting: null,
    message: { id: randomUUID(), content: 'hi' },
  });
  return conversationId;
}

const create = (m: SignedInMember, conversationId: string, payload: unknown) =>
  inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/memories`,
    headers: { ...m.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function created(
  m: SignedInMember,
  conversationId: string,
  content: string,
  isPinned = false,
) {
  const res = await create(m, conversationId, { content, isPinned });
  expect(res.statusCode, res.body).toBe(200);
  return createMemory.response.parse(res.json());
}

async function page(m: SignedInMember, conversationId: string, lastId?: string) {
  const query = lastId === undefined ? '' : `?lastId=${lastId}`;
  const res = await inject({
    url: `/api/conversations/${conversationId}/memories${query}`,
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return listMemories.response.parse(res.json());
}

const patch = (m: SignedInMember, id: string, payload: unknown) =>
  inject({
    method: 'PATCH',
    url: `/api/memories/${id}`,
    headers: { ...m.headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const stored = (conversationId: string) =>
  db()
    .selectFrom('memories')
    .select(['id', 'content', 'is_pinned', 'memory_type'])
    .where('conversation_id', '=', conversationId)
    .orderBy('id')
    .execute();

describe('the Memory Manager', () => {
  it('writes, lists pinned first, edits, pins, unpins, deletes one and deletes all', async () => {
    const m = await member();
    const c = await conversationOf(m);
    const umbrella = await created(m, c, '  Sam keeps a red umbrella.  ');
    expect(umbrella).toMatchObject({
      content: 'Sam keeps a red umbrella.',
      isPinned: false,
      memoryType: 'user',
      sourceMessageIds: [],
    });
    const sister = await created(m, c, 'Sam has a sister called Ines.', true);
    const storm = await created(m, c, 'The storm broke the lighthouse lamp.');
    let list = await page(m, c);
    expect(list.items.map((i) => [i.content, i.isPinned, i.isLastId])).toEqual([
      ['Sam has a sister called Ines.', true, false],
      ['The storm broke the lighthouse lamp.', false, false],
      ['Sam keeps a red umbrella.', false, true],
    ]);

    const edited = await patch(m, umbrella.id, { content: 'Sam keeps a blue umbrella.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(updateMemory.response.parse(edited.json())).toMatchObject({
      content: 'Sam keeps a blue umbrella.',
      isPinned: false,
    });
    expect((await patch(m, umbrella.id, { isPinned: true })).statusCode).toBe(200);
    expect((await patch(m, sister.id, { isPinned: false })).statusCode).toBe(200);
    list = await page(m, c);
    expect(list.items.map((i) => [i.content, i.isPinned])).toEqual([
      ['Sam keeps a blue umbrella.', true],
      ['The storm broke the lighthouse lamp.', false],
      ['Sam has a sister called Ines.', false],
    ]);

    const removed = await inject({
      method: 'DELETE',
      url: `/api/memories/${storm.id}`,
      headers: m.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ id: storm.id });
    expect((await stored(c)).map((r) => r.id).sort()).toEqual([umbrella.id, sister.id].sort());
    // Deleting it again: it is gone.
    const again = await inject({
      method: 'DELETE',
      url: `/api/memories/${storm.id}`,
      headers: m.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(errorOf(again.json()).code).toBe('memory_not_found');

    const all = await inject({
      method: 'DELETE',
      url: `/api/conversations/${c}/memories`,
      headers: m.headers,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ deleted: 2 });
    expect(await stored(c)).toEqual([]);
    expect((await page(m, c)).items).toEqual([]);
  });

  it('pages by 25 after the last id, marking the end of the list', async () => {
    const m = await member('paid_premium');
    const c = await conversationOf(m);
    for (let i = 0; i < 27; i++) await created(m, c, `Memory number ${i}.`, i === 3);
    const first = await page(m, c);
    expect(first.items).toHaveLength(memoryLimits.pageSize);
    expect(first.items[0]?.content).toBe('Memory number 3.');
    expect(first.items.some((i) => i.isLastId)).toBe(false);
    const last = first.items.at(-1);
    if (!last) throw new Error('no first page');
    const second = await page(m, c, last.id);
    expect(second.items.map((i) => i.content)).toEqual(['Memory number 1.', 'Memory number 0.']);
    expect(second.items.map((i) => i.isLastId)).toEqual([false, true]);
    const seen = [...first.items, ...second.items].map((i) => i.id);
    expect(new Set(seen).size).toBe(27);
  });

  it('is closed to members without memory_manager or conversation_memory_auto, and to guests', async () => {
    const free = await member('free_tier');
    const c = await conversationOf(free);
    const res = await create(free, c, { content: 'Sam likes tea.' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.json()).code).toBe('memory_manager_forbidden');
    const list = await inject({ url: `/api/conversations/${c}/memories`, headers: free.headers });
    expect(list.statusCode).toBe(403);
    expect(errorOf(list.json()).code).toBe('memory_manager_forbidden');
    expect(await stored(c)).toEqual([]);

    const guest = await inject({
      url: `/api/conversations/${c}/memories`,
      headers: { 'x-guest-id': newGuestId() },
    });
    expect(guest.statusCode).toBe(401);
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
  });

  it("lets nobody else read or change a conversation's memories", async () => {
    const owner = await member();
    const other = await member('paid_premium');
    const c = await conversationOf(owner);
    const memory = await created(owner, c, 'Sam keeps a red umbrella.', true);
    const before = await stored(c);

    const attempts: [string, InjectOptions][] = [
      ['conversation_not_found', { url: `/api/conversations/${c}/memories` }],
      [
        'conversation_not_found',
        {
          method: 'POST',
          url: `/api/conversations/${c}/memories`,
          payload: { content: 'Mine now.' },
        },
      ],
      [
        'memory_not_found',
        { method: 'PATCH', url: `/api/memories/${memory.id}`, payload: { content: 'Mine now.' } },
      ],
      [
        'memory_not_found',
        { method: 'PATCH', url: `/api/memories/${memory.id}`, payload: { isPinned: false } },
      ],
      ['memory_not_found', { method: 'DELETE', url: `/api/memories/${memory.id}` }],
      ['conversation_not_found', { method: 'DELETE', url: `/api/conversations/${c}/memories` }],
    ];
    for (const [code, opts] of attempts) {
      const res = await inject({ ...opts, headers: other.headers });
      expect({ url: opts.url, method: opts.method, status: res.statusCode }).toEqual({
        url: opts.url,
        method: opts.method,
        status: 404,
      });
      expect(errorOf(res.json()).code).toBe(code);
    }
    expect(await stored(c)).toEqual(before);
  });

  it('refuses bad input with a 4xx naming the field and stores nothing', async () => {
    const m = await member();
    const c = await conversationOf(m);
    const memory = await created(m, c, 'Sam keeps a red umbrella.');
    const before = await stored(c);
    const cases: [unknown, string][] = [
      [{ content: 'x'.repeat(memoryLimits.content + 1) }, 'content'],
      [{ content: '   ' }, 'content'],
      [{ content: 42 }, 'content'],
      [{ content: 'Fine.', isPinned: 'yes' }, 'isPinned'],
      [{ content: 'nul \u0000 here' }, 'content'],
      [{}, 'content'],
    ];
    for (const [payload, field] of cases) {
      const res = await create(m, c, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    for (const [payload] of cases.slice(0, 5)) {
      const res = await patch(m, memory.id, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(errorOf(res.json()).code).toBe('validation_failed');
    }
    // Nothing to change is refused too, not stored as a no-op.
    const empty = await patch(m, memory.id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.json()).code).toBe('validation_failed');

    for (const url of [
      '/api/memories/not-a-uuid',
      `/api/conversations/not-a-uuid/memories`,
      `/api/conversations/${c}/memories?lastId=nope`,
      `/api/conversations/${c}/memories?limit=500`,
    ]) {
      const res = await inject({ url, method: 'GET', headers: m.headers });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const malformed = await patch(m, 'not-a-uuid', { isPinned: true });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
    const huge = await inject({
      method: 'POST',
      url: `/api/conversations/${c}/memories`,
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'y'.repeat(5_000_000) }),
    });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(await stored(c)).toEqual(before);
  });

  it('keeps many writes at once within the limit of memories a chat holds', async () => {
    const m = await member();
    const c = await conversationOf(m);
    const limit = memoryLimits.perConversation;
    await db()
      .insertInto('memories')
      .values(
        Array.from({ length: limit - 5 }, (_, i) => ({
          conversation_id: c,
          content: `Old memory ${i}.`,
          memory_type: 'user' as const,
        })),
      )
      .execute();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(m, c, { content: `New memory ${i}.` })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(errorOf(r.json()).code).toBe('memory_limit');
    }
    expect(await stored(c)).toHaveLength(limit);

    // Many pins and unpins at once leave each memory in one state, and the list whole.
    const some = (await page(m, c)).items.slice(0, 10);
    await Promise.all(some.map((item, i) => patch(m, item.id, { isPinned: i % 2 === 0 })));
    const pinned = (await stored(c)).filter((r) => r.is_pinned).map((r) => r.id);
    expect(pinned.sort()).toEqual(
      some
        .filter((_, i) => i % 2 === 0)
        .map((i) => i.id)
        .sort(),
    );
  });

  it('gives the prompt every pinned memory and the newest others', async () => {
    const m = await member();
    const c = await conversationOf(m);
    await created(m, c, 'Old note.');
    await created(m, c, 'Pinned fact.', true);
    await created(m, c, 'New note.');
    const context = await replyContextOf(db(), {
      userId: m.id,
      conversationId: c,
      personaId: null,
      unpinnedMemories: 1,
      isGuestStart: false,
    });
    expect(context.memories).toEqual([
      { content: 'Pinned fact.', isPinned: true },
      { content: 'New note.', isPinned: false },
    ]);
  });
});
