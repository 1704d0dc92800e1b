/** Whether PostgreSQL and Redis answer, and how fast (GET /api/health). */
import type { Db } from '../db/database';
import * as health from '../db/repositories/health.repo';
import type { Redis } from '../lib/redis';

export interface ServiceStatus {
  ok: boolean;
  latencyMs: number | null;
}

async function timed(check: () => Promise<unknown>): Promise<ServiceStatus> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

export async function checkHealth(deps: {
  db: Db;
  redis: Redis;
}): Promise<{ ok: boolean; postgres: ServiceStatus; redis: ServiceStatus }> {
  const [postgres, redis] = await Promise.all([
    timed(() => health.ping(deps.db)),
    timed(() => deps.redis.ping()),
  ]);
  return { ok: postgres.ok && redis.ok, postgres, redis };
}
