/**
 * npm run soak (not part of npm test): mixed chat traffic against the product split as in production
 * (two server processes, two worker processes, a paced OpenAI-wire server), while every few minutes a
 * worker is killed outright (SIGKILL) or a server restarts (SIGTERM, then started again). At the end it
 * checks the database: every message the product acknowledged must have exactly one reply stored.
 * Prints sent, stored once, lost and duplicated (all must be 0 but the first two) and the time replies
 * took to resume after each fault. SOAK_MINUTES (30), SOAK_FAULT_SECONDS (150), SOAK_CHATTERS (24).
 */
import { createDb, type Db } from '#server/db/database';
import { prepare } from '#server/lib/startup';
import { createBenchCharacter } from './bench/chat-path';
import { freePort, startProcess, type Child } from './bench/processes';
import { median, quantile, round } from './bench/stats';
import { openPrivateRun } from './bench/private-run';
import { Chatter } from './soak/chatter';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const faultEverySeconds = Number(process.env.SOAK_FAULT_SECONDS ?? 150);
const chatterCount = Number(process.env.SOAK_CHATTERS ?? 24);

const { prefix, cleanUp } = openPrivateRun('soak');
process.env.LOG_LEVEL ??= 'warn';

const log = (line: string) => {
  process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
};

/** For each message content: how many replies answer it (undefined when it was never stored). */
async function repliesTo(db: Db, contents: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < contents.length; i += 500) {
    const rows = await db
      .selectFrom('messages as m')
      .leftJoin('messages as r', (join) =>
        join.onRef('r.prev_id', '=', 'm.id').on('r.role', '=', 'bot'),
      )
      .select(['m.content', (eb) => eb.fn.count<string>('r.id').as('replies')])
      .where('m.role', '=', 'user')
      .where('m.content', 'in', contents.slice(i, i + 500))
      .groupBy('m.content')
      .execute();
    for (const row of rows) counts.set(row.content, Number(row.replies));
  }
  return counts;
}

const config = await prepare({ migrate: true });
const db = createDb(config.DATABASE_URL, 2);
const characterId = await createBenchCharacter(db);
const wire = await startProcess(
  'scripts/bench/wire-main.ts',
  { WIRE_CHUNKS: '40', WIRE_FIRST_MS: '200', WIRE_GAP_MS: '40' },
  /wire listening at (\S+)/,
);
const wireUrl = /wire listening at (\S+)/.exec(wire.output())?.[1] ?? '';
const env = {
  DATABASE_URL: config.DATABASE_URL,
  REDIS_URL: config.REDIS_URL,
  REDIS_PREFIX: prefix,
  LLM_PROVIDER: 'openai',
  LLM_BASE_URL: wireUrl,
  LLM_MODEL: 'wire',
  WAITING_ROOM_MAX: '0',
  GUEST_MESSAGES_PER_HOUR: '100000',
  GUEST_MESSAGES_PER_IP_PER_HOUR: '10000000',
  GUESTS_PER_IP_PER_HOUR: '1000000',
  LOG_LEVEL: 'info',
};
const ports = [await freePort(), await freePort()];
const startServer = (port: number) =>
  startProcess('server/main.ts', { ...env, PORT: String(port) }, /Server listening/);
const startWorker = () => startProcess('workers/main.ts', env, /workers started/, 120_000);
const servers: Child[] = await Promise.all(ports.map(startServer));
const workers: Child[] = [await startWorker(), await startWorker()];

const chatters = Array.from(
  { length: chatterCount },
  (_, i) =>
    new Chatter(
      `http://127.0.0.1:${String(ports[i % ports.length])}`,
      characterId,
      `chatter${String(i)}`,
    ),
);
const until = Date.now() + minutes * 60_000;
log(
  `soak: ${String(chatterCount)} chatters, ${String(minutes)} min, a fault every ${String(faultEverySeconds)} s`,
);
const chatting = Promise.all(chatters.map((c) => c.run(until)));

const faults: string[] = [];
let faultIndex = 0;
while (Date.now() + faultEverySeconds * 1000 < until) {
  await new Promise((resolve) => setTimeout(resolve, faultEverySeconds * 1000));
  const at = Date.now();
  if (faultIndex % 2 === 0) {
    const w = faultIndex % 4 === 0 ? 0 : 1;
    const pid = workers[w]?.process.pid;
    if (pid !== undefined) process.kill(-pid, 'SIGKILL');
    for (const c of chatters) c.faultAt = at;
    log(`fault: worker ${String(w)} killed`);
    faults.push('worker killed');
    workers[w] = await startWorker();
  } else {
    const s = faultIndex % 4 === 1 ? 0 : 1;
    for (const [i, c] of chatters.entries()) if (i % ports.length === s) c.faultAt = at;
    log(`fault: server ${String(s)} restarting`);
    faults.push('server restarted');
    await servers[s]?.stop();
    const port = ports[s];
    if (port !== undefined) servers[s] = await startServer(port);
  }
  faultIndex += 1;
}
await chatting;
// Replies still in hand finish before the count.
await new Promise((resolve) => setTimeout(resolve, 15_000));
for (const c of chatters) c.close();

const sent = chatters.flatMap((c) => c.log.sent);
const unacknowledged = chatters.flatMap((c) => c.log.unacknowledged);
const replies = await repliesTo(db, [...sent, ...unacknowledged]);
const storedOnce = sent.filter((content) => replies.get(content) === 1).length;
const lost = sent.filter((content) => (replies.get(content) ?? 0) === 0).length;
const duplicated =
  sent.filter((content) => (replies.get(content) ?? 0) > 1).length +
  chatters.reduce((n, c) => n + c.log.duplicateCompletions, 0);
const orphaned = unacknowledged.filter((content) => replies.get(content) === 0).length;
const recoveries = chatters.flatMap((c) => c.log.recoveries);
const failures = chatters.reduce((n, c) => n + c.log.failures, 0);

await Promise.all([...servers, ...workers, wire].map((c) => c.stop()));
await db.destroy();
await cleanUp();

const lines = [
  '',
  `Soak: ${String(minutes)} min, ${String(chatterCount)} chatters, faults: ${faults.join(', ') || 'none'}`,
  '',
  '| measure | value |',
  '| --- | --- |',
  `| messages sent and acknowledged | ${String(sent.length)} |`,
  `| replies stored once | ${String(storedOnce)} |`,
  `| lost (acknowledged, no reply stored) | ${String(lost)} |`,
  `| duplicated (two replies stored, or completed twice) | ${String(duplicated)} |`,
  `| sends never acknowledged (a server went away) / of them stored without a reply | ${String(unacknowledged.length)} / ${String(orphaned)} |`,
  `| failures reported to the client, then retried | ${String(failures)} |`,
  `| reply resumed after a fault, p50 / p95 / max | ${String(round(median(recoveries) / 1000, 1))} / ${String(round(quantile(recoveries, 0.95) / 1000, 1))} / ${String(round(Math.max(0, ...recoveries) / 1000, 1))} s (${String(recoveries.length)} replies) |`,
];
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(lost === 0 && duplicated === 0 && orphaned === 0 ? 0 : 1);
