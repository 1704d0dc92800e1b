/**
 * Card and profile actions on the real stack (issue 10): favorites within the limit (also when many
 * arrive at once), less like this, bot ratings and their score under concurrency, creator blocks
 * hiding every path to the creator's chatbots, and deleting one's own chatbot.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCharacter } from '#shared/api/characters';
import { listConversations } from '#shared/api/conversations';
import { listBlockedCreators, listFavoriteIds, rateCharacter } from '#shared/api/social';
import { characterLimits } from '#shared/rules/character';
import * as ratings from '#server/db/repositories/ratings.repo';
import * as restrictions from '#server/db/repositories/restrictions.repo';
import * as users from '#server/db/repositories/users.repo';
import { forgetStanding } from '#server/lib/member-standing';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectMember, startStack, type ClientSocket, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

/** A signed-in member with a unique username. */
async function member(): Promise<SignedInMember & { id: string; username: string }> {
  const signedIn = await signInMember(stack, smtp);
  const username = `u${randomBytes(6).toString('hex')}`;
  await users.completeOnboarding(db(), signedIn.session.user.id, { username, name: 'Tester' });
  return { ...signedIn, id: signedIn.session.user.id, username };
}

/** A chatbot of `creatorId` with the given visibility. */
async function botOf(
  creatorId: string | null,
  visibility: 'public' | 'hidden' | 'private' = 'public',
): Promise<string> {
  const id = await createCharacter(db(), { creatorUserId: creatorId });
  await db()
    .updateTable('characters')
    .set({ visibility, definition_visible: visibility === 'public' })
    .where('id', '=', id)
    .execute();
  return id;
}

