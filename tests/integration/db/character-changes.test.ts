/**
 * The character cache told of changes (migrations/202612010600, server/db/character-changes.ts): a change
 * to a character's definition, visibility, tags, lorebooks or their entries reaches a listening cache at
 * once, whichever statement made it; counters a message or a rating moves notify nothing; a lost
 * connection forgets everything and listens again. Every test works on its own characters.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CharacterCache } from '#server/db/character-cache';
import { applicationName, listenForCharacterChanges } from '#server/db/character-changes';
import { createDb, type Db } from '#server/db/database';
import * as lorebooks from '#server/db/repositories/lorebooks.repo';
import * as users from '#server/db/repositories/users.repo';
import { createLogger } from '#server/lib/log';
import { defaultEntrySettings } from '#shared/rules/lorebook';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';

const url = testConfig().DATABASE_URL;
let db: Db;
let cache: CharacterCache;
let changes: { close: () => Promise<void> };
/** A second listener that records every notified id, in the order they came. */
let heard: string[] = [];
let listener: pg.Client;

beforeAll(async () => {
  db = createDb(url, 4);
  cache = new CharacterCache(db);
  changes = listenForCharacterChanges(url, cache, createLogger('silent', 'test'));
  listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (m) => {
    if (m.payload) heard.push(m.payload);
  });
  await listener.query('listen character_changed');
});
afterAll(async () => {
  await changes.close();
  await listener.end();
  await db.destroy();
});

/** Until `read` gives what `check` accepts (the notification travels after the commit). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the cache never saw the change');
}

async function member(): Promise<string> {
  return (await users.upsertMemberByEmail(db, `changes-${randomUUID()}@example.com`)).id;
}

const entry = (content: string) => ({
  name: 'The tower',
  keywords: ['tower'],
  content,
  ...defaultEntrySettings(),
  priority: 10,
});

const book = {
  name: 'Old lore',
  description: 'A test book',
  avatarUrl: '/uploads/test.png',
  tags: ['Fantasy', 'Lore'],
  scanDepth: 4,
  tokenBudget: 512,
  recursiveScanning: false,
};

describe('character changes', () => {
  it('an edit made by any statement reaches the cache', async () => {
    const id = await createCharacter(db);
    expect((await cache.get(id))?.persona).toContain('cheerful');
    await sql`update characters set persona = 'Now grim.' where id = ${id}`.execute(db);
    const seen = await eventually(
      () => cache.get(id),
      (c) => c?.persona === 'Now grim.',
    );
    expect(seen?.persona).toBe('Now grim.');
    await sql`delete from characters where id = ${id}`.execute(db);
    expect(
      await eventually(
        () => cache.get(id),
        (c) => c === undefined,
      ),
    ).toBeUndefined();
  });

  it('counters a message or a rating moves notify nothing; a definition change notifies once', async () => {
    const id = await createCharacter(db);
    const marker = await createCharacter(db);
    // Creating them notified (their tags); once a later change is heard, so were those.
    const sentinel = await createCharacter(db);
    await sql`update characters set greeting = 'Hello.' where id = ${sentinel}`.execute(db);
    await eventually(
      () => Promise.resolve(heard),
      (h) => h.includes(sentinel),
    );
    heard = [];
    await sql`update characters set num_messages = num_messages + 1, num_messages_24h = num_messages_24h + 1,
      updated_at = now() where id = ${id}`.execute(db);
    await sql`update characters set rating_score = 0.5, num_ratings = 2 where id = ${id}`.execute(
      db,
    );
    // Two changes to one character in one transaction come as one notification.
    await db.transaction().execute(async (trx) => {
      await sql`update characters set greeting = 'Hi.' where id = ${marker}`.execute(trx);
      await sql`update characters set scenario = 'Elsewhere.' where id = ${marker}`.execute(trx);
    });
    await eventually(
      () => Promise.resolve(heard),
      (h) => h.includes(marker),
    );
    expect(heard.filter((h) => h === id || h === marker)).toEqual([marker]);
  });

  it('attaching a lorebook, editing its entries, publishing the bot and detaching it reach the cache', async () => {
    const owner = await member();
    const id = await createCharacter(db);
    await sql`update characters set visibility = 'private' where id = ${id}`.execute(db);
    expect(await cache.lorebooks(id)).toEqual([]);
    const bookId = await lorebooks.create(db, owner, book, [entry('The tower is old.')]);
    await lorebooks.attach(db, id, bookId, 5);
    const attached = await eventually(
      () => cache.lorebooks(id),
      (b) => b.length === 1,
    );
    const [first] = attached[0]?.entries ?? [];
    expect(first?.content).toBe('The tower is old.');
    if (first === undefined) throw new Error('no entry');

    await lorebooks.updateEntry(db, bookId, first.id, entry('The tower fell.'));
    await eventually(
      () => cache.lorebooks(id),
      (b) => b[0]?.entries[0]?.content === 'The tower fell.',
    );
    await lorebooks.update(db, bookId, { ...book, scanDepth: 9 });
    await eventually(
      () => cache.lorebooks(id),
      (b) => b[0]?.scanDepth === 9,
    );
    // Books work on private bots only: a bot made public keeps its book, unread until private again.
    await sql`update characters set visibility = 'public' where id = ${id}`.execute(db);
    await eventually(
      () => cache.lorebooks(id),
      (b) => b.length === 0,
    );
    await sql`update characters set visibility = 'private' where id = ${id}`.execute(db);
    await eventually(
      () => cache.lorebooks(id),
      (b) => b.length === 1,
    );
    await lorebooks.detach(db, id, bookId);
    await eventually(
      () => cache.lorebooks(id),
      (b) => b.length === 0,
    );
  });

  it('a lost connection forgets what was cached and listens again', async () => {
    const id = await createCharacter(db);
    await cache.get(id);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${applicationName} and datname = current_database()`.execute(db);
    // Written while the listener may be down: read again all the same, at once or on reconnecting.
    await sql`update characters set persona = 'Changed in the gap.' where id = ${id}`.execute(db);
    await eventually(
      () => cache.get(id),
      (c) => c?.persona === 'Changed in the gap.',
    );
    // Listening again: a later change is heard too.
    await eventually(
      async () => {
        await sql`update characters set persona = ${`Later ${randomUUID()}`} where id = ${id}`.execute(
          db,
        );
        return cache.get(id);
      },
      (c) => c?.persona.startsWith('Later') === true,
    );
  });

  it('many edits at once all reach the cache', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => createCharacter(db)));
    await Promise.all(ids.map((id) => cache.get(id)));
    await Promise.all(
      ids.map((id, i) =>
        sql`update characters set persona = ${`Edit ${String(i)}`} where id = ${id}`.execute(db),
      ),
    );
    const seen = await eventually(
      () => Promise.all(ids.map((id) => cache.get(id))),
      (cs) => cs.every((c, i) => c?.persona === `Edit ${String(i)}`),
    );
    expect(seen).toHaveLength(20);
  });
});
