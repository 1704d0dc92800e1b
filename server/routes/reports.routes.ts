/** Chatbot reports from members, and the admin queue over them. */
import type { FastifyInstance } from 'fastify';
import { createReport, listReports, updateReport } from '#shared/api/reports';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as reports from '../services/reports.service';

export function reportRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, createReport, async ({ caller, body }) => ({
    id: await reports.createReport(deps, caller, body),
  }));

  addRoute(app, listReports, async ({ query }) => ({
    ...(await reports.listQueue(deps.db, query)),
    page: query.page,
    pageSize: query.pageSize,
  }));

  addRoute(app, updateReport, async ({ caller, params, body }) =>
    reports.decide(deps.db, caller, params.id, body.status),
  );
}