/** Many public chatbots at once (one insert), for the favorites limit. */
async function manyBots(n: number): Promise<string[]> {
  const rows = await db()
    .insertInto('characters')
    .values(
      Array.from({ length: n }, (_, i) => ({
        slug: `bulk-${randomUUID()}`,
        name: `Bulk ${i}`,
        avatar_url: null,
        creator_user_id: null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

const favorite = (m: SignedInMember, id: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  inject({ method, url: `/api/characters/${id}/favorite`, headers: m.headers });

async function favoriteIdsOf(m: SignedInMember): Promise<string[]> {
  const res = await inject({ url: '/api/me/favorite-ids', headers: m.headers });
  return listFavoriteIds.response.parse(res.json()).ids;
}

const profile = (headers: Record<string, string>, id: string) =>
  inject({ url: `/api/characters/${id}`, headers });

describe('PUT and DELETE /api/characters/:id/favorite', () => {
  it('adds and removes a favorite, both idempotent, and the profile shows it', async () => {
    const fan = await member();
    const bot = await botOf(null);
    for (let i = 0; i < 2; i++) {
      const res = await favorite(fan, bot);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isFavorite: true });
    }
    expect(await favoriteIdsOf(fan)).toEqual([bot]);
    expect(getCharacter.response.parse((await profile(fan.headers, bot)).json()).isFavorite).toBe(
      true,
    );
    for (let i = 0; i < 2; i++) {
      const res = await favorite(fan, bot, 'DELETE');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ isFavorite: false });
    }
    expect(await favoriteIdsOf(fan)).toEqual([]);
  });

  it('refuses guests, the creator, and bots the member cannot see', async () => {
    const creator = await member();
    const other = await member();
    const own = await botOf(creator.id);
    const hiddenFromOthers = await botOf(creator.id, 'private');

    const guest = await inject({
      method: 'PUT',
      url: `/api/characters/${own}/favorite`,
      headers: { 'x-guest-id': newGuestId() },
    });
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
    expect(errorOf((await favorite(creator, own)).json()).code).toBe('own_character');
    const refused = await favorite(other, hiddenFromOthers);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused.json()).code).toBe('character_not_found');
    const malformed = await favorite(other, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed.json())).toMatchObject({ code: 'validation_failed', field: 'id' });
    expect(await favoriteIdsOf(other)).toEqual([]);
    expect(await favoriteIdsOf(creator)).toEqual([]);
  });

  it('stops at exactly the limit when 20 favorites arrive at once', async () => {
    const fan = await member();
    const limit = characterLimits.favorites;
    const held = await manyBots(limit - 1);
    await db()
      .insertInto('character_favorites')
      .values(held.map((id) => ({ user_id: fan.id, character_id: id })))
      .execute();
    const racing = await manyBots(20);

    const answers = await Promise.all(racing.map((id) => favorite(fan, id)));
    const codes = answers.map((res) => (res.statusCode === 200 ? 'ok' : errorOf(res.json()).code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
    expect(codes.filter((c) => c === 'character_favorite_limit')).toHaveLength(19);
    expect(answers.find((res) => res.statusCode !== 200)?.statusCode).toBe(409);
    expect(await favoriteIdsOf(fan)).toHaveLength(limit);

    // At the limit a favorite already held is still answered, and removing one makes room.
    expect((await favorite(fan, held[0] ?? '')).statusCode).toBe(200);
    expect((await favorite(fan, held[0] ?? '', 'DELETE')).statusCode).toBe(200);
    const refused = racing.find((_, i) => answers[i]?.statusCode !== 200) ?? '';
    expect((await favorite(fan, refused)).statusCode).toBe(200);
    expect(await favoriteIdsOf(fan)).toHaveLength(limit);
  });
});

describe('PUT /api/characters/:id/dislike', () => {
  it('records a dislike once and drops the bot from favorites', async () => {
    const fan = await member();
    const bot = await botOf(null);
    await favorite(fan, bot);
    for (let i = 0; i < 2; i++) {
      const res = await inject({
        method: 'PUT',
        url: `/api/characters/${bot}/dislike`,
        headers: fan.headers,
      });
      expect(res.json()).toEqual({ isDisliked: true });
    }
    const rows = await db()
      .selectFrom('character_dislikes')
      .selectAll()
      .where('user_id', '=', fan.id)
      .execute();
    expect(rows.map((r) => r.character_id)).toEqual([bot]);
    expect(await favoriteIdsOf(fan)).toEqual([]);
  });
});

describe('PUT /api/characters/:id/rating', () => {
  const rate = (m: SignedInMember, id: string, value: unknown) =>
    inject({
      method: 'PUT',
      url: `/api/characters/${id}/rating`,
      headers: m.headers,
      payload: { value },
    });

  it('stores like 3, dislike 1, love 5 and keeps the score as the share of like and love', async () => {
    const a = await member();
    const b = await member();
    const bot = await botOf(null);
    expect(rateCharacter.response.parse((await rate(a, bot, 'love')).json())).toEqual({
      ratingScore: 1,
      numRatings: 1,
      myRating: 'love',
    });
    expect(rateCharacter.response.parse((await rate(b, bot, 'dislike')).json())).toMatchObject({
      ratingScore: 0.5,
      numRatings: 2,
    });
    // A new rating replaces the member's old one.
    expect(rateCharacter.response.parse((await rate(b, bot, 'like')).json())).toMatchObject({
      ratingScore: 1,
      numRatings: 2,
    });
    const stored = await db()
      .selectFrom('character_ratings')
      .select(['user_id', 'value'])
      .where('character_id', '=', bot)
      .execute();
    expect(new Map(stored.map((r) => [r.user_id, r.value]))).toEqual(
      new Map([
        [a.id, 5],
        [b.id, 3],
      ]),
    );
    const seen = getCharacter.response.parse((await profile(b.headers, bot)).json());
    expect(seen).toMatchObject({ ratingScore: 1, numRatings: 2, myRating: 'like' });
  });

  it('refuses guests, bad values, the creator and bots that are not public', async () => {
    const creator = await member();
    const other = await member();
    const own = await botOf(creator.id);
    const unlisted = await botOf(creator.id, 'hidden');
    const guest = await inject({
      method: 'PUT',
      url: `/api/characters/${own}/rating`,
      headers: { 'x-guest-id': newGuestId() },
      payload: { value: 'like' },
    });
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
    for (const value of ['great', 3, null, 'like\u0000']) {
      const res = await rate(other, own, value);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'value' });
    }
    expect(errorOf((await rate(creator, own, 'love')).json()).code).toBe('own_character');
    expect(errorOf((await rate(other, unlisted, 'love')).json()).code).toBe('character_not_found');
    const counts = await db()
      .selectFrom('characters')
      .select(['num_ratings', 'rating_score'])
      .where('id', 'in', [own, unlisted])
      .execute();
    expect(counts).toEqual([
      { num_ratings: 0, rating_score: 0 },
      { num_ratings: 0, rating_score: 0 },
    ]);
  });

  it('keeps the score and count right when 30 members rate at once', async () => {
    const bot = await botOf(null);
    const raters = await Promise.all(
      Array.from({ length: 30 }, () =>
        users.upsertMemberByEmail(db(), `rater-${randomUUID()}@example.com`),
      ),
    );
    const values = raters.map((_, i) => ([1, 3, 5] as const)[i % 3] ?? 1);
    await Promise.all(raters.map((r, i) => ratings.rate(db(), r.id, bot, values[i] ?? 1)));
    const row = await db()
      .selectFrom('characters')
      .select(['num_ratings', 'rating_score'])
      .where('id', '=', bot)
      .executeTakeFirstOrThrow();
    expect(row.num_ratings).toBe(30);
    expect(row.rating_score).toBeCloseTo(20 / 30, 5);
  });
});

