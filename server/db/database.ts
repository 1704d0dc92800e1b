/** The kysely instance over a pg pool; every process makes one and destroys it on shutdown. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

export type Db = Kysely<Database>;

/**
 * How long a connection may keep a caller waiting (0 or unset: no bound). A read replica's pool sets
 * both, so a replica that stops answering fails its reads over to the primary (read-db.ts): one that
 * does not accept a connection in connectTimeoutMs, and one that accepted a query but answers nothing
 * (a hung host) after queryTimeoutMs.
 */
export interface ConnectionLimits {
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
}

export function createDb(databaseUrl: string, max = 10, limits: ConnectionLimits = {}): Db {
  // Idle connections stay open: pg's default closes them after 10 s, and a chat message after a quiet
  // spell then paid for a new connection (several ms) on its way to the first token.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: limits.connectTimeoutMs ?? 0,
    // pg's client-side bound: the query fails while its connection stays busy with it, so a hung
    // replica's later queries on that connection fail the same way until it answers again.
    query_timeout: limits.queryTimeoutMs ?? 0,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real errors.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
