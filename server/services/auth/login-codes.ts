/**
 * One-time sign-in by email: a 6-digit code and a magic link, both valid 10 minutes and single-use,
 * kept hashed in Redis. Codes are compared in constant time; a code allows a few attempts only.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/errors';
import type { Redis } from '../../lib/redis';
import { redisKeys } from '../../lib/redis-keys';

export const codeTtlSeconds = 600;
/** Wrong guesses allowed per code before a new one must be requested. */
export const maxCodeAttempts = 5;

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function codeKey(prefix: string, email: string): string {
  return redisKeys(prefix).loginCode(sha256(email).toString('hex'));
}

function linkKey(prefix: string, token: string): string {
  return redisKeys(prefix).loginLink(sha256(token).toString('hex'));
}

export interface IssuedLogin {
  code: string;
  linkToken: string;
}

/** Issues a fresh code for a subject (an email, or a purpose plus an email), replacing any earlier one. */
export async function issueCode(
  redis: Redis,
  prefix: string,
  subject: string,
  linkHash?: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = codeKey(prefix, subject);
  const fields = ['code', sha256(`${subject}:${code}`).toString('hex'), 'attempts', '0'];
  if (linkHash !== undefined) fields.push('link', linkHash);
  await redis
    .multi()
    .del(key)
    .hset(key, ...fields)
    .expire(key, codeTtlSeconds)
    .exec();
  return code;
}

/** Issues a fresh sign-in code and magic link for the email, replacing any earlier ones. */
export async function issueLogin(
  redis: Redis,
  prefix: string,
  email: string,
): Promise<IssuedLogin> {
  const previousLink = await redis.hget(codeKey(prefix, email), 'link');
  if (previousLink !== null) await redis.del(redisKeys(prefix).loginLink(previousLink));
  const linkToken = randomBytes(32).toString('base64url');
  await redis.set(linkKey(prefix, linkToken), email, 'EX', codeTtlSeconds);
  const code = await issueCode(redis, prefix, email, sha256(linkToken).toString('hex'));
  return { code, linkToken };
}

/** Consumes the subject's code if it matches; wrong or expired codes throw login_code_invalid. */
export async function consumeCode(
  redis: Redis,
  prefix: string,
  subject: string,
  code: string,
): Promise<void> {
  const key = codeKey(prefix, subject);
  const stored = await redis.hgetall(key);
  if (stored.code === undefined) throw new AppError('login_code_invalid', { field: 'code' });
  const [[, counted] = []] =
    (await redis.multi().hincrby(key, 'attempts', 1).expire(key, codeTtlSeconds, 'NX').exec()) ??
    [];
  const attempts = Number(counted);
  const expected = Buffer.from(stored.code, 'hex');
  const given = sha256(`${subject}:${code}`);
  if (attempts > maxCodeAttempts || !timingSafeEqual(expected, given)) {
    if (attempts >= maxCodeAttempts) await redis.del(key);
    throw new AppError('login_code_invalid', { field: 'code' });
  }
  // Two commands: the code and the link are keyed by different hashes, so on a cluster by different slots.
  await Promise.all([redis.del(key), redis.del(redisKeys(prefix).loginLink(stored.link ?? ''))]);
}

/** Consumes a magic link token; answers the email it was sent to. */
export async function consumeLink(redis: Redis, prefix: string, token: string): Promise<string> {
  const email = await redis.getdel(linkKey(prefix, token));
  if (email === null) throw new AppError('login_link_invalid');
  await redis.del(codeKey(prefix, email));
  return email;
}
