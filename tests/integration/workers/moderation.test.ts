/**
 * The moderation queue end to end (issue 10, "Moderation"): a save sent to review is checked by the
 * rules and by the model (a local OpenAI-wire server answering verdicts), and moves through the spec's
 * statuses; a moderator approves or rejects what the review could not settle, audited.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCharacter,
  getOwnCharacter,
  listReviewQueue,
  type SaveCharacterBody,
} from '#shared/api/authoring';
import { reviewEnqueueGraceMs } from '#shared/jobs/maintenance';
import { reviewJobId } from '#shared/jobs/moderation';
import { undecidedReason } from '#shared/rules/moderation';
import * as auditLog from '#server/db/repositories/audit-log.repo';
import * as users from '#server/db/repositories/users.repo';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startWireServer, type WireServer } from '../../../testkit/openai-wire-server';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';
import { requeueReviews } from '../../../workers/maintenance/requeue-reviews.processor';

let wire: WireServer;
let stack: Stack;
let smtp: LocalSmtp;
let creator: SignedInMember;
let admin: SignedInMember;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

beforeAll(async () => {
  wire = await startWireServer({ tokens: ['VERDICT: PASS'] });
  smtp = await startSmtp();
  stack = await startStack(
    testConfig({
      SMTP_URL: smtp.url,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      WORKER_QUEUES: 'moderation',
    }),
  );
  creator = await signInMember(stack, smtp);
  const adminEmail = `admin-${randomUUID()}@example.com`;
  const adminUser = await users.upsertMemberByEmail(stack.app.deps.db, adminEmail);
  await users.setRole(stack.app.deps.db, adminUser.id, 'admin');
  admin = await signInMember(stack, smtp, adminEmail);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
  await wire.close();
});

function body(overrides: Partial<SaveCharacterBody> = {}): SaveCharacterBody {
  return {
    name: `Reviewed ${randomUUID().slice(0, 6)}`,
    title: 'A bot for the review queue',
    greeting: 'Hello there, traveller.',
    persona: 'Friendly.',
    scenario: 'A tavern.',
    dialogue: '',
    avatarUrl: null,
    avatarIsNsfw: false,
    isNsfw: false,
    visibility: 'public',
    tags: ['Fantasy'],
    language: 'en',
    guidelines: true,
    ...overrides,
  };
}

async function publish(overrides: Partial<SaveCharacterBody> = {}) {
  const res = await inject({
    method: 'POST',
    url: '/api/characters',
    headers: creator.headers,
    payload: body(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return createCharacter.response.parse(res.json());
}

async function read(id: string) {
  const res = await inject({ url: `/api/me/characters/${id}`, headers: creator.headers });
  return getOwnCharacter.response.parse(res.json());
}

/** The chatbot once its review has written an outcome (it leaves `from`). */
async function reviewed(id: string, from: string) {
  for (let i = 0; i < 200; i += 1) {
    const c = await read(id);
    if (c.moderationStatus !== from) return c;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`chatbot ${id} is still ${from}`);
}

/** Waits until the review of that revision has finished (finished jobs are removed). */
async function reviewDone(characterId: string, revision: number) {
  const queue = stack.app.deps.moderation.queue;
  for (let i = 0; i < 200; i += 1) {
    if ((await queue.getJob(reviewJobId({ characterId, revision }))) === undefined) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`review ${characterId}/${String(revision)} did not finish`);
}

