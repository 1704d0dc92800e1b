/** Deletes guests not seen for GUEST_TTL_DAYS, with their conversations: guest chats expire. */
import type { Db } from '#server/db/database';
import * as users from '#server/db/repositories/users.repo';
import type { Logger } from '#server/lib/log';

export async function purgeGuests(deps: { db: Db; log: Logger; ttlDays: number }): Promise<void> {
  const deleted = await users.purgeGuestsUnseenFor(deps.db, deps.ttlDays);
  if (deleted > 0) deps.log.info({ deleted }, 'expired guests purged');
}
