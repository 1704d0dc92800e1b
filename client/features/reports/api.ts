import { getCharacter } from '#shared/api/characters';
import { createReport, listReports, updateReport, type ReportStatus } from '#shared/api/reports';
import type { ReportInput } from '#shared/rules/report';
import type { ApiClient } from '../../lib/api-client';

export function sendReport(api: ApiClient, input: ReportInput) {
  return api.request(createReport, { body: input });
}

export function fetchReportQueue(api: ApiClient, page: number, signal: AbortSignal) {
  return api.request(listReports, { query: { page, pageSize: reportQueuePageSize }, signal });
}

export function decideReport(api: ApiClient, id: string, status: Exclude<ReportStatus, 'open'>) {
  return api.request(updateReport, { params: { id }, body: { status } });
}

export const reportQueuePageSize = 20;

/** The chatbot a report is about, to name it on the form. */
export function fetchReportedChatbot(api: ApiClient, id: string, signal: AbortSignal) {
  return api.request(getCharacter, { params: { id }, signal });
}
