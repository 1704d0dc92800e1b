/**
 * What every process does before it serves: parse the config, settle the auth secret (lib/auth-secret.ts),
 * check PostgreSQL and Redis (one line each when down, saying how to start them), create the database if
 * missing, apply migrations.
 */
import { ConfigError, loadConfig, type Config } from '../config';
import { createDb } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { withAuthSecret } from './auth-secret';
import { ServiceDownError, checkPostgres, checkRedis, ensureDatabase } from './services-check';

export async function prepare(opts: { migrate: boolean }): Promise<Config> {
  try {
    const config = withAuthSecret(loadConfig());
    await checkPostgres(config.DATABASE_URL);
    await checkRedis(config);
    if (opts.migrate) {
      await ensureDatabase(config.DATABASE_URL);
      const db = createDb(config.DATABASE_URL, 1);
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
    }
    return config;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ServiceDownError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** Runs `close` once on SIGINT/SIGTERM, then exits. */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`${signal} received, shutting down\n`);
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