describe('review-character', () => {
  it('lists a chatbot the model passes', async () => {
    wire.behaviour.tokens = ['VERDICT: PASS'];
    const saved = await publish();
    expect(saved.moderationStatus).toBe('pending');
    const done = await reviewed(saved.id, 'pending');
    expect(done).toMatchObject({ moderationStatus: null, moderationReasons: [] });
    const asked = JSON.stringify(wire.requests.at(-1));
    expect(asked).toContain(saved.name);
    expect(asked).toContain('VERDICT: PASS');
  });

  it('asks the creator to fix what the model refuses, then a moderator decides on request', async () => {
    wire.behaviour.tokens = ['VERDICT: FAIL: ', 'Hateful slurs in the greeting'];
    const saved = await publish();
    const flagged = await reviewed(saved.id, 'pending');
    expect(flagged).toMatchObject({
      moderationStatus: 'fix_required',
      moderationReasons: ['Hateful slurs in the greeting'],
      submitForManualReview: true,
    });

    const resubmit = await inject({
      method: 'PUT',
      url: `/api/characters/${saved.id}`,
      headers: creator.headers,
      payload: { ...body({ name: saved.name }), submitForManualReview: true },
    });
    expect(getOwnCharacter.response.parse(resubmit.json()).moderationStatus).toBe(
      'manual_review_required',
    );
    // The model refuses again: the creator asked for a person, so it stays with the moderators.
    await reviewDone(saved.id, 2);
    const waiting = await read(saved.id);
    expect(waiting.moderationStatus).toBe('manual_review_required');
    expect(waiting.moderationReasons).toEqual(['Hateful slurs in the greeting']);

    const queue = listReviewQueue.response.parse(
      (await inject({ url: '/api/admin/moderation', headers: admin.headers })).json(),
    );
    expect(queue.items.map((c) => c.id)).toContain(saved.id);
    const notAdmin = await inject({ url: '/api/admin/moderation', headers: creator.headers });
    expect(errorCode(notAdmin.json())).toBe('forbidden');

    const approved = await inject({
      method: 'POST',
      url: `/api/admin/moderation/${saved.id}`,
      headers: admin.headers,
      payload: { decision: 'approve', action: 'Read the greeting: no slurs, approved.' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await read(saved.id)).toMatchObject({
      moderationStatus: 'closed',
      moderationAction: 'Read the greeting: no slurs, approved.',
      submitForManualReview: false,
    });
    const trail = await auditLog.listForTarget(stack.app.deps.db, creator.session.user.id);
    expect(trail.at(-1)).toMatchObject({
      action: 'character.approved',
      actorUserId: admin.session.user.id,
    });
  });

  it('sends an unreadable verdict to a moderator, never a silent pass', async () => {
    wire.behaviour.tokens = ['Sure! This bot looks ', 'fine to me.'];
    const saved = await publish();
    const done = await reviewed(saved.id, 'pending');
    expect(done).toMatchObject({
      moderationStatus: 'manual_review_required',
      moderationReasons: [undecidedReason],
    });
    const rejected = await inject({
      method: 'POST',
      url: `/api/admin/moderation/${saved.id}`,
      headers: admin.headers,
      payload: { decision: 'reject', reasons: ['Title misleads'], action: 'Asked for a fix.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await read(saved.id)).toMatchObject({
      moderationStatus: 'fix_required',
      moderationReasons: ['Title misleads'],
      moderationAction: 'Asked for a fix.',
      submitForManualReview: false,
    });
    const again = await inject({
      method: 'POST',
      url: `/api/admin/moderation/${saved.id}`,
      headers: admin.headers,
      payload: { decision: 'reject', reasons: [], action: 'x' },
    });
    expect(errorCode(again.json())).toBe('validation_failed');
  });

  it('refuses on the rules alone without asking the model', async () => {
    wire.behaviour.tokens = ['VERDICT: PASS'];
    const asked = wire.requests.length;
    const saved = await publish({ scenario: 'Join my server at https://discord.gg/spam' });
    const done = await reviewed(saved.id, 'pending');
    expect(done.moderationStatus).toBe('fix_required');
    expect(done.moderationReasons).toEqual(['Chatbots should not contain any url/link']);
    expect(wire.requests.length).toBe(asked);
  });

  it('reviews many chatbots published at once, each once', async () => {
    wire.behaviour.tokens = ['VERDICT: PASS'];
    const asked = wire.requests.length;
    const saved = await Promise.all(Array.from({ length: 6 }, () => publish()));
    for (const c of saved) expect((await reviewed(c.id, 'pending')).moderationStatus).toBeNull();
    expect(wire.requests.length - asked).toBe(6);
  });
});

describe('requeue-reviews', () => {
  it('queues the review of a chatbot left in review without a job, once however often it runs', async () => {
    wire.behaviour.tokens = ['VERDICT: PASS'];
    // Saved as in review, as if the save's own enqueue had failed: no job exists for it.
    const saved = await publish({ visibility: 'private' });
    await stack.app.deps.db
      .updateTable('characters')
      .set({ visibility: 'public', moderation_status: 'pending', moderation_revision: 1 })
      .where('id', '=', saved.id)
      .execute();
    const deps = { db: stack.app.deps.db, moderation: stack.app.deps.moderation };
    const log = stack.app.fastify.log;
    const ids = (jobs: { characterId: string }[]) => jobs.map((j) => j.characterId);

    // Within the grace period a save's own enqueue is trusted.
    expect(ids(await requeueReviews({ ...deps, log }))).not.toContain(saved.id);

    // Past it, the sweep adds the job; running again (or at once elsewhere) adds no second one.
    const later = new Date(Date.now() + reviewEnqueueGraceMs + 1000);
    const runs = await Promise.all([
      requeueReviews({ ...deps, log, now: later }),
      requeueReviews({ ...deps, log, now: later }),
    ]);
    for (const run of runs) expect(run).toContainEqual({ characterId: saved.id, revision: 1 });
    const jobs = await stack.app.deps.moderation.queue.getJobs([
      'waiting',
      'active',
      'delayed',
      'completed',
    ]);
    expect(
      jobs.filter((j) => j.id === reviewJobId({ characterId: saved.id, revision: 1 })).length,
    ).toBeLessThanOrEqual(1);
    expect(await reviewed(saved.id, 'pending')).toMatchObject({ moderationStatus: null });

    // Reviewed: nothing left to requeue for it.
    expect(ids(await requeueReviews({ ...deps, log, now: later }))).not.toContain(saved.id);
  });
});
