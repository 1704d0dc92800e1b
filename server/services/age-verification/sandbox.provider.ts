/**
 * SANDBOX age verification provider, for development and tests: no real checks. Its "provider page" is
 * served by our own server with Approve and Decline buttons, then returns the browser to the callback.
 */
import { z } from 'zod';
import type { Redis } from '../../lib/redis';
import type { AgeVerificationProvider, VerificationResult } from './provider';
import { redisKeys } from '../../lib/redis-keys';

/** Where our server serves the sandbox's provider page, `{sandboxPath}/{sessionId}`. */
export const sandboxPath = '/api/age-verification/sandbox';

/** How long a sandbox session (and the cookie that opens its page) lasts. */
export const sandboxSessionSeconds = 1800;
const SessionSchema = z.object({
  userId: z.uuid(),
  method: z.string(),
  result: z.enum(['approved', 'declined', 'pending']),
});

export class SandboxAgeVerificationProvider implements AgeVerificationProvider {
  readonly name = 'sandbox';

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly baseUrl: string,
  ) {}

  methods() {
    return [
      { id: 'sandbox-id', name: 'Sandbox ID document check' },
      { id: 'sandbox-card', name: 'Sandbox credit card check' },
    ];
  }

  private key(id: string): string {
    return redisKeys(this.prefix).ageVerificationSandbox(id);
  }

  async start(session: { id: string; userId: string; method: string }): Promise<{ url: string }> {
    const value = JSON.stringify({
      userId: session.userId,
      method: session.method,
      result: 'pending',
    });
    await this.redis.set(this.key(session.id), value, 'EX', sandboxSessionSeconds);
    return { url: `${this.baseUrl}${sandboxPath}/${session.id}` };
  }

  async result(sessionId: string) {
    const raw = await this.redis.get(this.key(sessionId));
    if (raw === null) return null;
    const parsed = SessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /** What the sandbox page's buttons do: record the verdict the tester chose. */
  async decide(
    sessionId: string,
    result: Exclude<VerificationResult, 'pending'>,
  ): Promise<boolean> {
    const session = await this.result(sessionId);
    if (!session) return false;
    await this.redis.set(
      this.key(sessionId),
      JSON.stringify({ ...session, result }),
      'EX',
      sandboxSessionSeconds,
    );
    return true;
  }
}
