/**
 * The long-chat part of npm run bench (issue 11 part 8): time to the first page of messages of a chat
 * holding 10,000 messages against a chat of two, through the product's server process over HTTP,
 * alternating the two; plus a page deep in the long chat (before its 100th message). The goal is a
 * ratio near 1: a page costs the same however long the chat is (keyset walk by primary key).
 */
import { randomUUID } from 'node:crypto';
import { createDb } from '#server/db/database';
import * as users from '#server/db/repositories/users.repo';
import { createLongConversation } from '#server/lib/dev/long-conversation';
import { freePort, startProcess } from './processes';
import { median, quantile } from './stats';

export interface LongChatCase {
  name: string;
  p50: number;
  p95: number;
  samples: number;
}

export interface LongChatReport {
  messages: number;
  cases: LongChatCase[];
  /** p50 of the long chat's first page over the new chat's. */
  ratio: number;
}

const messageCount = 10_000;
const pageSize = 30;

async function timedGet(url: string, guestId: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await fetch(url, { headers: { 'x-guest-id': guestId } });
  await res.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (!res.ok) throw new Error(`GET ${url}: ${String(res.status)}`);
  return ms;
}

export async function longChatRun(
  env: Record<string, string>,
  characterId: string,
  rounds: number,
): Promise<LongChatReport> {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl === undefined) throw new Error('the long-chat run needs DATABASE_URL');
  const db = createDb(databaseUrl, 2);
  const guestId = randomUUID();
  let long: { conversationId: string; messageIds: string[] };
  let fresh: { conversationId: string };
  try {
    const guest = await users.upsertGuest(db, guestId);
    long = await createLongConversation(db, {
      userId: guest.id,
      characterId,
      count: messageCount,
    });
    fresh = await createLongConversation(db, { userId: guest.id, characterId, count: 2 });
  } finally {
    await db.destroy();
  }
  const port = await freePort();
  const server = await startProcess(
    'server/main.ts',
    { ...env, PORT: String(port), LOG_LEVEL: 'info' },
    /Server listening/,
    60_000,
  );
  const base = `http://127.0.0.1:${String(port)}`;
  const page = (id: string, before?: string) =>
    `${base}/api/conversations/${id}/messages?limit=${String(pageSize)}${before === undefined ? '' : `&before=${before}`}`;
  const deepBefore = long.messageIds[100] ?? '';
  const urls = {
    'new chat (2 messages), first page': page(fresh.conversationId),
    [`long chat (${String(messageCount)} messages), first page`]: page(long.conversationId),
    'long chat, a page before its 100th message': page(long.conversationId, deepBefore),
  };
  const times = new Map<string, number[]>(Object.keys(urls).map((k) => [k, []]));
  try {
    for (const url of Object.values(urls)) await timedGet(url, guestId);
    for (let r = 0; r < rounds; r++) {
      for (const [name, url] of Object.entries(urls)) {
        times.get(name)?.push(await timedGet(url, guestId));
      }
    }
  } finally {
    await server.stop();
  }
  const cases = [...times].map(([name, ms]) => ({
    name,
    p50: median(ms),
    p95: quantile(ms, 0.95),
    samples: ms.length,
  }));
  const [fresh50, long50] = cases.map((c) => c.p50);
  return {
    messages: messageCount,
    cases,
    ratio: (long50 ?? Number.NaN) / (fresh50 ?? Number.NaN),
  };
}

export function longChatLines(r: LongChatReport): string[] {
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
  return [
    `Long chat: time to a page of ${String(pageSize)} messages over HTTP, cases alternating`,
    '',
    '| case | p50 | p95 | samples |',
    '| --- | --- | --- | --- |',
    ...r.cases.map(
      (c) => `| ${c.name} | ${fmt(c.p50)} ms | ${fmt(c.p95)} ms | ${String(c.samples)} |`,
    ),
    '',
    `Long chat over new chat, first page p50: ${fmt(r.ratio)}×`,
  ];
}
