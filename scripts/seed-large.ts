/**
 * npm run seed:large: fills a database of its own with 1,000,000 characters for the search bench
 * (server/services/seed-large.service.ts), in the large library's own PostgreSQL (large-postgres.ts),
 * so dev data is never touched. Refuses a database that already holds characters unless
 * SEED_LARGE_FORCE=1. SEED_LARGE_COUNT scales it down.
 */
import { createDb } from '#server/db/database';
import { migrateToLatest } from '#server/db/migrate';
import { countCharacters } from '#server/db/repositories/large-library.repo';
import { ensureDatabase } from '#server/lib/services-check';
import { defaultLargeLibrary, seedLargeLibrary } from '#server/services/seed-large.service';
import { startLargePostgres } from './large-postgres';

const instance = await startLargePostgres(process.env);
const { url } = instance;
await ensureDatabase(url);
const db = createDb(url, 2);
try {
  await migrateToLatest(db);
  const existing = await countCharacters(db);
  if (existing > 0 && process.env.SEED_LARGE_FORCE !== '1') {
    process.stderr.write(
      `${url} already holds ${existing} characters; drop it or set SEED_LARGE_FORCE=1 to add more.\n`,
    );
    process.exitCode = 1;
  } else {
    const plan = {
      ...defaultLargeLibrary,
      characters: Number(process.env.SEED_LARGE_COUNT ?? defaultLargeLibrary.characters),
    };
    const started = Date.now();
    await seedLargeLibrary(db, plan, (written, phase) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${phase}: ${written}/${plan.characters} (${seconds} s)\n`);
    });
    process.stdout.write(`Seeded ${plan.characters} characters into ${url}.\n`);
  }
} finally {
  await db.destroy();
  await instance.stop();
}
