/** The pledge service as configured (PLEDGE_SERVICE): the SANDBOX outside production by default. */
import { publicUrl, type Config } from '../../../config';
import type { Logger } from '../../../lib/log';
import type { Redis } from '../../../lib/redis';
import type { PledgeService } from './pledge-service';
import { SandboxPledgeService } from './sandbox.pledge';
import { SubscribeStarPledgeService } from './subscribestar.pledge';

export function createPledgeService(
  config: Config,
  redis: Redis,
  log: Logger,
): PledgeService | null {
  switch (config.PLEDGE_SERVICE) {
    case 'disabled':
      return null;
    case 'sandbox':
      return new SandboxPledgeService(redis, config.REDIS_PREFIX, publicUrl(config));
    case 'subscribestar':
      // loadConfig refuses subscribestar without both.
      if (
        config.SUBSCRIBESTAR_CLIENT_ID === undefined ||
        config.SUBSCRIBESTAR_CLIENT_SECRET === undefined
      ) {
        throw new Error(
          'PLEDGE_SERVICE=subscribestar needs SUBSCRIBESTAR_CLIENT_ID and SUBSCRIBESTAR_CLIENT_SECRET',
        );
      }
      return new SubscribeStarPledgeService({
        clientId: config.SUBSCRIBESTAR_CLIENT_ID,
        clientSecret: config.SUBSCRIBESTAR_CLIENT_SECRET,
        baseUrl: config.SUBSCRIBESTAR_URL.replace(/\/$/, ''),
        log,
      });
  }
}
