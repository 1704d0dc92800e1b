import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '#server/app';
import * as library from '#server/db/repositories/library.repo';
import type { CharactersTable } from '#server/db/tables';
import { listLibrary, type LibraryPage } from '#shared/api/library';
import { createCharacter, newGuestId } from '../../support/factories';
import { createLongConversation } from '../../../testkit/long-conversation';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let smtp: LocalSmtp;
let stack: Stack;
let app: App;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  app = stack.app;
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const asGuest = () => ({ 'x-guest-id': newGuestId() });
const unique = () => randomUUID().slice(0, 8);

type Patch = Updateable<CharactersTable>;

/** A character with a test's own tag (so parallel files never see each other's rows), patched. */
async function bot(
  tag: string,
  patch: Patch = {},
  input: Parameters<typeof createCharacter>[1] = {},
) {
  const id = await createCharacter(app.deps.db, { tags: [tag], ...input });
  if (Object.keys(patch).length > 0) {
    await app.deps.db.updateTable('characters').set(patch).where('id', '=', id).execute();
  }
  return id;
}

async function list(query: string, headers: Record<string, string> = asGuest()) {
  return app.fastify.inject({ method: 'GET', url: `/api/library?${query}`, headers });
}

async function page(query: string, headers?: Record<string, string>): Promise<LibraryPage> {
  const res = await list(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return listLibrary.response.parse(res.json());
}

const ids = (p: LibraryPage) => p.items.map((c) => c.id);

/** A signed-in member with a username (creators need one to be found by @username). */
async function member(): Promise<SignedInMember & { id: string; username: string }> {
  const m = await signInMember(stack, smtp);
  const username = `u${unique()}`;
  await app.deps.db
    .updateTable('users')
    .set({ username })
    .where('id', '=', m.session.user.id)
    .execute();
  return { ...m, id: m.session.user.id, username };
}

describe('GET /api/library: visibility', () => {
  it('lists public bots and those whose moderation closed; never private, unlisted or moderated', async () => {
    const tag = `Vis-${unique()}`;
    const shown = await bot(tag);
    const closed = await bot(tag, { moderation_status: 'closed' });
    const hidden = [
      await bot(tag, { visibility: 'private' }),
      await bot(tag, { visibility: 'permanently_private' }),
      await bot(tag, { visibility: 'hidden' }),
      await bot(tag, { moderation_status: 'pending' }),
      await bot(tag, { moderation_status: 'rereview_required' }),
      await bot(tag, { moderation_status: 'manual_review_required' }),
      await bot(tag, { moderation_status: 'fix_required' }),
    ];
    const result = await page(`tags=${tag}`);
    expect(ids(result).sort()).toEqual([shown, closed].sort());
    expect(result.total).toBe(2);
    for (const id of hidden) expect(ids(result)).not.toContain(id);
  });

  it('leaves out the bots of creators the member blocked, for that member only', async () => {
    const tag = `Blk-${unique()}`;
    const [blocker, other, creator] = await Promise.all([member(), member(), member()]);
    const theirs = await bot(tag, { creator_user_id: creator.id });
    const mine = await bot(tag);
    await app.deps.db
      .insertInto('creator_blocks')
      .values({ user_id: blocker.id, creator_user_id: creator.id })
      .execute();
    const [blocked, unblocked, byName] = await Promise.all([
      page(`tags=${tag}`, blocker.headers),
      page(`tags=${tag}`, other.headers),
      page(`q=@${creator.username}`, blocker.headers),
    ]);
    expect(ids(blocked)).toEqual([mine]);
    expect(ids(unblocked).sort()).toEqual([theirs, mine].sort());
    expect(ids(byName)).toEqual([]);
    // The member is told how many results the blocks hid; nobody else hears of them.
    expect([blocked.hiddenByBlocks, unblocked.hiddenByBlocks, byName.hiddenByBlocks]).toEqual([
      1, 0, 1,
    ]);
  });

  it('counts the results blocks hid only once the results end', async () => {
    const tag = `Blc-${unique()}`;
    const [blocker, creator] = await Promise.all([member(), member()]);
    await Promise.all([
      ...Array.from({ length: 3 }, () => bot(tag, { creator_user_id: creator.id })),
      ...Array.from({ length: 3 }, () => bot(tag)),
    ]);
    await app.deps.db
      .insertInto('creator_blocks')
      .values({ user_id: blocker.id, creator_user_id: creator.id })
      .execute();
    const [first, last] = await Promise.all([
      page(`tags=${tag}&pageSize=2&page=1`, blocker.headers),
      page(`tags=${tag}&pageSize=2&page=2`, blocker.headers),
    ]);
    expect([first.total, first.hiddenByBlocks]).toEqual([3, 0]);
    expect([last.items.length, last.hiddenByBlocks]).toEqual([1, 3]);
  });
});

describe('GET /api/library: NSFW', () => {
  it('includes NSFW bots only for a member who asks and turned NSFW on in the profile', async () => {
    const tag = `Nsfw-${unique()}`;
    const safe = await bot(tag);
    const nsfw = await bot(tag, { is_nsfw: true });
    const [off, on] = await Promise.all([member(), member()]);
    await app.deps.db
      .updateTable('users')
      .set({ show_nsfw: true })
      .where('id', '=', on.id)
      .execute();

    const guest = await page(`tags=${tag}&nsfw=true`);
    expect(ids(guest)).toEqual([safe]);
    expect(guest.nsfwIncluded).toBe(false);
    expect(ids(await page(`tags=${tag}&nsfw=true`, off.headers))).toEqual([safe]);
    expect(ids(await page(`tags=${tag}`, on.headers))).toEqual([safe]);
    const allowed = await page(`tags=${tag}&nsfw=true`, on.headers);
    expect(ids(allowed).sort()).toEqual([safe, nsfw].sort());
    expect(allowed.nsfwIncluded).toBe(true);
  });
});

describe('GET /api/library: search', () => {
  it('finds words of the name, title, tags and persona; name prefixes come first', async () => {
    const word = `zq${unique()}`;
    const tag = `Srch-${unique()}`;
    const byTitle = await bot(tag, { num_messages: 500 }, { title: `The ${word} keeper` });
    const byPersona = await bot(tag, { num_messages: 900 }, { persona: `Loves ${word} a lot.` });
    const byName = await bot(tag, { num_messages: 1 }, { name: `${word}ster Bell` });
    const none = await bot(tag, {}, { name: 'Unrelated' });

    const words = await page(`q=${word}&sort=popular&tags=${tag}`);
    expect(ids(words)).toEqual([byName, byPersona, byTitle]);
    expect(ids(words)).not.toContain(none);
    // A prefix of the name alone finds the name.
    expect(ids(await page(`q=${word.slice(0, 6)}&tags=${tag}`))).toEqual([byName]);
    // Tags are searchable words too.
    expect(ids(await page(`q=${tag}&sort=name`)).length).toBe(4);
  });

  it('searches by creator username with a leading @', async () => {
    const tag = `At-${unique()}`;
    const creator = await member();
    const theirs = await bot(tag, { creator_user_id: creator.id });
    await bot(tag);
    expect(ids(await page(`q=%40${creator.username}`))).toEqual([theirs]);
    expect(ids(await page(`scope=creator&creator=${creator.username}`))).toEqual([theirs]);
    expect(ids(await page(`q=%40nobody-${unique()}`))).toEqual([]);
    const first = (await page(`q=%40${creator.username}`)).items[0];
    expect(first?.creatorUsername).toBe(creator.username);
  });

  it('answers user_not_found for the page of a creator who does not exist, and an empty page for one without bots', async () => {
    const res = await list(`scope=creator&creator=nobody-${unique()}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.json()).code).toBe('user_not_found');
    const quiet = await member();
    expect(ids(await page(`scope=creator&creator=${quiet.username}`))).toEqual([]);
  });

  it('retries a search that found nothing with the nearest counted words (a typo)', async () => {
    const word = `wobblequox${unique().replace(/[0-9]/g, 'k')}`;
    const tag = `Typo-${unique()}`;
    // Words are counted (and so correctable) once at least 20 listed bots carry them.
    const made = await Promise.all(
      Array.from({ length: 20 }, () => bot(tag, {}, { name: `${word} Smith` })),
    );
    await library.refreshSearchStats(app.deps.db);
    const typo = `${word.slice(0, 4)}${word.charAt(5)}${word.charAt(4)}${word.slice(6)}`;
    const found = await page(`q=${typo}&tags=${tag}`);
    expect(ids(found).sort()).toEqual(made.sort());
    expect(ids(await page(`q=qqqqqqqqzzzz&tags=${tag}`))).toEqual([]);
  });
});

describe('GET /api/library: filters and sorts', () => {
  it('filters by every tag asked, language and definition size', async () => {
    const [a, b] = [`FA-${unique()}`, `FB-${unique()}`];
    const both = await createCharacter(app.deps.db, { tags: [a, b], tokenCount: 200 });
    const onlyA = await createCharacter(app.deps.db, { tags: [a], tokenCount: 900 });
    const spanish = await createCharacter(app.deps.db, {
      tags: [a],
      tokenCount: 3000,
      language: 'es',
    });
    expect(ids(await page(`tags=${a}&tags=${b}`))).toEqual([both]);
    expect(ids(await page(`tags=${a}&languages=es`))).toEqual([spanish]);
    expect(ids(await page(`tags=${a}&languages=es&languages=en`)).length).toBe(3);
    expect(ids(await page(`tags=${a}&sizes=small`))).toEqual([both]);
    expect(ids(await page(`tags=${a}&sizes=medium`))).toEqual([onlyA]);
    expect(ids(await page(`tags=${a}&sizes=large&sizes=small`)).sort()).toEqual(
      [both, spanish].sort(),
    );
    expect(ids(await page(`tags=Unknown-${unique()}`))).toEqual([]);
  });

  it('sorts by trending, top rated, popular, latest and name', async () => {
    const tag = `Sort-${unique()}`;
    // Each bot's messages of the last 24 hours exist as messages too, so the maintenance queue's
    // Trending recount (run at once by every worker another test file starts) keeps them.
    const chatter = await member();
    const chattedWith = async (id: string, count: number) => {
      await createLongConversation(app.deps.db, { userId: chatter.id, characterId: id, count });
      return id;
    };
    const old = new Date('2025-01-01T00:00:00Z');
    const a = await chattedWith(
      await bot(
        tag,
        { num_messages: 10, num_messages_24h: 9, rating_score: 0.2, created_at: old },
        { name: 'Charlie' },
      ),
      9,
    );
    const b = await chattedWith(
      await bot(
        tag,
        { num_messages: 30, num_messages_24h: 1, rating_score: 0.9, created_at: new Date() },
        { name: 'alpha' },
      ),
      1,
    );
    const c = await chattedWith(
      await bot(
        tag,
        { num_messages: 20, num_messages_24h: 5, rating_score: 0.5, created_at: old },
        { name: 'Bravo' },
      ),
      5,
    );
    await library.recountRecentMessages(app.deps.db);
    expect(ids(await page(`tags=${tag}&sort=trending`))).toEqual([a, c, b]);
    expect(ids(await page(`tags=${tag}`))).toEqual([a, c, b]);
    expect(ids(await page(`tags=${tag}&sort=top_rated`))).toEqual([b, c, a]);
    expect(ids(await page(`tags=${tag}&sort=popular`))).toEqual([b, c, a]);
    expect(ids(await page(`tags=${tag}&sort=latest`))[0]).toBe(b);
    expect(ids(await page(`tags=${tag}&sort=name`))).toEqual([b, c, a]);
  });

  it('pages through results and answers an empty page past the end', async () => {
    const tag = `Page-${unique()}`;
    for (let i = 0; i < 5; i++) await bot(tag, { num_messages: i });
    const first = await page(`tags=${tag}&sort=popular&pageSize=2`);
    const second = await page(`tags=${tag}&sort=popular&pageSize=2&page=2`);
    const third = await page(`tags=${tag}&sort=popular&pageSize=2&page=3`);
    expect(first.total).toBe(5);
    expect(first.totalIsCapped).toBe(false);
    expect([...ids(first), ...ids(second), ...ids(third)]).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(second), ...ids(third)]).size).toBe(5);
    expect(ids(await page(`tags=${tag}&pageSize=2&page=4`))).toEqual([]);
    expect(ids(await page(`tags=${tag}&page=10000`))).toEqual([]);
  });

  it('walking the sort index and gathering every match give the same page', async () => {
    const tag = `Plan-${unique()}`;
    for (let i = 0; i < 6; i++) await bot(tag, { num_messages: i * 7 });
    const [tagRow] = (await library.frequencies(app.deps.db, null, [tag])).tags;
    if (tagRow === undefined) throw new Error('tag not found');
    const base = {
      filter: {
        scope: { kind: 'listed' as const },
        creatorIds: null,
        text: null,
        tagIds: [tagRow.id],
        languages: [],
        tokenRanges: [],
        includeNsfw: false,
        includeGroups: true,
        excludeCreatorIds: [],
        excludeIds: [],
      },
      sort: 'popular' as const,
      offset: 2,
      limit: 3,
      countCap: 1000,
      leading: [],
      numListed: 1_000_000,
    };
    expect(library.choosePlan(null, 1_000_000, 2, 3)).toBe('walk');
    expect(library.choosePlan(6, 1_000_000, 2, 3)).toBe('gather');
    const walked = await library.list(app.deps.db, { ...base, expected: null });
    const gathered = await library.list(app.deps.db, { ...base, expected: 6 });
    expect(walked.items.map((c) => c.id)).toEqual(gathered.items.map((c) => c.id));
    expect(gathered.total).toBe(6);

    // A head walk reads the page from the sort's first rows: every listed row here, or one row
    // (other files' bots come first, so it holds too few and the page is read as without it).
    for (const sort of ['popular', 'name'] as const) {
      const expected = await library.list(app.deps.db, { ...base, sort, expected: 6 });
      for (const head of [1_000_000, 1]) {
        const headed = await library.list(app.deps.db, { ...base, sort, expected: 6, head });
        expect(headed.items.map((c) => c.id)).toEqual(expected.items.map((c) => c.id));
        expect(headed.total).toBe(6);
      }
    }

    // An expectation far past the cap is not counted ("1,000+")... unless the page ends the matches:
    // then the true total shows, never a count of matches that are not there.
    const wrong = { ...base, expected: 5_000, isExpectedExact: true };
    expect(await library.list(app.deps.db, wrong)).toMatchObject({ total: 1000, isCapped: true });
    for (const offset of [0, 3]) {
      const last = await library.list(app.deps.db, { ...wrong, offset, limit: 24 });
      expect(last).toMatchObject({ total: 6, isCapped: false });
      expect(last.items).toHaveLength(6 - offset);
    }
  });
});

describe('GET /api/library: favorites and recommendations', () => {
  it("lists the member's own favorites only; guests have none", async () => {
    const tag = `Fav-${unique()}`;
    const [owner, other] = await Promise.all([member(), member()]);
    const liked = await bot(tag);
    const unlisted = await bot(tag, { visibility: 'hidden' });
    const gone = await bot(tag, { visibility: 'private' });
    await bot(tag);
    await app.deps.db
      .insertInto('character_favorites')
      .values([liked, unlisted, gone].map((id) => ({ user_id: owner.id, character_id: id })))
      .execute();
    expect(ids(await page(`scope=favorites&tags=${tag}`, owner.headers)).sort()).toEqual(
      [liked, unlisted].sort(),
    );
    expect(ids(await page(`scope=favorites&tags=${tag}`, other.headers))).toEqual([]);
    expect(ids(await page(`scope=favorites`))).toEqual([]);
  });

  it('recommends bots sharing the tags the member likes, never disliked or already liked ones', async () => {
    const tag = `Rec-${unique()}`;
    const m = await member();
    const liked = await bot(tag, { num_messages: 5 });
    const similar = await bot(tag, { num_messages: 3 });
    const disliked = await bot(tag, { num_messages: 100 });
    await app.deps.db
      .insertInto('character_favorites')
      .values({ user_id: m.id, character_id: liked })
      .execute();
    await app.deps.db
      .insertInto('character_ratings')
      .values({ user_id: m.id, character_id: liked, value: 5 })
      .execute();
    await app.deps.db
      .insertInto('character_dislikes')
      .values({ user_id: m.id, character_id: disliked })
      .execute();
    const recommended = ids(await page(`scope=recommended&tags=${tag}`, m.headers));
    expect(recommended).toEqual([similar]);
    expect(ids(await page('scope=recommended'))).toEqual([]);
  });
});

describe('GET /api/library: bad input', () => {
  it.each([
    ['q', `q=${'x'.repeat(101)}`],
    ['q', 'q=a%00b'],
    ['sort', 'sort=random'],
    ['nsfw', 'nsfw=maybe'],
    ['scope', 'scope=everything'],
    ['creator', 'scope=creator'],
    ['pageSize', 'pageSize=61'],
    ['page', 'page=0'],
    ['page', 'page=abc'],
    ['languages', 'languages=EN!'],
    ['sizes', 'sizes=huge'],
    ['tags', Array.from({ length: 11 }, (_, i) => `tags=t${i}`).join('&')],
    ['tags', `tags=${'t'.repeat(31)}`],
  ])('refuses a bad %s with validation_failed naming it', async (field, query) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.json());
    expect(error.code).toBe('validation_failed');
    expect(error.field?.split('.')[0]).toBe(field);
  });

  it('asks who is calling', async () => {
    const res = await app.fastify.inject({ method: 'GET', url: '/api/library' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/library: many at once', () => {
  it('answers 40 concurrent searches, each with its own right answer', async () => {
    const tag = `Many-${unique()}`;
    const word = `mq${unique()}`;
    const named = await bot(tag, {}, { name: `${word} Prime` });
    const other = await bot(tag);
    const queries = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? `q=${word}&sort=latest`
        : `tags=${tag}&sort=${i % 4 === 1 ? 'name' : 'popular'}`,
    );
    const results = await Promise.all(queries.map((q) => page(q)));
    results.forEach((r, i) => {
      if (i % 2 === 0) expect(ids(r)).toEqual([named]);
      else expect(ids(r).sort()).toEqual([named, other].sort());
    });
  });
});
