/**
 * Chatbot reports on the real stack (product-rules.md §3, §5): members report chatbots they can see,
 * bad input is refused with nothing stored, a flood is rate-limited, and only admins read and work
 * through the queue, each decision audited.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReport, listReports, updateReport } from '#shared/api/reports';
import { reportLimits } from '#shared/rules/report';
import * as auditLog from '#server/db/repositories/audit-log.repo';
import * as users from '#server/db/repositories/users.repo';
import { reportsPerHour } from '#server/services/reports.service';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { errorOf } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let admin: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  const email = `admin-${randomUUID()}@example.com`;
  const record = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, record.id, 'admin');
  admin = await signInMember(stack, smtp, email);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);
const db = () => stack.app.deps.db;

const goodReport = (characterId: string) => ({
  characterId,
  userIssueType: 'Categorization',
  userReportDetails: 'It is NSFW but not tagged so.',
  userExpectedResolution: 'modified',
});

const report = (m: { headers: Record<string, string> }, payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/api/reports', headers: m.headers, payload });

async function reportsBy(userId: string): Promise<number> {
  const rows = await db()
    .selectFrom('character_reports')
    .select('id')
    .where('reporter_user_id', '=', userId)
    .execute();
  return rows.length;
}

async function queuePage(page = 1, pageSize = 60) {
  const res = await inject({
    url: `/api/admin/reports?page=${page}&pageSize=${pageSize}`,
    headers: admin.headers,
  });
  expect(res.statusCode).toBe(200);
  return listReports.response.parse(res.json());
}

describe('POST /api/reports', () => {
  it('stores a report that admins see open, before handled ones, and can resolve with an audit entry', async () => {
    const reporter = await signInMember(stack, smtp);
    const creator = await users.upsertMemberByEmail(db(), `creator-${randomUUID()}@example.com`);
    const bot = await createCharacter(db(), { name: 'Reported', creatorUserId: creator.id });
    const res = await report(reporter, goodReport(bot));
    expect(res.statusCode).toBe(200);
    const { id } = createReport.response.parse(res.json());

    const open = (await queuePage()).items.find((r) => r.id === id);
    expect(open).toMatchObject({
      characterId: bot,
      characterName: 'Reported',
      issueType: 'Categorization',
      details: 'It is NSFW but not tagged so.',
      expectedResolution: 'modified',
      status: 'open',
      resolvedAt: null,
    });

    const decided = await inject({
      method: 'PUT',
      url: `/api/admin/reports/${id}`,
      headers: admin.headers,
      payload: { status: 'resolved' },
    });
    expect(updateReport.response.parse(decided.json())).toMatchObject({ id, status: 'resolved' });
    const audit = await auditLog.listForTarget(db(), creator.id);
    expect(audit).toMatchObject([
      {
        actorUserId: admin.session.user.id,
        action: 'report.resolved',
        details: { reportId: id, characterId: bot, from: 'open', to: 'resolved' },
      },
    ]);

    // Open reports come first, oldest first; handled ones after them.
    const second = createReport.response.parse((await report(reporter, goodReport(bot))).json()).id;
    const { items } = await queuePage();
    const statuses = items.map((r) => r.status);
    expect(statuses.indexOf('open')).toBe(0);
    expect(statuses.lastIndexOf('open')).toBeLessThan(items.findIndex((r) => r.status !== 'open'));
    expect(items.findIndex((r) => r.id === second)).toBeLessThan(
      items.findIndex((r) => r.id === id),
    );
  });

  it('refuses bad input with validation_failed naming the field, storing nothing', async () => {
    const reporter = await signInMember(stack, smtp);
    const bot = await createCharacter(db());
    const cases: [Record<string, unknown>, string][] = [
      [{ ...goodReport(bot), userReportDetails: '' }, 'userReportDetails'],
      [{ ...goodReport(bot), userReportDetails: '   ' }, 'userReportDetails'],
      [
        { ...goodReport(bot), userReportDetails: 'x'.repeat(reportLimits.details + 1) },
        'userReportDetails',
      ],
      [{ ...goodReport(bot), userReportDetails: 'bad\u0000byte' }, 'userReportDetails'],
      [{ ...goodReport(bot), userReportDetails: 42 }, 'userReportDetails'],
      [{ ...goodReport(bot), characterId: '' }, 'characterId'],
      [{ ...goodReport(bot), characterId: 'x'.repeat(51) }, 'characterId'],
      [{ ...goodReport(bot), characterId: 'not-a-uuid' }, 'characterId'],
      [{ ...goodReport(bot), characterId: ['a'] }, 'characterId'],
      [{ ...goodReport(bot), userIssueType: 'Spam' }, 'userIssueType'],
      [{ ...goodReport(bot), userExpectedResolution: null }, 'userExpectedResolution'],
    ];
    for (const [payload, field] of cases) {
      const res = await report(reporter, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field });
    }
    const ok = await report(reporter, {
      ...goodReport(bot),
      userReportDetails: 'x'.repeat(reportLimits.details),
    });
    expect(ok.statusCode).toBe(200);
    expect(await reportsBy(reporter.session.user.id)).toBe(1);
  });

  it('refuses guests, unknown bots and private bots of others', async () => {
    const reporter = await signInMember(stack, smtp);
    const creator = await users.upsertMemberByEmail(db(), `creator-${randomUUID()}@example.com`);
    const privateBot = await createCharacter(db(), { creatorUserId: creator.id });
    await db()
      .updateTable('characters')
      .set({ visibility: 'private' })
      .where('id', '=', privateBot)
      .execute();
    const guest = await report({ headers: { 'x-guest-id': newGuestId() } }, goodReport(privateBot));
    expect(errorOf(guest.json()).code).toBe('sign_in_required');
    for (const id of [privateBot, randomUUID()]) {
      const res = await report(reporter, goodReport(id));
      expect(res.statusCode).toBe(404);
      expect(errorOf(res.json())).toMatchObject({
        code: 'character_not_found',
        field: 'characterId',
      });
    }
    expect(await reportsBy(reporter.session.user.id)).toBe(0);
  });

  it('rate-limits one member and takes reports from many members at once', async () => {
    const bot = await createCharacter(db());
    const flooder = await signInMember(stack, smtp);
    const answers = await Promise.all(
      Array.from({ length: reportsPerHour + 3 }, () => report(flooder, goodReport(bot))),
    );
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : errorOf(r.json()).code));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(reportsPerHour);
    expect(codes.filter((c) => c === 'rate_limited')).toHaveLength(3);
    expect(await reportsBy(flooder.session.user.id)).toBe(reportsPerHour);

    const reporters = await Promise.all(Array.from({ length: 8 }, () => signInMember(stack, smtp)));
    const many = await Promise.all(reporters.map((m) => report(m, goodReport(bot))));
    expect(many.every((r) => r.statusCode === 200)).toBe(true);
    const counts = await Promise.all(reporters.map((m) => reportsBy(m.session.user.id)));
    expect(counts).toEqual(reporters.map(() => 1));
  });
});

describe('the admin report queue', () => {
  it('is for admins only', async () => {
    const m = await signInMember(stack, smtp);
    const attempts: InjectOptions[] = [
      { url: '/api/admin/reports' },
      {
        method: 'PUT',
        url: `/api/admin/reports/${randomUUID()}`,
        payload: { status: 'dismissed' },
      },
    ];
    for (const attempt of attempts) {
      const asMember = await inject({ ...attempt, headers: m.headers });
      expect(asMember.statusCode).toBe(403);
      expect(errorOf(asMember.json()).code).toBe('forbidden');
      const asGuest = await inject({ ...attempt, headers: { 'x-guest-id': newGuestId() } });
      expect(errorOf(asGuest.json()).code).toBe('forbidden');
    }
  });

  it('answers report_not_found and refuses a status that is not a decision', async () => {
    const missing = await inject({
      method: 'PUT',
      url: `/api/admin/reports/${randomUUID()}`,
      headers: admin.headers,
      payload: { status: 'dismissed' },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing.json()).code).toBe('report_not_found');
    for (const status of ['open', 'closed', 1]) {
      const res = await inject({
        method: 'PUT',
        url: `/api/admin/reports/${randomUUID()}`,
        headers: admin.headers,
        payload: { status },
      });
      expect(errorOf(res.json())).toMatchObject({ code: 'validation_failed', field: 'status' });
    }
  });
});
