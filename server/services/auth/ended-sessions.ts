/**
 * Sessions ended while their access tokens still run (sign-out, account deletion, a refresh token
 * presented twice): each session id stays listed in Redis for one access-token lifetime, and a token of
 * a listed session is refused by REST and the socket handshake alike (identity.service). The only module
 * that reads or writes these keys.
 */
import type { Config } from '../../config';
import type { Redis } from '../../lib/redis';
import { redisKeys } from '../../lib/redis-keys';

export interface EndedSessionsDeps {
  redis: Redis;
  prefix: string;
  config: Pick<Config, 'ACCESS_TOKEN_SECONDS'>;
}

/** Lists sessions as ended until every access token issued for them has expired. */
export async function endSessions(
  deps: EndedSessionsDeps,
  sessionFamilies: readonly string[],
): Promise<void> {
  const keys = redisKeys(deps.prefix);
  await Promise.all(
    sessionFamilies.map((family) =>
      deps.redis.set(keys.endedSession(family), '1', 'EX', deps.config.ACCESS_TOKEN_SECONDS),
    ),
  );
}

export async function isSessionEnded(
  deps: Pick<EndedSessionsDeps, 'redis' | 'prefix'>,
  sessionFamily: string,
): Promise<boolean> {
  return (await deps.redis.exists(redisKeys(deps.prefix).endedSession(sessionFamily))) === 1;
}
