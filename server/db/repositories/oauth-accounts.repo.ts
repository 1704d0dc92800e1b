import type { Db } from '../database';

export async function findUserId(
  db: Db,
  provider: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oauth_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function link(
  db: Db,
  row: { provider: string; subject: string; userId: string; email: string | null },
): Promise<void> {
  await db
    .insertInto('oauth_accounts')
    .values({ provider: row.provider, subject: row.subject, user_id: row.userId, email: row.email })
    .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
    .execute();
}

/** The provider identities a user signs in with. */
export async function listForUser(
  db: Db,
  userId: string,
): Promise<{ provider: string; subject: string }[]> {
  return db
    .selectFrom('oauth_accounts')
    .select(['provider', 'subject'])
    .where('user_id', '=', userId)
    .execute();
}
