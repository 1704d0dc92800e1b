/**
 * Members' own OpenAI keys as replies use them (issue 11, item 11): the owner's mode and sealed key
 * (read with the rest of the owner: generation-settings.repo.ts, replyOwnerOf), and the record of how
 * each of their replies was written (reply_routes).
 */
import type { Db } from '../database';

export interface OwnKeyRecord {
  mode: 'disabled' | 'enabled' | 'hybrid';
  /** Sealed with the auth secret (server/lib/secret-box.ts); opened only to call the model. */
  sealedKey: string | null;
}

export type ReplyRoute = { route: 'own_key' } | { route: 'own_key_fallback'; fallbackCode: string };

export async function saveRoute(db: Db, messageId: string, r: ReplyRoute): Promise<void> {
  await db
    .insertInto('reply_routes')
    .values({
      message_id: messageId,
      route: r.route,
      fallback_code: r.route === 'own_key_fallback' ? r.fallbackCode : null,
    })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .execute();
}

export async function findRoute(db: Db, messageId: string): Promise<ReplyRoute | null> {
  const row = await db
    .selectFrom('reply_routes')
    .select(['route', 'fallback_code'])
    .where('message_id', '=', messageId)
    .executeTakeFirst();
  if (!row) return null;
  return row.route === 'own_key'
    ? { route: 'own_key' }
    : { route: 'own_key_fallback', fallbackCode: row.fallback_code ?? 'generation_failed' };
}
