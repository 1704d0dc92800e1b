/** The kysely instance over a pg pool; every process makes one and destroys it on shutdown. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

export type Db = Kysely<Database>;

/** `connectTimeoutMs` bounds a new connection's wait (0: none; a read replica's pool sets one). */
export function createDb(databaseUrl: string, max = 10, connectTimeoutMs = 0): Db {
  // Idle connections stay open: pg's default closes them after 10 s, and a chat message after a quiet
  // spell then paid for a new connection (several ms) on its way to the first token.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real errors.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
