/**
 * A chat of 10,000 messages read in pages (issue 11 part 8): newest first, each earlier page before the
 * oldest held, in order with no gaps or duplicates; the page statement walks the primary key (checked
 * with EXPLAIN); another visitor and malformed cursors are refused; many readers at once agree.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '#shared/api/conversations';
import { branchQuery } from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { createLongConversation } from '../../../testkit/long-conversation';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
const ownerId = newGuestId();
let chat: { conversationId: string; messageIds: string[] };

beforeAll(async () => {
  stack = await startStack(testConfig(), { workers: false });
  const db = stack.app.deps.db;
  const owner = await users.upsertGuest(db, ownerId);
  const characterId = await createCharacter(db);
  chat = await createLongConversation(db, { userId: owner.id, characterId, count: 10_000 });
  await sql`analyze messages`.execute(db);
}, 120_000);
afterAll(async () => {
  await stack.close();
});

async function page(guestId: string, query: string) {
  return stack.app.fastify.inject({
    method: 'GET',
    url: `/api/conversations/${chat.conversationId}/messages?${query}`,
    headers: { 'x-guest-id': guestId },
  });
}

/** A node of an EXPLAIN (FORMAT JSON) plan, as far as these tests read it. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

describe('GET /api/conversations/:id/messages on a 10,000-message chat', () => {
  it('pages back from the newest message in order, with no gaps or duplicates', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let p = 0; p < 6; p++) {
      const res = await page(ownerId, `limit=30${before === undefined ? '' : `&before=${before}`}`);
      expect(res.statusCode).toBe(200);
      const body = listMessages.response.parse(res.json());
      expect(body.items).toHaveLength(30);
      expect(body.hasMore).toBe(true);
      seen.unshift(...body.items.map((m) => m.id));
      before = body.items[0]?.id;
    }
    expect(seen).toEqual(chat.messageIds.slice(-180));
    expect(new Set(seen).size).toBe(180);
  });

  it('ends with hasMore false at the first message', async () => {
    const res = await page(ownerId, `limit=30&before=${chat.messageIds[20] ?? ''}`);
    const body = listMessages.response.parse(res.json());
    expect(body.items.map((m) => m.id)).toEqual(chat.messageIds.slice(0, 20));
    expect(body.hasMore).toBe(false);
  });

  it('walks the primary key: one index probe per message, no scan of the chat', async () => {
    const head = chat.messageIds.at(-1) ?? '';
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
      explain (analyze, buffers, format json) ${branchQuery(head, 31)}`.execute(stack.app.deps.db);
    const plan = rows[0]?.['QUERY PLAN'][0].Plan;
    if (plan === undefined) throw new Error('no plan');
    const nodes = planNodes(plan);
    const onMessages = nodes.filter((n) => n['Relation Name'] === 'messages');
    expect(onMessages.length).toBeGreaterThan(0);
    for (const n of onMessages) {
      expect(n['Node Type']).toBe('Index Scan');
      expect(n['Index Name']).toBe('messages_pkey');
    }
    // 31 messages read, not 10,000: a few shared buffers per probe at most.
    expect((plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0)).toBeLessThan(400);
  });

  it('refuses another visitor with 404 and reveals nothing', async () => {
    const res = await page(newGuestId(), 'limit=30');
    expect(res.statusCode).toBe(404);
    expect(errorCode(res.json())).toBe('conversation_not_found');
  });

  it('refuses malformed cursors and limits with a 4xx naming the field', async () => {
    for (const [query, field] of [
      ['limit=30&before=not-a-uuid', 'before'],
      ['limit=30&before=%00', 'before'],
      ['limit=0', 'limit'],
      ['limit=100000', 'limit'],
      ['limit=abc', 'limit'],
    ] as const) {
      const res = await page(ownerId, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    // A message of another conversation is no cursor here.
    const other = await createLongConversation(stack.app.deps.db, {
      userId: (await users.upsertGuest(stack.app.deps.db, ownerId)).id,
      characterId: await createCharacter(stack.app.deps.db),
      count: 2,
    });
    const res = await page(ownerId, `limit=30&before=${other.messageIds[1] ?? ''}`);
    expect(res.statusCode).toBe(404);
  });

  it('answers many readers at once with the same pages', async () => {
    const cursors = [undefined, chat.messageIds[5000], chat.messageIds[31]];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const before = cursors[i % cursors.length];
        return page(ownerId, `limit=30${before === undefined ? '' : `&before=${before}`}`);
      }),
    );
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      const ids = listMessages.response.parse(res.json()).items.map((m) => m.id);
      const end = [10_000, 5000, 31][i % 3] ?? 0;
      expect(ids).toEqual(chat.messageIds.slice(end - 30, end));
    }
  });
});
