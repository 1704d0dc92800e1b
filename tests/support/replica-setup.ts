/**
 * Global setup of the integration-replica project, after global-setup.ts made the run's database: the
 * streaming replica started (testkit/pg-replica.sh; quiet when it runs), and once it has replayed the
 * database's creation and migrations, the database's URL on the replica for testConfig().
 */
import type { TestProject } from 'vitest/node';
import { replicaScript, waitForReplay } from './replica';
import { replicaDatabaseUrl } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's database on the streaming replica; provided to integration-replica files only. */
    readDatabaseUrl?: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  replicaScript('start');
  const { databaseUrl } = project.getProvidedContext();
  const name = new URL(databaseUrl).pathname.slice(1);
  const readDatabaseUrl = replicaDatabaseUrl(name);
  await waitForReplay(databaseUrl, readDatabaseUrl);
  project.provide('readDatabaseUrl', readDatabaseUrl);
}
