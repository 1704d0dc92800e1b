/** The product's database as global setup made it, for what no screen can set up yet (chatbots, groups). */
import pg from 'pg';
import { e2eDatabaseUrl } from './global-setup';

/** Runs one statement in the product's database; answers its rows. */
export async function sql<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
