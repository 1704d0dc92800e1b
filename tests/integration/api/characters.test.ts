import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app';
import * as users from '#server/db/repositories/users.repo';
import { getCharacter } from '#shared/api/characters';
import { seedCharacters } from '#server/db/seed-characters';
import { seedLibrary, systemCreator } from '#server/services/seed.service';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorCode, errorOf } from '../../support/http';
import { connectGuest, startStack, type ClientSocket, type Stack } from '../../support/stack';

let stack: Stack;
let app: App;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  stack = await startStack(testConfig(), { workers: false });
  app = stack.app;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await stack.close();
});

const asGuest = (guestId = newGuestId()) => ({ 'x-guest-id': guestId });

/** A private character made by a new guest; answers its id and the creator's guest id. */
async function privateCharacter(): Promise<{ id: string; creatorGuestId: string }> {
  const creatorGuestId = newGuestId();
  const creator = await users.upsertGuest(app.deps.db, creatorGuestId);
  const id = await createCharacter(app.deps.db);
  await app.deps.db
    .updateTable('characters')
    .set({ visibility: 'private', definition_visible: false, creator_user_id: creator.id })
    .where('id', '=', id)
    .execute();
  return { id, creatorGuestId };
}

describe('GET /api/characters/:id', () => {
  it('returns the profile with its definition', async () => {
    const id = await createCharacter(app.deps.db, { name: 'Profiled' });
    const res = await app.fastify.inject({
      method: 'GET',
      url: `/api/characters/${id}`,
      headers: asGuest(),
    });
    expect(res.statusCode).toBe(200);
    const mentionsTesty: unknown = expect.stringContaining('Testy');
    expect(res.json()).toMatchObject({
      id,
      name: 'Profiled',
      greeting: 'Hello {{user}}, I am {{char}}.',
      persona: mentionsTesty,
    });
  });

  it('hides the definition when it is not visible', async () => {
    const id = await createCharacter(app.deps.db);
    await app.deps.db
      .updateTable('characters')
      .set({ definition_visible: false })
      .where('id', '=', id)
      .execute();
    const body = getCharacter.response.parse(
      (
        await app.fastify.inject({
          method: 'GET',
          url: `/api/characters/${id}`,
          headers: asGuest(),
        })
      ).json(),
    );
    expect(body).toMatchObject({ persona: null, scenario: null, dialogue: null });
  });

  it('answers character_not_found for an unknown or private character', async () => {
    const id = await createCharacter(app.deps.db);
    await app.deps.db
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', id)
      .execute();
    for (const target of [id, '00000000-0000-4000-8000-000000000000']) {
      const res = await app.fastify.inject({
        method: 'GET',
        url: `/api/characters/${target}`,
        headers: asGuest(),
      });
      expect(res.statusCode).toBe(404);
      expect(errorCode(res.json())).toBe('character_not_found');
    }
  });

  it('shows a private character, with its definition, to its creator only', async () => {
    const { id, creatorGuestId } = await privateCharacter();
    const own = await app.fastify.inject({
      method: 'GET',
      url: `/api/characters/${id}`,
      headers: asGuest(creatorGuestId),
    });
    expect(own.statusCode).toBe(200);
    const profile = getCharacter.response.parse(own.json());
    expect(profile).toMatchObject({ id, visibility: 'private' });
    expect(profile.persona).toContain('Testy');
    const other = await app.fastify.inject({
      method: 'GET',
      url: `/api/characters/${id}`,
      headers: asGuest(),
    });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other.json())).toBe('character_not_found');
  });

  it('asks a request without any identity to sign in', async () => {
    const id = await createCharacter(app.deps.db);
    const res = await app.fastify.inject({ method: 'GET', url: `/api/characters/${id}` });
    expect(res.statusCode).toBe(401);
    expect(errorCode(res.json())).toBe('sign_in_required');
  });

  it('rejects a malformed id', async () => {
    const res = await app.fastify.inject({
      method: 'GET',
      url: '/api/characters/not-a-uuid',
      headers: asGuest(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
  });
});

describe('message:send and the visibility rule', () => {
  const send = (socket: ClientSocket, characterId: string) =>
    socket.emitWithAck('message:send', { characterId, conversationId: null, content: 'Hi' });

  it('lets the creator chat with their private character and nobody else', async () => {
    const { id, creatorGuestId } = await privateCharacter();
    const creator = await connectGuest(stack.url, creatorGuestId);
    const other = await connectGuest(stack.url, newGuestId());
    sockets.push(creator, other);

    const refused = await send(other, id);
    expect(refused).toMatchObject({ ok: false, error: { code: 'character_not_found' } });
    const sent = await send(creator, id);
    expect(sent.ok).toBe(true);
  });
});

describe('the seeded library', () => {
  it('belongs to the system creator, whose username every character carries', async () => {
    await seedLibrary(app.deps.db);
    const seeded = await app.deps.db
      .selectFrom('characters')
      .select('id')
      .where('slug', '=', seedCharacters[0]?.slug ?? '')
      .executeTakeFirstOrThrow();
    const res = await app.fastify.inject({
      method: 'GET',
      url: `/api/characters/${seeded.id}`,
      headers: asGuest(),
    });
    expect(getCharacter.response.parse(res.json()).creatorUsername).toBe(systemCreator.username);
  });
});
