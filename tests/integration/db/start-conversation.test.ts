/**
 * A conversation starts with its greeting and the user's first message in one statement
 * (server/db/repositories/messages.repo.ts). The greeting must sort before the message however long
 * PostgreSQL takes between the two inserts: a CI run under load once showed the greeting after it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '#server/db/database';
import * as messages from '#server/db/repositories/messages.repo';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';

let db: Db;
let characterId: string;
const guestIds: string[] = [];

beforeAll(async () => {
  db = createDb(testConfig().DATABASE_URL, 8);
  characterId = await createCharacter(db);
});
afterAll(async () => {
  await db.deleteFrom('users').where('guest_id', 'in', guestIds).execute();
  await db.deleteFrom('characters').where('id', '=', characterId).execute();
  await db.destroy();
});

it('dates the greeting before the first message when many conversations start at once', async () => {
  // A long first message makes the message's insert slow (it is compressed and stored out of line).
  const long = Array.from({ length: 4000 }, (_, i) => `word${String(i)}`).join(' ');
  const started = await Promise.all(
    Array.from({ length: 40 }, async () => {
      const guestId = randomUUID();
      guestIds.push(guestId);
      const guest = await users.upsertGuest(db, guestId);
      const conversationId = randomUUID();
      const greetingId = randomUUID();
      await messages.startConversation(db, {
        conversationId,
        userId: guest.id,
        characterId,
        userPersonaId: null,
        greeting: { chosenId: greetingId, all: [{ id: greetingId, content: 'Hello, traveller.' }] },
        message: { id: randomUUID(), content: long },
      });
      return conversationId;
    }),
  );
  for (const conversationId of started) {
    const rows = await messages.listAll(db, conversationId);
    expect(rows.map((r) => r.role)).toEqual(['bot', 'user']);
  }
});
