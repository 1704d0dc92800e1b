import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root: 'tests/unit',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          root: 'tests/integration',
          include: ['**/*.test.ts'],
          environment: 'node',
          globalSetup: ['../support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A file spends most of its time waiting on PostgreSQL, Redis, sockets and streamed replies,
          // so three at a time keep two cores busy; vitest's default on two cores is one at a time.
          maxWorkers: 3,
        },
      },
    ],
  },
});
