/**
 * Chatbot reports (product-rules.md §3 "Report", §5, §8): members send them from /report, admins work
 * through them in a queue, open ones first. Each admin decision is written to the audit log.
 */
import { z } from 'zod';
import { ReportInputSchema, ReportIssueTypeSchema, ReportResolutionSchema } from '../rules/report';
import { PageQuerySchema, pageOf } from '../schemas/page';
import { endpoint } from './endpoint';

export const ReportStatusSchema = z.enum(['open', 'resolved', 'dismissed']);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** Sends a report about a chatbot the caller can see; rate-limited per member. */
export const createReport = endpoint({
  method: 'POST',
  path: '/api/reports',
  auth: 'member',
  summary: 'Report a chatbot',
  body: ReportInputSchema,
  response: z.object({ id: z.uuid() }),
});

/** A report as admins see it; the chatbot's name and creator are null once it is deleted. */
export const AdminReportSchema = z.object({
  id: z.uuid(),
  characterId: z.uuid(),
  characterName: z.string().nullable(),
  creatorUsername: z.string().nullable(),
  reporterUsername: z.string().nullable(),
  issueType: ReportIssueTypeSchema,
  details: z.string(),
  expectedResolution: ReportResolutionSchema,
  status: ReportStatusSchema,
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

/** The report queue: open reports first (oldest first), then handled ones (latest handled first). */
export const listReports = endpoint({
  method: 'GET',
  path: '/api/admin/reports',
  auth: 'admin',
  summary: 'Admin: the chatbot report queue',
  query: PageQuerySchema,
  response: pageOf(AdminReportSchema),
});

/** Resolves or dismisses a report; audited. */
export const updateReport = endpoint({
  method: 'PUT',
  path: '/api/admin/reports/:id',
  auth: 'admin',
  summary: 'Admin: resolve or dismiss a report',
  params: z.object({ id: z.uuid() }),
  body: z.object({ status: ReportStatusSchema.exclude(['open']) }),
  response: AdminReportSchema,
});
