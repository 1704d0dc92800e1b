/**
 * SANDBOX pledge service, for development and tests: no real account. Its sign-in page, served by our
 * server, lets the tester choose a pledge tier (or none) and sends the browser back with a one-time
 * code; its "link from the service" page hands the browser a one-time transient id instead.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Redis } from '../../../lib/redis';
import { redisKeys } from '../../../lib/redis-keys';
import type { PledgeAccount, PledgeService } from './pledge-service';

/** Where our server serves the sandbox's pages. */
export const sandboxPledgePath = '/api/link/sandbox';
const codeSeconds = 600;
/** How long a sandbox pledge lasts: one month, like a monthly pledge. */
const pledgeDays = 30;

const AccountSchema = z.object({ accountRef: z.string(), tierId: z.string().nullable() });

export class SandboxPledgeService implements PledgeService {
  readonly name = 'subscribestar';

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly baseUrl: string,
  ) {}

  authorizeUrl(state: string, redirectUrl: string): string {
    const query = new URLSearchParams({ state, redirect_url: redirectUrl });
    return `${this.baseUrl}${sandboxPledgePath}/authorize?${query.toString()}`;
  }

  /** What the sandbox sign-in page does: a one-time code for the chosen account and tier. */
  async issueCode(accountRef: string, tierId: string | null): Promise<string> {
    return this.issue('code', accountRef, tierId);
  }

  /** What the sandbox "link from the service" page does: a one-time transient id. */
  async issueTransient(accountRef: string, tierId: string | null): Promise<string> {
    return this.issue('transient', accountRef, tierId);
  }

  async exchange(code: string): Promise<PledgeAccount | null> {
    return this.take('code', code);
  }

  async resolveTransient(transientId: string): Promise<PledgeAccount | null> {
    return this.take('transient', transientId);
  }

  private async issue(kind: 'code' | 'transient', accountRef: string, tierId: string | null) {
    const id = randomBytes(18).toString('base64url');
    const value = JSON.stringify({ accountRef, tierId });
    await this.redis.set(redisKeys(this.prefix).pledgeSandbox(kind, id), value, 'EX', codeSeconds);
    return id;
  }

  private async take(kind: 'code' | 'transient', id: string): Promise<PledgeAccount | null> {
    const raw = await this.redis.getdel(redisKeys(this.prefix).pledgeSandbox(kind, id));
    if (raw === null) return null;
    const stored = AccountSchema.parse(JSON.parse(raw));
    return {
      accountRef: stored.accountRef,
      pledge:
        stored.tierId === null
          ? null
          : { tierId: stored.tierId, activeUntil: new Date(Date.now() + pledgeDays * 86_400_000) },
    };
  }
}
