/**
 * Chatbot reports (product-rules.md §3, §5, §8): members report chatbots they can see, at most
 * `reportsPerHour` an hour; admins resolve or dismiss them, each decision audited.
 */
import type { AdminReport } from '#shared/api/reports';
import type { ReportInput } from '#shared/rules/report';
import { hasPermission } from '#shared/rules/permissions';
import type { Db } from '../db/database';
import * as audit from '../db/repositories/audit-log.repo';
import * as reports from '../db/repositories/reports.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import type { Redis } from '../lib/redis';
import { redisKeys } from '../lib/redis-keys';
import { findVisible } from './characters.service';

/** Enough for a member reporting several bad bots in a session; a flood gets rate_limited. */
export const reportsPerHour = 10;

export interface ReportDeps {
  db: Db;
  redis: Redis;
  prefix: string;
}

export async function createReport(
  deps: ReportDeps,
  caller: MemberCaller,
  input: ReportInput,
): Promise<string> {
  const subject = {
    kind: caller.kind,
    role: caller.role,
    restrictions: caller.restrictions.map((r) => r.type),
  };
  if (!hasPermission(subject, 'report_character')) throw new AppError('forbidden');
  await findVisible(deps.db, caller, input.characterId).catch((err: unknown) => {
    throw err instanceof AppError ? new AppError(err.code, { field: 'characterId' }) : err;
  });
  await hitRateLimit(
    deps.redis,
    redisKeys(deps.prefix).rateLimit.reports(caller.userId),
    reportsPerHour,
    3600,
  );
  return reports.insert(deps.db, caller.userId, input);
}

export async function listQueue(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<{ items: AdminReport[]; total: number }> {
  return reports.listQueue(db, page);
}

/** Marks a report resolved or dismissed and writes the audit entry, together. */
export async function decide(
  db: Db,
  admin: MemberCaller,
  id: string,
  status: 'resolved' | 'dismissed',
): Promise<AdminReport> {
  await db.transaction().execute(async (trx) => {
    const report = await reports.findById(trx, id);
    if (!report) throw new AppError('report_not_found');
    await reports.setStatus(trx, id, status, admin.userId);
    await audit.insert(trx, {
      actorUserId: admin.userId,
      action: `report.${status}`,
      targetUserId: report.creatorUserId,
      details: { reportId: id, characterId: report.characterId, from: report.status, to: status },
    });
  });
  const report = await reports.findById(db, id);
  if (!report) throw new AppError('report_not_found');
  return report;
}
