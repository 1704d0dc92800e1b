/**
 * The test PostgreSQL's streaming replica (testkit/pg-replica.sh): starting and stopping it, waiting
 * for it to replay what the primary has written, and pausing its replay to make it stale on purpose.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { parseLsn } from '#server/db/replica-lsn';

const script = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../testkit/pg-replica.sh',
);

/** Starts the replica unless it runs (a fresh copy then), or stops it. */
export function replicaScript(command: 'start' | 'stop'): void {
  execFileSync(script, [command], { stdio: 'inherit' });
}

async function query(url: string, text: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string | null }>(
      `select (${text})::text as value`,
    );
    return rows[0]?.value ?? null;
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed all the primary had written when this was called. */
export async function waitForReplay(primaryUrl: string, replicaUrl: string): Promise<void> {
  const written = parseLsn((await query(primaryUrl, 'pg_current_wal_lsn()')) ?? '');
  for (let waited = 0; waited < 30_000; waited += 20) {
    const replayed = await query(replicaUrl, 'pg_last_wal_replay_lsn()').catch(() => null);
    if (replayed !== null && parseLsn(replayed) >= written) return;
    await sleep(20);
  }
  throw new Error(`the replica at ${replicaUrl} did not replay the primary's WAL within 30 s`);
}

/** Pauses or resumes the replica's replay; paused, it still receives WAL, so the primary keeps none. */
export async function setReplayPaused(replicaUrl: string, paused: boolean): Promise<void> {
  await query(replicaUrl, paused ? 'pg_wal_replay_pause()' : 'pg_wal_replay_resume()');
}
