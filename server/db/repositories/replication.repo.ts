/** WAL positions of the primary and of a streaming replica (db/read-db.ts routes reads by them). */
import { sql } from 'kysely';
import type { Db } from '../database';
import { parseLsn, type Lsn } from '../replica-lsn';

/**
 * How far the primary has written its WAL: past the commit record of every transaction whose commit
 * returned before it was asked (a commit waits for its record to be flushed; nothing here turns
 * synchronous_commit off). Not the insert position: on a quiet primary that can point past a page
 * header no replica ever reports having replayed.
 */
export async function primaryLsn(db: Db): Promise<Lsn> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
  return parseLsn(rows[0]?.lsn ?? '');
}

/** How far a replica has replayed the primary's WAL; null from a server that is not a replica. */
export async function replayedLsn(db: Db): Promise<Lsn | null> {
  const { rows } = await sql<{
    lsn: string | null;
  }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(db);
  const lsn = rows[0]?.lsn ?? null;
  return lsn === null ? null : parseLsn(lsn);
}
