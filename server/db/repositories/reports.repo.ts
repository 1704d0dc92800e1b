/** Chatbot reports and the admin queue over them. */
import { sql } from 'kysely';
import type { AdminReport } from '#shared/api/reports';
import type { ReportInput } from '#shared/rules/report';
import type { Db } from '../database';

export async function insert(db: Db, reporterUserId: string, input: ReportInput): Promise<string> {
  const { id } = await db
    .insertInto('character_reports')
    .values({
      reporter_user_id: reporterUserId,
      character_id: input.characterId,
      issue_type: input.userIssueType,
      details: input.userReportDetails,
      expected_resolution: input.userExpectedResolution,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function queueQuery(db: Db) {
  return db
    .selectFrom('character_reports as r')
    .leftJoin('characters as c', 'c.id', 'r.character_id')
    .leftJoin('users as creator', 'creator.id', 'c.creator_user_id')
    .leftJoin('users as reporter', 'reporter.id', 'r.reporter_user_id')
    .select([
      'r.id',
      'r.character_id',
      'c.name as character_name',
      'c.creator_user_id',
      'creator.username as creator_username',
      'reporter.username as reporter_username',
      'r.issue_type',
      'r.details',
      'r.expected_resolution',
      'r.status',
      'r.created_at',
      'r.resolved_at',
    ]);
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>['executeTakeFirstOrThrow']>>;

function toAdminReport(row: QueueRow): AdminReport & { creatorUserId: string | null } {
  return {
    id: row.id,
    characterId: row.character_id,
    characterName: row.character_name,
    creatorUserId: row.creator_user_id,
    creatorUsername: row.creator_username,
    reporterUsername: row.reporter_username,
    issueType: row.issue_type,
    details: row.details,
    expectedResolution: row.expected_resolution,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    resolvedAt: row.resolved_at?.toISOString() ?? null,
  };
}

/** One page of the queue: open reports oldest first, then handled ones latest handled first. */
export async function listQueue(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<{ items: AdminReport[]; total: number }> {
  const [rows, count] = await Promise.all([
    queueQuery(db)
      .orderBy(sql`r.status <> 'open'`)
      .orderBy(sql`case when r.status = 'open' then r.created_at end`, 'asc')
      .orderBy('r.resolved_at', 'desc')
      .orderBy('r.id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db
      .selectFrom('character_reports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toAdminReport), total: Number(count.n) };
}

export async function findById(
  db: Db,
  id: string,
): Promise<(AdminReport & { creatorUserId: string | null }) | undefined> {
  const row = await queueQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row && toAdminReport(row);
}

/** Marks a report handled by an admin; false when there is no such report. */
export async function setStatus(
  db: Db,
  id: string,
  status: 'resolved' | 'dismissed',
  adminUserId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('character_reports')
    .set({ status, resolved_by: adminUserId, resolved_at: sql`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
