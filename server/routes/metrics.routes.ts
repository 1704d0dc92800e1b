/**
 * Prometheus metrics at /metrics: queue depth per queue and state and per priority, the waiting room
 * (size, holders of access, admissions), active sockets of this server, job failures, public reads by
 * what served them and each read replica's health (server/db/read-db.ts), and the pool-wide
 * time-to-first-token and tokens/s histograms the workers keep in Redis. With METRICS_TOKEN set, a
 * scrape must send it as a bearer token.
 */
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { generationQueue, tierPriority } from '#shared/jobs/generation';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import { renderHistogram, tokensPerSecondHistogram, ttftHistogram } from '../lib/redis-histogram';
import { bearerToken } from '../services/identity.service';
import { redisKeys } from '../lib/redis-keys';

const jobStates = ['wait', 'prioritized', 'active', 'delayed', 'failed'] as const;

export function metricsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  queues: readonly Queue[],
  activeSockets: () => number,
): void {
  const registry = new Registry();
  // Event-loop delay sampled once a second by default rather than prom-client's every 10 ms: each
  // sample wakes the process, which on a virtual machine costs about a tenth of a millisecond of
  // scheduling (at 100 ms these wake-ups were most of an idle server's CPU). A sample only sees a block
  // it falls in, so a benchmark looking for short blocks samples finely (METRICS_EVENT_LOOP_MS).
  collectDefaultMetrics({
    register: registry,
    prefix: 'charchat_server_',
    eventLoopMonitoringPrecision: deps.config.METRICS_EVENT_LOOP_MS,
  });

  new Gauge({
    name: 'charchat_queue_jobs',
    help: 'Jobs per queue and state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await Promise.all(queues.map((q) => q.getJobCounts(...jobStates)));
      queues.forEach((q, i) => {
        for (const state of jobStates) this.set({ queue: q.name, state }, counts[i]?.[state] ?? 0);
      });
    },
  });
  const generation = queues.find((q) => q.name === generationQueue);
  new Gauge({
    name: 'charchat_generation_waiting_by_priority',
    help: 'Replies waiting in the generation queue per priority (1 is served first).',
    labelNames: ['priority'],
    registers: [registry],
    async collect() {
      if (!generation) return;
      const priorities = Object.values(tierPriority);
      const counts = await generation.getCountsPerPriority(priorities);
      for (const p of priorities) this.set({ priority: String(p) }, counts[String(p)] ?? 0);
    },
  });
  new Gauge({
    name: 'charchat_waiting_room_waiting',
    help: 'Callers waiting in line.',
    registers: [registry],
    async collect() {
      this.set((await deps.waitingRoom.store.counts()).waiting);
    },
  });
  new Gauge({
    name: 'charchat_waiting_room_access',
    help: 'Callers holding access.',
    registers: [registry],
    async collect() {
      this.set(await deps.waitingRoom.store.accessCount());
    },
  });
  new Counter({
    name: 'charchat_waiting_room_admissions_total',
    help: 'Callers let in from the waiting room.',
    registers: [registry],
    async collect() {
      this.reset();
      this.inc((await deps.waitingRoom.store.counts()).admissions);
    },
  });
  new Counter({
    name: 'charchat_job_failures_total',
    help: 'Failed jobs per queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const failures = await deps.redis.hgetall(redisKeys(deps.prefix).jobFailures);
      this.reset();
      for (const [queue, n] of Object.entries(failures)) this.inc({ queue }, Number(n));
    },
  });
  new Counter({
    name: 'charchat_public_reads_total',
    help: 'Public reads of this server, by what served them (a replica, or the primary).',
    labelNames: ['served_by'],
    registers: [registry],
    collect() {
      const { onReplica, onPrimary } = deps.reads.stats();
      this.reset();
      this.inc({ served_by: 'replica' }, onReplica);
      this.inc({ served_by: 'primary' }, onPrimary);
    },
  });
  new Counter({
    name: 'charchat_replica_read_failures_total',
    help: 'Public reads that failed on a replica and ran again on the primary, per replica.',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const r of deps.reads.stats().replicas) this.inc({ replica: r.name }, r.failed);
    },
  });
  new Gauge({
    name: 'charchat_replica_up',
    help: 'Whether a replica answered when last asked or read from (1), or not (0); absent before.',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const r of deps.reads.stats().replicas) {
        if (r.isUp !== null) this.set({ replica: r.name }, r.isUp ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'charchat_active_sockets',
    help: 'Sockets connected to this server.',
    registers: [registry],
    collect() {
      this.set(activeSockets());
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.METRICS_TOKEN;
    if (token !== undefined && bearerToken(request.headers.authorization) !== token) {
      throw new AppError('forbidden');
    }
    const histograms = await Promise.all(
      [ttftHistogram, tokensPerSecondHistogram].map((h) =>
        renderHistogram(deps.redis, deps.prefix, h),
      ),
    );
    return reply
      .type(registry.contentType)
      .send(`${await registry.metrics()}${histograms.join('')}`);
  });
}
