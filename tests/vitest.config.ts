import { defineConfig } from 'vitest/config';

/** What every integration file shares: real PostgreSQL and Redis, prepared once per run. */
const integration = {
  root: 'tests/integration',
  include: ['**/*.test.ts'],
  environment: 'node' as const,
  globalSetup: ['../support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};
const loadTest = 'realtime/load.test.ts';
/** Needs the streaming replica that only integration-replica starts. */
const replicaTest = 'db/read-replicas.test.ts';
/** Kills a master of the Redis Cluster that only integration-cluster starts. */
const failoverTest = 'realtime/cluster-failover.test.ts';
/** What runs again on a Redis Cluster: the chat path across servers and workers, the queues, the waiting room, the library. */
const clusterFiles = [
  'realtime/chat-path.test.ts',
  'realtime/two-servers.test.ts',
  'realtime/worker-crash.test.ts',
  'realtime/reply-gate.test.ts',
  'realtime/group-turns.test.ts',
  'realtime/autopilot.test.ts',
  'realtime/priority.test.ts',
  'realtime/waiting-room.test.ts',
  'realtime/waiting-room-joining.test.ts',
  'workers/missed-reply.test.ts',
  'workers/reply-early-failure.test.ts',
  'workers/moderation.test.ts',
  'api/library.test.ts',
  'api/auth.test.ts',
  'scripts/delete-matching.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root: 'tests/unit',
          include: ['**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          exclude: [loadTest, replicaTest, failoverTest],
          // A file spends most of its time waiting on PostgreSQL, Redis, sockets and streamed replies,
          // so three at a time keep two cores busy; vitest's default on two cores is one at a time.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...integration,
          // The library, search and profile files again, their public reads served by a streaming
          // replica (README "Scaling out: read replicas"), and the replica's own tests. Beside the
          // integration files, at the same three at a time.
          name: 'integration-replica',
          include: [
            replicaTest,
            'api/library.test.ts',
            'api/characters.test.ts',
            'api/social.test.ts',
          ],
          globalSetup: [...integration.globalSetup, '../support/replica-setup.ts'],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...integration,
          // The chat path, queues, waiting room and library again on a local Redis Cluster of 3
          // masters and 3 replicas (README "Scaling out: Redis Cluster"), beside the integration files.
          name: 'integration-cluster',
          include: clusterFiles,
          globalSetup: [...integration.globalSetup, '../support/cluster-setup.ts'],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...integration,
          // A master of that cluster killed mid-reply: alone, so no other file sees the failover.
          name: 'integration-cluster-failover',
          include: [failoverTest],
          globalSetup: [...integration.globalSetup, '../support/cluster-setup.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          ...integration,
          // The burst of 200 replies on the local model takes both cores for minutes: beside other
          // files its wait for the last reply ran out (380 s) on a loaded machine, so it runs alone, last.
          name: 'integration-load',
          include: [loadTest],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
