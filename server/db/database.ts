/** The kysely instance over a pg pool; every process makes one and destroys it on shutdown. */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

export type Db = Kysely<Database>;

export function createDb(databaseUrl: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports real errors.
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
