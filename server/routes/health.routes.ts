import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getHealth } from '#shared/api/health';
import { addRoute } from '../lib/route';
import type { AppDeps } from '../app';

async function timed(
  check: () => Promise<unknown>,
): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await check();
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { ok: false, latencyMs: null };
  }
}

export function healthRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, getHealth, async ({ reply }) => {
    const [postgres, redis] = await Promise.all([
      timed(() => sql`select 1`.execute(deps.db)),
      timed(() => deps.redis.ping()),
    ]);
    const ok = postgres.ok && redis.ok;
    if (!ok) void reply.code(503);
    return { ok, postgres, redis };
  });
}
