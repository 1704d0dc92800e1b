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
          exclude: [loadTest, replicaTest],
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
