/**
 * Global setup of the integration-cluster project: the local Redis Cluster of 3 masters and 3 replicas
 * started (testkit/redis-cluster.sh; quiet when it runs), and its seed nodes provided, so testConfig()
 * and the processes tests start use it in place of the single Redis.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { redisClusterNodes } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** REDIS_CLUSTER_NODES of the local cluster; provided to integration-cluster files only. */
    redisClusterNodes?: string;
  }
}

/** The script that starts the local cluster, or stops it. */
export const clusterScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../testkit/redis-cluster.sh',
);

export default function setup(project: TestProject): void {
  execFileSync(clusterScript, ['start'], { stdio: 'inherit' });
  project.provide('redisClusterNodes', redisClusterNodes);
}
