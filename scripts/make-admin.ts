/**
 * npm run make-admin -- <email>: makes the member with this email an admin, creating the account if
 * nobody has it yet, so a fresh install gets its first admin without SQL. Then sign in with that email
 * (the emailed code) and open /admin.
 */
import { EmailSchema } from '#shared/schemas/user';
import { createDb } from '#server/db/database';
import { createRedis } from '#server/lib/redis';
import { prepare } from '#server/lib/startup';
import { grantAdminByEmail } from '#server/services/admin.service';

const email = EmailSchema.safeParse(process.argv[2] ?? '');
if (!email.success) {
  process.stderr.write('Usage: npm run make-admin -- <email>\n');
  process.exit(2);
}
const config = await prepare({ migrate: true });
const db = createDb(config.DATABASE_URL, 1);
const redis = createRedis(config, 'command');
try {
  const admin = await grantAdminByEmail({ db, redis, prefix: config.REDIS_PREFIX }, email.data);
  process.stdout.write(`${admin.email ?? email.data} is an admin now (user ${admin.id}).\n`);
} finally {
  await db.destroy();
  await redis.quit();
}
