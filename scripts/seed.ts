/** npm run seed: adds (or refreshes) the seed characters; `--if-empty` seeds only an empty library. */
import { createDb } from '#server/db/database';
import { prepare } from '#server/lib/startup';
import { seedIfEmpty, seedLibrary } from '#server/services/seed.service';

const config = await prepare({ migrate: true });
const db = createDb(config.DATABASE_URL, 1);
const n = process.argv.includes('--if-empty') ? await seedIfEmpty(db) : await seedLibrary(db);
await db.destroy();
process.stdout.write(`Seeded ${n} characters.\n`);
