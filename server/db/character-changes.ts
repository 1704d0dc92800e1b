/**
 * Keeps a process's character cache told of changes: one connection LISTENs on `character_changed`,
 * which triggers notify with a character's id whenever what the cache holds of it changes
 * (migrations/202612010600_character_changes.ts). While the connection is down nothing can be heard:
 * the cache forgets everything and falls back to its short lifetime until the connection is back.
 */
import pg from 'pg';
import type { Logger } from '../lib/log';
import type { CharacterCache } from './character-cache';

const channel = 'character_changed';
const reconnectMs = 1_000;
/** How the listening connection shows in pg_stat_activity. */
export const applicationName = 'charchat-character-changes';

export interface CharacterChanges {
  close: () => Promise<void>;
}

export function listenForCharacterChanges(
  databaseUrl: string,
  cache: CharacterCache,
  log: Logger,
): CharacterChanges {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let isClosed = false;

  const lost = (err?: unknown) => {
    cache.forget(null, false);
    if (isClosed || retry !== undefined) return;
    if (err !== undefined) log.warn({ err }, 'character changes not heard; reconnecting');
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = null;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, reconnectMs);
  };

  const connect = () => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      application_name: applicationName,
    });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) cache.forget(message.payload);
    });
    next.on('error', lost);
    next.on('end', () => {
      lost();
    });
    next
      .connect()
      .then(() => next.query(`listen ${channel}`))
      .then(() => {
        // Whatever changed while nothing was heard is read again.
        if (client === next) cache.forget(null, true);
      })
      .catch(lost);
  };

  connect();
  return {
    close: async () => {
      isClosed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}
