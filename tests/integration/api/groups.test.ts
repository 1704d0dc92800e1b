/**
 * Group chats on the real stack (issue 12, items 6-7): a group is created and updated through the
 * character calls with the group payload, with its members in turn order and its greeter; the member
 * rules that need the database (visible, not a group, no private bots in a public or unlisted group,
 * named); bad input with nothing stored; another member can neither read nor change it; deletion
 * takes delete_character; many creators at once. Submit for Manual Review of a flagged group, as for
 * a chatbot: only its creator, only from fix_required. Auto Response in a group conversation: premium, the
 * owner's only, nothing changed by a refusal.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCharacter,
  getOwnCharacter,
  listOwnCharacters,
  listOwnGroups,
  type SaveGroupBody,
} from '#shared/api/authoring';
import * as characters from '#server/db/repositories/characters.repo';
import * as conversations from '#server/db/repositories/conversations.repo';
import * as groupsRepo from '#server/db/repositories/groups.repo';
import * as replyPrompts from '#server/db/repositories/reply-prompts.repo';
import { getCharacter, getGroup } from '#shared/api/characters';
import { listConversations } from '#shared/api/conversations';
import { getConversationContext } from '#shared/api/generation';
import { getMe } from '#shared/api/auth';
import { getAutoResponse } from '#shared/api/group-chats';
import * as users from '#server/db/repositories/users.repo';
import { reviewJobId } from '#shared/jobs/moderation';
import { createCharacter as createBot } from '../../support/factories';
import { createLongConversation } from '../../../testkit/long-conversation';
import { testConfig } from '../../support/config';
import { errorCode, errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let creator: SignedInMember;
let other: SignedInMember;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  [creator, other] = await Promise.all([signInMember(stack, smtp), signInMember(stack, smtp)]);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

/** Public library bots, each with a unique name. */
async function publicBots(n: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      createBot(db(), { name: `Member ${i} ${randomUUID().slice(0, 6)}` }),
    ),
  );
}

