/**
 * The auth secret of an install without AUTH_SECRET (never in production: config.ts refuses that).
 * Every process of the install (npm start, start:server, start:worker) uses one random secret, made by
 * the first to start and kept in AUTH_SECRET_FILE (mode 0600), so sessions and sealed keys survive
 * restarts and split processes agree. There is no built-in secret to fall back on.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config';

/** The config with AUTH_SECRET set: as given, else read from (or first written to) AUTH_SECRET_FILE. */
export function withAuthSecret(config: Config): Config {
  if (config.AUTH_SECRET !== undefined) return config;
  const file = config.AUTH_SECRET_FILE;
  try {
    return { ...config, AUTH_SECRET: readOrCreate(file) };
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Configuration error: AUTH_SECRET is unset and ${file} could not be read or written (${reason}); set AUTH_SECRET or AUTH_SECRET_FILE.`,
    );
  }
}

function readOrCreate(file: string): string {
  try {
    return read(file);
  } catch (err) {
    if (!hasCode(err, 'ENOENT')) throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written whole, then linked into place: a link never replaces a file, so when two processes start
  // at once one secret wins and both read it.
  const draft = `${file}.${String(process.pid)}-${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (err) {
    if (!hasCode(err, 'EEXIST')) throw err;
  } finally {
    unlinkSync(draft);
  }
  return read(file);
}

function read(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new ConfigError(
      `Configuration error: ${file} does not hold a secret of at least 32 characters; delete it to have one generated, or set AUTH_SECRET.`,
    );
  }
  return secret;
}

function hasCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === code;
}
