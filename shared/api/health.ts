import { z } from 'zod';
import { endpoint } from './endpoint';

const ServiceStatusSchema = z.object({ ok: z.boolean(), latencyMs: z.number().nullable() });

export const getHealth = endpoint({
  method: 'GET',
  path: '/api/health',
  auth: 'none',
  summary: 'Report whether PostgreSQL and Redis answer',
  response: z.object({
    ok: z.boolean(),
    postgres: ServiceStatusSchema,
    redis: ServiceStatusSchema,
  }),
});
