/**
 * npm start: the all-in-one product for one machine. Builds the client when its sources are newer than
 * the build, migrates, seeds an empty library, then runs the server and the workers in this process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
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

/**
 * The offline speech engine (SPEECH_PROVIDER=local) is Debian's espeak-ng: installed with apt when
 * missing and this process may (root); otherwise one line says how.
 */
function installEspeakIfMissing(): void {
  const has = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
  if (has('espeak-ng')) return;
  if (process.getuid?.() === 0 && has('apt-get')) {
    process.stdout.write('Installing espeak-ng (the offline speech engine)...\n');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'espeak-ng'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  process.stdout.write('Speech needs espeak-ng: sudo apt-get install espeak-ng\n');
}

const config = await prepare({ migrate: true });
if (config.SPEECH_PROVIDER === 'local') installEspeakIfMissing();
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