describe('creator blocks', () => {
  it('hide the creator’s bots from the profile, the chat and every action, until unblocked', async () => {
    const creator = await member();
    const blocker = await member();
    const bot = await botOf(creator.id);
    const unlisted = await botOf(creator.id, 'hidden');
    const socket = await connectMember(stack.url, blocker.session.accessToken);
    sockets.push(socket);
    // A chat the member had before blocking is closed to them afterwards.
    const before = await socket.emitWithAck('message:send', {
      characterId: bot,
      conversationId: null,
      content: 'Hello before',
    });
    if (!before.ok) throw new Error('the first message was refused');
    const chatId = before.data.conversationId;

    const blocked = await inject({
      method: 'PUT',
      url: `/api/creators/${creator.username.toUpperCase()}/block`,
      headers: blocker.headers,
    });
    expect(blocked.json()).toEqual({ id: creator.id, username: creator.username });
    const list = await inject({ url: '/api/me/blocked-creators', headers: blocker.headers });
    expect(listBlockedCreators.response.parse(list.json()).items).toEqual([
      { id: creator.id, username: creator.username },
    ]);

    for (const id of [bot, unlisted]) {
      const res = await profile(blocker.headers, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).code).toBe('character_not_found');
    }
    const sent = await socket.emitWithAck('message:send', {
      characterId: bot,
      conversationId: null,
      content: 'Hello',
    });
    expect(sent).toMatchObject({ ok: false, error: { code: 'character_not_found' } });
    expect(errorOf((await favorite(blocker, bot)).json()).code).toBe('character_not_found');
    for (const url of [`/api/conversations/${chatId}`, `/api/conversations/${chatId}/messages`]) {
      const res = await inject({ url, headers: blocker.headers });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).code).toBe('character_not_found');
    }
    const chats = await inject({ url: '/api/conversations', headers: blocker.headers });
    expect(listConversations.response.parse(chats.json()).items).toEqual([]);
    const report = await inject({
      method: 'POST',
      url: '/api/reports',
      headers: blocker.headers,
      payload: {
        characterId: bot,
        userIssueType: 'Guidelines',
        userReportDetails: 'x',
        userExpectedResolution: 'deleted',
      },
    });
    expect(errorOf(report.json()).code).toBe('character_not_found');
    // Everyone else still sees the bot.
    expect((await profile({ 'x-guest-id': newGuestId() }, bot)).statusCode).toBe(200);

    const unblocked = await inject({
      method: 'DELETE',
      url: `/api/creators/${creator.username}/block`,
      headers: blocker.headers,
    });
    expect(unblocked.statusCode).toBe(200);
    expect((await profile(blocker.headers, bot)).statusCode).toBe(200);
    const reopened = await inject({
      url: `/api/conversations/${chatId}`,
      headers: blocker.headers,
    });
    expect(reopened.statusCode).toBe(200);
    const after = await inject({ url: '/api/me/blocked-creators', headers: blocker.headers });
    expect(listBlockedCreators.response.parse(after.json()).items).toEqual([]);
  });

  it('refuse blocking oneself, unknown or malformed usernames and guests', async () => {
    const m = await member();
    const block = (username: string, headers: Record<string, string> = m.headers) =>
      inject({ method: 'PUT', url: `/api/creators/${username}/block`, headers });
    expect(errorOf((await block(m.username)).json()).code).toBe('creator_block_self');
    expect(errorOf((await block(`nobody${randomBytes(4).toString('hex')}`)).json()).code).toBe(
      'user_not_found',
    );
    const oversize = await block('x'.repeat(41));
    expect(errorOf(oversize.json())).toMatchObject({
      code: 'validation_failed',
      field: 'username',
    });
    expect((await block('%00abc')).statusCode).toBe(400);
    const guest = await block(m.username, { 'x-guest-id': newGuestId() });
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
    const list = await inject({ url: '/api/me/blocked-creators', headers: m.headers });
    expect(listBlockedCreators.response.parse(list.json()).items).toEqual([]);
  });

  it('stay one block when 20 arrive at once, and many members may block one creator', async () => {
    const creator = await member();
    const blockers = [await member(), await member(), await member()];
    const first = blockers[0];
    if (!first) throw new Error('no blocker');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        inject({
          method: 'PUT',
          url: `/api/creators/${creator.username}/block`,
          headers: first.headers,
        }),
      ),
      ...blockers.slice(1).map((b) =>
        inject({
          method: 'PUT',
          url: `/api/creators/${creator.username}/block`,
          headers: b.headers,
        }),
      ),
    ]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await db()
      .selectFrom('creator_blocks')
      .select('user_id')
      .where('creator_user_id', '=', creator.id)
      .execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(blockers.map((b) => b.id).sort());
  });
});