/** A private chatbot of `member`, made through the chatbot call. */
async function privateBotOf(member: SignedInMember, name: string): Promise<string> {
  const res = await inject({
    method: 'POST',
    url: '/api/characters',
    headers: member.headers,
    payload: {
      name,
      title: 'A private test companion',
      greeting: 'Hello {{user}}.',
      persona: 'Quiet.',
      scenario: '',
      dialogue: '',
      avatarUrl: null,
      avatarIsNsfw: false,
      isNsfw: false,
      visibility: 'private',
      tags: [],
      language: 'en',
      guidelines: true,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return createCharacter.response.parse(res.json()).id;
}

function groupBody(members: string[], overrides: Partial<SaveGroupBody> = {}): SaveGroupBody {
  return {
    type: 'meta',
    avatarUrl: '/uploads/character-avatars/group.webp',
    name: `Crew ${randomUUID().slice(0, 6)}`,
    title: 'Three friends at a tavern',
    greeting: 'Welcome, {{user}}, pull up a chair.',
    scenario: 'A noisy tavern on a rainy night.',
    visibility: 'private',
    tags: [],
    guidelines: true,
    subCharacterIds: members,
    ...overrides,
  };
}

const create = (m: SignedInMember, body: object) =>
  inject({ method: 'POST', url: '/api/characters', headers: m.headers, payload: body });
const update = (m: SignedInMember, id: string, body: object) =>
  inject({ method: 'PUT', url: `/api/characters/${id}`, headers: m.headers, payload: body });

async function createdGroup(m: SignedInMember, body: SaveGroupBody) {
  const res = await create(m, body);
  expect(res.statusCode, res.body).toBe(200);
  return createCharacter.response.parse(res.json());
}

async function groupCount(name: string): Promise<number> {
  const rows = await db().selectFrom('characters').select('id').where('name', '=', name).execute();
  return rows.length;
}

describe('POST /api/characters with the group payload', () => {
  it('creates a group of type meta with its members in order and the chosen greeter', async () => {
    const members = await publicBots(3);
    const group = await createdGroup(
      creator,
      groupBody(members, { greetingCharacterId: members[1] }),
    );
    expect(group.group?.members.map((m) => m.id)).toEqual(members);
    expect(group.group?.greetingCharacterId).toBe(members[1]);
    expect(group.group?.isAvailable).toBe(true);
    expect((await characters.findById(db(), group.id))?.type).toBe('meta');

    const read = await inject({ url: `/api/me/characters/${group.id}`, headers: creator.headers });
    expect(read.statusCode).toBe(200);
    expect(createCharacter.response.parse(read.json()).group?.members).toHaveLength(3);
  });

  it('lets the first member greet when no greeter is chosen', async () => {
    const members = await publicBots(2);
    const group = await createdGroup(creator, groupBody(members));
    expect(group.group?.greetingCharacterId).toBe(members[0]);
  });

  it('sends a public group to review, as a chatbot', async () => {
    const members = await publicBots(2);
    const group = await createdGroup(
      creator,
      groupBody(members, { visibility: 'public', tags: ['Fantasy'] }),
    );
    expect(group.moderationStatus).toBe('pending');
    const job = await stack.app.deps.moderation.queue.getJob(
      reviewJobId({ characterId: group.id, revision: 1 }),
    );
    expect(job?.name).toBe('review-character');
  });

  it('refuses fewer than 2 or more than 10 members, with nothing stored', async () => {
    const members = await publicBots(11);
    for (const ids of [members.slice(0, 1), members]) {
      const body = groupBody(ids);
      const res = await create(creator, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({
        code: 'validation_failed',
        field: 'subCharacterIds',
      });
      expect(await groupCount(body.name)).toBe(0);
    }
  });

  it('refuses a public or unlisted group with private chatbots, naming them', async () => {
    const [bot] = await publicBots(1);
    const secret = `Secret ${randomUUID().slice(0, 6)}`;
    const mine = await privateBotOf(creator, secret);
    for (const visibility of ['public', 'hidden'] as const) {
      const body = groupBody([bot ?? '', mine], { visibility, tags: ['Fantasy'] });
      const res = await create(creator, body);
      expect(res.statusCode).toBe(400);
      const error = errorOf(res.json());
      expect(error.code).toBe('group_private_members');
      expect(error.details).toMatchObject({ names: [secret], ids: [mine] });
      expect(error.message).toContain(secret);
      expect(await groupCount(body.name)).toBe(0);
    }
    // A private group may hold the creator's own private bots.
    const group = await createdGroup(creator, groupBody([bot ?? '', mine]));
    expect(group.group?.members.map((m) => m.visibility)).toEqual(['public', 'private']);
  });

  it("refuses another member's private chatbot as missing", async () => {
    const [bot] = await publicBots(1);
    const theirs = await privateBotOf(other, `Theirs ${randomUUID().slice(0, 6)}`);
    const res = await create(creator, groupBody([bot ?? '', theirs]));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res.json())).toMatchObject({
      code: 'character_not_found',
      field: 'subCharacterIds',
    });
  });

  it('refuses a group as a member, and unknown ids', async () => {
    const members = await publicBots(2);
    const inner = await createdGroup(creator, groupBody(members));
    const nested = await create(creator, groupBody([members[0] ?? '', inner.id]));
    expect(nested.statusCode).toBe(400);
    expect(errorCode(nested.json())).toBe('validation_failed');
    const unknown = await create(creator, groupBody([members[0] ?? '', randomUUID()]));
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses bad input with validation_failed naming the field, storing nothing', async () => {
    const members = await publicBots(2);
    const cases: [Partial<SaveGroupBody> | Record<string, unknown>, string][] = [
      [{ name: 'x'.repeat(21) }, 'name'],
      [{ name: 'ab' }, 'name'],
      [{ name: 'see www.example.com' }, 'name'],
      [{ title: 'x'.repeat(101) }, 'title'],
      [{ greeting: 'x'.repeat(2001) }, 'greeting'],
      [{ scenario: 'x'.repeat(5001) }, 'scenario'],
      [{ avatarUrl: '' }, 'avatarUrl'],
      [{ guidelines: false }, 'guidelines'],
      [{ visibility: 'public', tags: [] }, 'tags'],
      [{ subCharacterIds: [members[0], members[0]] }, 'subCharacterIds'],
      [{ subCharacterIds: ['not-a-uuid', members[1]] }, 'subCharacterIds.0'],
      [{ subCharacterIds: 'abc' }, 'subCharacterIds'],
      [{ greetingCharacterId: randomUUID() }, 'greetingCharacterId'],
    ];
    for (const [overrides, field] of cases) {
      const body = { ...groupBody(members), ...overrides };
      const res = await create(creator, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
      expect(await groupCount(body.name)).toBe(0);
    }
    const nul = await create(creator, groupBody(members, { title: 'Tav\u0000ern' }));
    expect(nul.statusCode).toBe(400);
    const link = errorOf(
      (await create(creator, groupBody(members, { title: 'go http://x.io now' }))).json(),
    );
    expect(link.message).toBe('Title should not contain any url/link ( http://x.io )');
  });

  it('lets many creators make groups at once', async () => {
    const members = await publicBots(3);
    const creators = await Promise.all(Array.from({ length: 6 }, () => signInMember(stack, smtp)));
    const results = await Promise.all(creators.map((c) => create(c, groupBody(members))));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const ids = results.map((r) => createCharacter.response.parse(r.json()).id);
    const byGroup = await groupsRepo.membersOf(db(), ids);
    for (const id of ids) expect(byGroup.get(id)?.map((m) => m.id)).toEqual(members);
  });
});

describe('PUT /api/characters/:id with the group payload', () => {
  it('replaces the members and their order', async () => {
    const members = await publicBots(4);
    const group = await createdGroup(creator, groupBody(members.slice(0, 2)));
    const res = await update(
      creator,
      group.id,
      groupBody([members[3] ?? '', members[2] ?? '', members[0] ?? ''], { name: 'Renamed' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = createCharacter.response.parse(res.json());
    expect(saved.name).toBe('Renamed');
    expect(saved.group?.members.map((m) => m.id)).toEqual([members[3], members[2], members[0]]);
    expect(saved.group?.greetingCharacterId).toBe(members[3]);
  });

  it("refuses another member's group: 403 for a listed one, 404 for a private one", async () => {
    const members = await publicBots(2);
    const privateGroup = await createdGroup(creator, groupBody(members));
    const hidden = await createdGroup(creator, groupBody(members, { visibility: 'hidden' }));
    const attack = groupBody(members, { name: 'Stolen' });
    const p = await update(other, privateGroup.id, attack);
    expect(p.statusCode).toBe(404);
    const h = await update(other, hidden.id, attack);
    expect(h.statusCode).toBe(403);
    expect(errorCode(h.json())).toBe('character_not_owner');
    const read = await inject({
      url: `/api/me/characters/${privateGroup.id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    expect((await characters.findById(db(), hidden.id))?.name).toBe(hidden.name);
    const list = listOwnGroups.response.parse(
      (await inject({ url: '/api/me/groups', headers: other.headers })).json(),
    );
    expect(list.items.map((g) => g.id)).not.toContain(privateGroup.id);
  });

  it('never turns a chatbot into a group, nor a group into a chatbot', async () => {
    const members = await publicBots(2);
    const bot = await privateBotOf(creator, `Solo ${randomUUID().slice(0, 6)}`);
    const asGroup = await update(creator, bot, groupBody(members));
    expect(asGroup.statusCode).toBe(400);
    expect(errorOf(asGroup.json())).toMatchObject({ code: 'validation_failed', field: 'type' });
    const group = await createdGroup(creator, groupBody(members));
    const asBot = await update(creator, group.id, {
      name: 'Now a bot',
      title: 'Not a group any more',
      greeting: 'Hello there.',
      persona: '',
      scenario: '',
      dialogue: '',
      avatarUrl: null,
      avatarIsNsfw: false,
      isNsfw: false,
      visibility: 'private',
      tags: [],
      language: 'en',
      guidelines: true,
    });
    expect(asBot.statusCode).toBe(400);
    expect((await characters.findById(db(), group.id))?.type).toBe('meta');
  });

  it('keeps one consistent member list when many saves race', async () => {
    const members = await publicBots(5);
    const group = await createdGroup(creator, groupBody(members.slice(0, 2)));
    const orders = [
      members.slice(0, 3),
      members.slice(1, 5),
      members.slice(2, 4),
      members.slice(0, 5),
    ];
    const results = await Promise.all(
      orders.map((ids) => update(creator, group.id, groupBody(ids))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const final = (await groupsRepo.membersOf(db(), [group.id])).get(group.id)?.map((m) => m.id);
    expect(orders.map((o) => JSON.stringify(o))).toContain(JSON.stringify(final));
  });
});

describe('Submit for Manual Review of a group (PUT /api/characters/:id)', () => {
  /** A public group of `owner` that the automatic review flagged, and the body it was saved with. */
  async function flaggedGroup(owner: SignedInMember, visibility: 'public' | 'private' = 'public') {
    const body = groupBody(await publicBots(2), { visibility, tags: ['Fantasy'] });
    const group = await createdGroup(owner, body);
    await db()
      .updateTable('characters')
      .set({ moderation_status: 'fix_required', moderation_reasons: ['Too vague'] })
      .where('id', '=', group.id)
      .execute();
    return { id: group.id, body };
  }

  /** What a refused call must leave alone: the status and the name. */
  const stored = (id: string) =>
    db()
      .selectFrom('characters')
      .select(['moderation_status', 'name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const reviewJob = (id: string, revision: number) =>
    stack.app.deps.moderation.queue.getJob(reviewJobId({ characterId: id, revision }));

  it('sends a flagged group to a moderator, as a chatbot, with a review queued', async () => {
    const { id, body } = await flaggedGroup(creator);
    const own = getOwnCharacter.response.parse(
      (await inject({ url: `/api/me/characters/${id}`, headers: creator.headers })).json(),
    );
    expect(own).toMatchObject({
      moderationStatus: 'fix_required',
      moderationReasons: ['Too vague'],
      submitForManualReview: true,
    });

    const res = await update(creator, id, {
      ...body,
      name: 'Fixed crew',
      submitForManualReview: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(getOwnCharacter.response.parse(res.json())).toMatchObject({
      name: 'Fixed crew',
      moderationStatus: 'manual_review_required',
      submitForManualReview: false,
    });
    expect((await reviewJob(id, 2))?.name).toBe('review-character');
    const list = listOwnGroups.response.parse(
      (await inject({ url: '/api/me/groups', headers: creator.headers })).json(),
    );
    expect(list.items.find((g) => g.id === id)?.moderationStatus).toBe('manual_review_required');

    // In review it cannot be saved again, manual review or not, until a moderator decides.
    for (const submitForManualReview of [true, false]) {
      const again = await update(creator, id, { ...body, name: 'Again', submitForManualReview });
      expect(again.statusCode).toBe(409);
      expect(errorCode(again.json())).toBe('character_under_review');
    }
    expect(await stored(id)).toEqual({
      moderation_status: 'manual_review_required',
      name: 'Fixed crew',
    });
  });

  it('refuses Submit for Manual Review of a group once a moderator has decided', async () => {
    const email = `admin-${randomUUID()}@example.com`;
    await users.setRole(db(), (await users.upsertMemberByEmail(db(), email)).id, 'admin');
    const admin = await signInMember(stack, smtp, email);
    const { id, body } = await flaggedGroup(creator);
    const rejected = await inject({
      method: 'POST',
      url: `/api/admin/moderation/${id}`,
      headers: admin.headers,
      payload: { decision: 'reject', reasons: ['Cover is off-topic'], action: 'Asked for a fix.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const own = getOwnCharacter.response.parse(
      (await inject({ url: `/api/me/characters/${id}`, headers: creator.headers })).json(),
    );
    expect(own).toMatchObject({
      moderationAction: 'Asked for a fix.',
      submitForManualReview: false,
    });

    const res = await update(creator, id, { ...body, name: 'Again', submitForManualReview: true });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.json())).toMatchObject({
      code: 'validation_failed',
      field: 'submitForManualReview',
    });
    expect(await stored(id)).toEqual({ moderation_status: 'fix_required', name: body.name });
    expect(await reviewJob(id, 2)).toBeUndefined();
    const fixed = await update(creator, id, {
      ...body,
      name: 'Fixed',
      submitForManualReview: false,
    });
    expect(getOwnCharacter.response.parse(fixed.json()).moderationStatus).toBe('rereview_required');
  });

  it("refuses another member's group: 403 for a listed one, 404 for a private one", async () => {
    for (const [visibility, status, code] of [
      ['public', 403, 'character_not_owner'],
      ['private', 404, 'character_not_found'],
    ] as const) {
      const { id, body } = await flaggedGroup(creator, visibility);
      const res = await update(other, id, { ...body, name: 'Stolen', submitForManualReview: true });
      expect(res.statusCode, visibility).toBe(status);
      expect(errorCode(res.json())).toBe(code);
      expect(await stored(id)).toEqual({ moderation_status: 'fix_required', name: body.name });
      expect(await reviewJob(id, 2)).toBeUndefined();
    }
  });

  it('refuses a group the review did not flag: validation_failed at rest, under review in review', async () => {
    const body = groupBody(await publicBots(2));
    const { id } = await createdGroup(creator, body);
    const atRest = await update(creator, id, {
      ...body,
      name: 'Changed',
      submitForManualReview: true,
    });
    expect(atRest.statusCode).toBe(400);
    expect(errorOf(atRest.json())).toMatchObject({
      code: 'validation_failed',
      field: 'submitForManualReview',
    });
    expect(await stored(id)).toEqual({ moderation_status: null, name: body.name });

    for (const status of ['pending', 'rereview_required', 'manual_review_required'] as const) {
      await db()
        .updateTable('characters')
        .set({ moderation_status: status })
        .where('id', '=', id)
        .execute();
      const res = await update(creator, id, {
        ...body,
        name: 'Changed',
        submitForManualReview: true,
      });
      expect(res.statusCode, status).toBe(409);
      expect(errorCode(res.json())).toBe('character_under_review');
      expect(await stored(id)).toEqual({ moderation_status: status, name: body.name });
    }
    expect(await reviewJob(id, 2)).toBeUndefined();
  });

  it('refuses bad input and a visibility change, leaving the group flagged', async () => {
    const { id, body } = await flaggedGroup(creator);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ submitForManualReview: 'yes' }, 400, 'validation_failed', 'submitForManualReview'],
      [{ submitForManualReview: true, name: 'ab' }, 400, 'validation_failed', 'name'],
      [
        { submitForManualReview: true, subCharacterIds: [] },
        400,
        'validation_failed',
        'subCharacterIds',
      ],
      [
        { submitForManualReview: true, visibility: 'private' },
        409,
        'character_visibility_locked',
        'visibility',
      ],
    ];
    for (const [overrides, status, code, field] of cases) {
      const res = await update(creator, id, { ...body, ...overrides });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(errorOf(res.json())).toMatchObject({ code, field });
      expect(await stored(id)).toEqual({ moderation_status: 'fix_required', name: body.name });
    }
    expect(await reviewJob(id, 2)).toBeUndefined();
  });
});

describe('GET /api/me/groups and deleting a group', () => {
  it('lists only the caller groups, not their chatbots, and a group reads unavailable below 2 members', async () => {
    const member = await signInMember(stack, smtp);
    const members = await publicBots(2);
    const group = await createdGroup(member, groupBody(members));
    await privateBotOf(member, `Solo ${randomUUID().slice(0, 6)}`);
    const groups = listOwnGroups.response.parse(
      (await inject({ url: '/api/me/groups', headers: member.headers })).json(),
    );
    expect(groups.items.map((g) => g.id)).toEqual([group.id]);
    const bots = await inject({ url: '/api/me/characters', headers: member.headers });
    expect(listOwnCharacters.response.parse(bots.json()).items.map((c) => c.id)).not.toContain(
      group.id,
    );

    // A member bot leaving the library leaves the group with one: Group unavailable.
    await db()
      .deleteFrom('characters')
      .where('id', '=', members[0] ?? '')
      .execute();
    const after = listOwnGroups.response.parse(
      (await inject({ url: '/api/me/groups', headers: member.headers })).json(),
    );
    expect(after.items[0]?.group).toMatchObject({
      isAvailable: false,
      greetingCharacterId: members[1],
    });
  });

  it('deletes a group with DELETE /api/characters/:id, only for its creator', async () => {
    const members = await publicBots(2);
    const group = await createdGroup(creator, groupBody(members, { visibility: 'hidden' }));
    const theirs = await inject({
      method: 'DELETE',
      url: `/api/characters/${group.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const res = await inject({
      method: 'DELETE',
      url: `/api/characters/${group.id}`,
      headers: creator.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await characters.findById(db(), group.id)).toBeUndefined();
    expect((await groupsRepo.membersOf(db(), [group.id])).get(group.id)).toEqual([]);
    // Its members stay in the library.
    expect(await characters.findById(db(), members[0] ?? '')).toBeDefined();
  });
});

describe('GET /api/characters/:id/group (the group chat screen)', () => {
  it('answers the members in turn order and the greeter to whoever may see the group', async () => {
    const members = await publicBots(3);
    const group = await createdGroup(
      creator,
      groupBody(members, { greetingCharacterId: members[2] }),
    );
    const res = await inject({
      url: `/api/characters/${group.id}/group`,
      headers: creator.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = getGroup.response.parse(res.json());
    expect(body).toMatchObject({
      id: group.id,
      greetingCharacterId: members[2],
      isAvailable: true,
    });
    expect(body.members.map((m) => m.id)).toEqual(members);
  });

  it("refuses another member's private group, a chatbot and a malformed id", async () => {
    const members = await publicBots(2);
    const group = await createdGroup(creator, groupBody(members));
    const theirs = await inject({
      url: `/api/characters/${group.id}/group`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const bot = await inject({
      url: `/api/characters/${members[0] ?? ''}/group`,
      headers: creator.headers,
    });
    expect(bot.statusCode).toBe(404);
    expect(errorCode(bot.json())).toBe('character_not_found');
    const bad = await inject({ url: '/api/characters/not-an-id/group', headers: creator.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('answers many readers at once alike', async () => {
    const members = await publicBots(2);
    const group = await createdGroup(creator, groupBody(members));
    const all = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject({ url: `/api/characters/${group.id}/group`, headers: creator.headers }),
      ),
    );
    const ids = all.map((r) => getGroup.response.parse(r.json()).members.map((m) => m.id));
    for (const got of ids) expect(got).toEqual(members);
  });
});

describe('type in what the client reads (a group opens on the group chat screen)', () => {
  it('answers meta for a group and standard for a chatbot, on the profile and in Recent Chats', async () => {
    const members = await publicBots(2);
    const group = await createdGroup(creator, groupBody(members));
    const profile = async (id: string) => {
      const res = await inject({ url: `/api/characters/${id}`, headers: creator.headers });
      expect(res.statusCode, res.body).toBe(200);
      return getCharacter.response.parse(res.json()).type;
    };
    expect(await profile(group.id)).toBe('meta');
    expect(await profile(members[0] ?? '')).toBe('standard');

    const userId = creator.session.user.id;
    const chats = await Promise.all(
      [group.id, members[0] ?? ''].map((characterId) =>
        createLongConversation(db(), { userId, characterId, count: 2 }),
      ),
    );
    const res = await inject({ url: '/api/conversations', headers: creator.headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = listConversations.response.parse(res.json()).items;
    const typeOf = (id: string | undefined) => rows.find((r) => r.id === id)?.character.type;
    expect(typeOf(chats[0]?.conversationId)).toBe('meta');
    expect(typeOf(chats[1]?.conversationId)).toBe('standard');
  });
});

describe('GET and PUT /api/conversations/:id/auto-response', () => {
  /** A member of `role` who chats with a group of their own: their conversation with it. */
  async function groupChatOf(role: 'paid_premium' | 'free_tier') {
    const email = `auto-${randomUUID()}@example.com`;
    const row = await users.upsertMemberByEmail(db(), email);
    await users.setRole(db(), row.id, role);
    const member = await signInMember(stack, smtp, email);
    const group = await createdGroup(member, groupBody(await publicBots(2)));
    const { conversationId } = await createLongConversation(db(), {
      userId: row.id,
      characterId: group.id,
      count: 2,
    });
    return { member, conversationId };
  }
  const read = (m: SignedInMember, id: string) =>
    inject({ url: `/api/conversations/${id}/auto-response`, headers: m.headers });
  const put = (m: SignedInMember, id: string, payload: Record<string, unknown>) =>
    inject({
      method: 'PUT',
      url: `/api/conversations/${id}/auto-response`,
      headers: m.headers,
      payload,
    });
  const isOnIn = async (id: string) => groupsRepo.autoResponseOf(db(), id);

  it('switches Auto Response on and off for a premium member, off by default', async () => {
    const { member, conversationId } = await groupChatOf('paid_premium');
    expect(getAutoResponse.response.parse((await read(member, conversationId)).json())).toEqual({
      isOn: false,
    });
    const on = await put(member, conversationId, { isOn: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ isOn: true });
    expect((await read(member, conversationId)).json()).toEqual({ isOn: true });
    const off = await put(member, conversationId, { isOn: false });
    expect(off.json()).toEqual({ isOn: false });
    expect(await isOnIn(conversationId)).toBe(false);
  });

  it('refuses a free member with group_premium_required and changes nothing', async () => {
    const { member, conversationId } = await groupChatOf('free_tier');
    const res = await put(member, conversationId, { isOn: true });
    expect(res.statusCode).toBe(403);
    expect(errorCode(res.json())).toBe('group_premium_required');
    expect(await isOnIn(conversationId)).toBe(false);
  });

  it("refuses another member's group conversation as missing, reading or switching it", async () => {
    const { conversationId } = await groupChatOf('paid_premium');
    const intruder = (await groupChatOf('paid_premium')).member;
    const seen = await read(intruder, conversationId);
    expect(seen.statusCode).toBe(404);
    expect(errorCode(seen.json())).toBe('conversation_not_found');
    const switched = await put(intruder, conversationId, { isOn: true });
    expect(switched.statusCode).toBe(404);
    expect(errorCode(switched.json())).toBe('conversation_not_found');
    expect(await isOnIn(conversationId)).toBe(false);
  });

  it("refuses a chatbot's conversation, and bad input with validation_failed, storing nothing", async () => {
    const { member, conversationId } = await groupChatOf('paid_premium');
    const [bot] = await publicBots(1);
    const chat = await createLongConversation(db(), {
      userId: member.session.user.id,
      characterId: bot ?? '',
      count: 2,
    });
    const plain = await put(member, chat.conversationId, { isOn: true });
    expect(plain.statusCode).toBe(404);
    expect(errorCode(plain.json())).toBe('conversation_not_found');
    for (const [payload, field] of [
      [{ isOn: 'yes' }, 'isOn'],
      [{}, 'isOn'],
      [{ isOn: null }, 'isOn'],
    ] as const) {
      const res = await put(member, conversationId, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    expect(await isOnIn(conversationId)).toBe(false);
  });

  it('keeps each of many members their own switch when they flip it at once', async () => {
    const chats = await Promise.all(Array.from({ length: 4 }, () => groupChatOf('paid_premium')));
    const results = await Promise.all(
      chats.flatMap(({ member, conversationId }, i) =>
        Array.from({ length: 3 }, () => put(member, conversationId, { isOn: i % 2 === 0 })),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const states = await Promise.all(chats.map((c) => isOnIn(c.conversationId)));
    expect(states).toEqual([true, false, true, false]);
  });
});

describe('the context meter of a group chat (GET /api/conversations/:id/context, /api/messages/:id/prompt)', () => {
  /** A reply of `speakerId` in the conversation, with the prompt it was written from kept. */
  async function replyOf(conversationId: string, speakerId: string, prevId: string | null) {
    const id = randomUUID();
    await db()
      .insertInto('messages')
      .values({
        id,
        conversation_id: conversationId,
        prev_id: prevId,
        role: 'bot',
        content: `Reply of ${speakerId}`,
        sub_character_id: speakerId,
      })
      .execute();
    await replyPrompts.save(db(), {
      messageId: id,
      conversationId,
      modelId: 'standard',
      contextTokens: 2048,
      messages: [{ role: 'system', content: `The definition of ${speakerId}` }],
      report: {
        budgetTokens: 1800,
        usedTokens: 420,
        sectionTokens: {
          definition: 300,
          cardPrompts: 0,
          persona: 0,
          memories: 0,
          lorebook: 0,
          examples: 20,
          history: 100,
        },
        leftOut: {
          turns: 0,
          memories: 0,
          lorebookEntries: 0,
          isExamplesLeftOut: false,
          isPersonaLeftOut: false,
          isDefinitionCut: false,
          cardPrompts: 0,
        },
      },
    });
    return id;
  }

  it("reports the newest reply's figures; only the speaking member's creator opens its prompt", async () => {
    const me = getMe.response.parse(
      (await inject({ url: '/api/me', headers: creator.headers })).json(),
    );
    // One member is another creator's (the seed's), one the group creator's own.
    const [theirs = ''] = await publicBots(1);
    const mine = await createBot(db(), { name: 'Mine', creatorUserId: me.id });
    const group = await createdGroup(creator, groupBody([theirs, mine]));
    const conversation = await conversations.createTitled(db(), {
      userId: me.id,
      characterId: group.id,
      label: null,
    });
    const context = async (headers = creator.headers) => {
      const res = await inject({
        url: `/api/conversations/${conversation.id}/context`,
        headers,
      });
      return { status: res.statusCode, body: res.json<unknown>() };
    };
    const promptStatus = async (messageId: string, headers = creator.headers) =>
      (await inject({ url: `/api/messages/${messageId}/prompt`, headers })).statusCode;

    const mineReply = await replyOf(conversation.id, mine, null);
    const ownView = getConversationContext.response.parse((await context()).body);
    expect(ownView).toMatchObject({
      latest: { messageId: mineReply, report: { usedTokens: 420, budgetTokens: 1800 } },
      mayViewPrompt: true,
    });
    expect(await promptStatus(mineReply)).toBe(200);

    // The other creator's member speaks next: its figures show, its definition does not open.
    const theirReply = await replyOf(conversation.id, theirs, mineReply);
    const theirView = getConversationContext.response.parse((await context()).body);
    expect(theirView).toMatchObject({ latest: { messageId: theirReply }, mayViewPrompt: false });
    expect(await promptStatus(theirReply)).toBe(404);

    // Another member learns nothing of the conversation or its prompts.
    const stranger = await context(other.headers);
    expect({ status: stranger.status, code: errorCode(stranger.body) }).toEqual({
      status: 404,
      code: 'conversation_not_found',
    });
    expect(await promptStatus(mineReply, other.headers)).toBe(404);
  });
});
