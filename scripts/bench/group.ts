/**
 * The group run (issue 12 §9; docs/performance.md G5): three bots answering each other with Auto
 * Response through the product's group-turns and generation queues, against the paced wire server.
 * For every hand-over it prints the gap between one bot's reply finishing (generation:completed) and
 * the next bot's first token (its first delta), minus the model's own time to first token, with the
 * failed, lost and duplicated replies of each round.
 */
import { performance } from 'node:perf_hooks';
import { groupAutoTurnsPerRound } from '#shared/rules/group-turns';
import type { Db } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';
import * as groups from '#server/db/repositories/groups.repo';
import { connectBenchGuest, replyTimeoutMs, type BenchSocket } from './chat-path';

export interface GroupReport {
  rounds: number;
  /** Hand-over gaps in ms, the model's time to first token taken off. */
  gapsMs: number[];
  expected: number;
  completed: number;
  failed: number;
  lost: number;
  duplicated: number;
}

async function createBot(db: Db, name: string): Promise<string> {
  return characters.upsertBySlug(db, {
    slug: `bench-group-${name.toLowerCase()}`,
    name,
    title: `${name} of the bench group`,
    persona: `${name} speaks briefly.`,
    scenario: '',
    greeting: '',
    dialogue: '',
    avatarUrl: null,
    creatorUserId: null,
    language: 'en',
    tokenCount: 0,
    tags: [],
  });
}

/** The bench's three-bot group, created once per run. */
export async function createBenchGroup(db: Db): Promise<string> {
  const members = [
    await createBot(db, 'Ada'),
    await createBot(db, 'Bram'),
    await createBot(db, 'Cleo'),
  ];
  const groupId = await createBot(db, 'Trio');
  await db.updateTable('characters').set({ type: 'meta' }).where('id', '=', groupId).execute();
  await groups.setGroup(db, groupId, members, members[0] ?? null);
  return groupId;
}

interface Timeline {
  completedAt: Map<string, number>;
  firstDeltaAt: Map<string, number>;
  started: string[];
  completions: Map<string, number>;
  failed: Set<string>;
}

function watch(socket: BenchSocket): Timeline {
  const t: Timeline = {
    completedAt: new Map(),
    firstDeltaAt: new Map(),
    started: [],
    completions: new Map(),
    failed: new Set(),
  };
  socket.on('generation:started', (p) => t.started.push(p.messageId));
  socket.on('generation:delta', (p) => {
    if (!t.firstDeltaAt.has(p.messageId)) t.firstDeltaAt.set(p.messageId, performance.now());
  });
  socket.on('generation:completed', (p) => {
    t.completedAt.set(p.message.id, performance.now());
    t.completions.set(p.message.id, (t.completions.get(p.message.id) ?? 0) + 1);
  });
  socket.on('generation:failed', (p) => t.failed.add(p.messageId));
  return t;
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

/** One conversation per round: a first exchange, Auto Response on, then a message that starts the chain. */
export async function groupRun(
  url: string,
  db: Db,
  groupId: string,
  rounds: number,
  modelFirstTokenMs: number,
): Promise<GroupReport> {
  const report: GroupReport = {
    rounds,
    gapsMs: [],
    expected: rounds * groupAutoTurnsPerRound,
    completed: 0,
    failed: 0,
    lost: 0,
    duplicated: 0,
  };
  for (let r = 0; r < rounds; r++) {
    const socket = await connectBenchGuest(url);
    try {
      const t = watch(socket);
      const first = await socket.emitWithAck('message:send', {
        characterId: groupId,
        conversationId: null,
        content: 'Hello, all of you.',
      });
      if (!first.ok) {
        report.failed += groupAutoTurnsPerRound;
        continue;
      }
      const { conversationId } = first.data;
      await until(() => t.completedAt.has(first.data.replyId), replyTimeoutMs);
      await groups.setAutoResponse(db, conversationId, true);
      const before = t.started.length;
      const chain = await socket.emitWithAck('message:send', {
        characterId: groupId,
        conversationId,
        content: 'Talk among yourselves.',
      });
      if (!chain.ok) {
        report.failed += groupAutoTurnsPerRound;
        continue;
      }
      const ids = () => t.started.slice(before);
      const isDone = () => {
        const started = ids();
        return (
          started.length >= groupAutoTurnsPerRound &&
          started.every((id) => t.completedAt.has(id) || t.failed.has(id))
        );
      };
      await until(isDone, replyTimeoutMs);
      // A little longer: a turn past the bound would show up as a duplicate.
      await new Promise((res) => setTimeout(res, 200));
      const started = ids();
      const unique = [...new Set(started)];
      report.duplicated += started.length - unique.length;
      report.duplicated += Math.max(0, unique.length - groupAutoTurnsPerRound);
      for (const id of unique) {
        if ((t.completions.get(id) ?? 0) > 1) report.duplicated++;
      }
      const done = unique.filter((id) => t.completedAt.has(id));
      report.completed += Math.min(done.length, groupAutoTurnsPerRound);
      report.failed += unique.filter((id) => t.failed.has(id)).length;
      report.lost += Math.max(0, groupAutoTurnsPerRound - unique.length);
      for (let i = 1; i < done.length; i++) {
        const end = t.completedAt.get(done[i - 1] ?? '');
        const next = t.firstDeltaAt.get(done[i] ?? '');
        if (end !== undefined && next !== undefined) {
          report.gapsMs.push(next - end - modelFirstTokenMs);
        }
      }
      await groups.setAutoResponse(db, conversationId, false);
    } finally {
      socket.close();
    }
  }
  return report;
}
