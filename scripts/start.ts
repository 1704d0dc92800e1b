/**
 * npm start: the all-in-one product for one machine. Builds the client when its sources are newer than
 * the build, migrates, seeds an empty library, then runs the server and the workers in this process.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '#server/app';
import { createDb } from '#server/db/database';
import { createLogger } from '#server/lib/log';
import { onShutdown, prepare } from '#server/lib/startup';
import { seedIfEmpty } from '#server/services/seed.service';
import { startWorkers } from '#workers/start-workers';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildClientIfStale(dist: string): void {
  const index = path.join(dist, 'index.html');
  const sources = Math.max(newestMtime('client'), newestMtime('shared'));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  process.stdout.write('Building the client...\n');
  execFileSync('npx', ['vite', 'build', '--config', 'client/vite.config.ts'], { stdio: 'inherit' });
}

const config = await prepare({ migrate: true });
buildClientIfStale(config.CLIENT_DIST);
const db = createDb(config.DATABASE_URL, 1);
const seeded = await seedIfEmpty(db);
await db.destroy();
if (seeded > 0) process.stdout.write(`Seeded ${seeded} characters.\n`);

const app = await buildApp(config);
const workers = config.RUN_WORKERS
  ? await startWorkers(config, createLogger(config.LOG_LEVEL, 'worker'))
  : undefined;
const address = await app.fastify.listen({ host: config.HOST, port: config.PORT });
process.stdout.write(`\nCharChat is running at ${address.replace('127.0.0.1', 'localhost')}\n\n`);
onShutdown(async () => {
  await app.fastify.close();
  await workers?.close();
});
