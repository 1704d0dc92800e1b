import { sql } from 'kysely';
import type { Db } from '../database';

/** The cheapest round trip to PostgreSQL. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