describe('DELETE /api/characters/:id', () => {
  const remove = (headers: Record<string, string>, id: string) =>
    inject({ method: 'DELETE', url: `/api/characters/${id}`, headers });

  it('lets only the creator delete, and another member can neither delete nor read a private bot', async () => {
    const creator = await member();
    const other = await member();
    const publicBot = await botOf(creator.id);
    const privateBot = await botOf(creator.id, 'private');
    for (const id of [publicBot, privateBot]) {
      const res = await remove(other.headers, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json()).code).toBe('character_not_found');
    }
    expect((await profile(other.headers, privateBot)).statusCode).toBe(404);
    expect(errorOf((await remove({ 'x-guest-id': newGuestId() }, publicBot)).json()).code).toBe(
      'sign_in_required',
    );
    expect((await remove(creator.headers, 'nope')).statusCode).toBe(400);
    await favorite(other, publicBot);

    for (const id of [publicBot, privateBot]) {
      const res = await remove(creator.headers, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id });
      expect(errorOf((await profile(creator.headers, id)).json()).code).toBe('character_not_found');
      expect(errorOf((await remove(creator.headers, id)).json()).code).toBe('character_not_found');
    }
    expect(await favoriteIdsOf(other)).toEqual([]);
  });

  it('answers account_restricted to a Restricted creator and keeps the bot', async () => {
    const creator = await member();
    const bot = await botOf(creator.id);
    await restrictions.insert(db(), {
      userId: creator.id,
      type: 'restriction_limited',
      reason: 'test',
      createdBy: creator.id,
      expiresAt: null,
    });
    await forgetStanding(stack.app.deps, creator.id);
    const res = await remove(creator.headers, bot);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res.json()).code).toBe('account_restricted');
    expect((await profile(creator.headers, bot)).statusCode).toBe(200);
  });
});

describe('GET /api/characters/:id for an NSFW bot', () => {
  it('asks guests to sign up and shows members the profile', async () => {
    const viewer = await member();
    const bot = await botOf(null);
    await db().updateTable('characters').set({ is_nsfw: true }).where('id', '=', bot).execute();
    const guest = await profile({ 'x-guest-id': newGuestId() }, bot);
    expect(guest.statusCode).toBe(403);
    expect(errorOf(guest.json()).code).toBe('sign_up_required');
    const seen = getCharacter.response.parse((await profile(viewer.headers, bot)).json());
    expect(seen).toMatchObject({ id: bot, isNsfw: true, isCreator: false, isFavorite: false });
  });
});
