/**
 * SubscribeStar as the pledge service (PLEDGE_SERVICE=subscribestar), through its OAuth2 and GraphQL
 * API: the member authorises our integration (scope subscriber.read) at SubscribeStar, which sends the
 * browser back with a code; we exchange it for an access token and ask who the member is as our
 * subscriber, and which tier their subscription is on.
 *
 * An active subscription counts for a month from the link, as SubscribeStar bills monthly; linking
 * again extends it. SubscribeStar hands out no one-time transient ids, so a link by one is unknown.
 * A code SubscribeStar refuses (unknown, used, expired) is null; no answer, a 5xx, or an answer we
 * cannot read is PledgeServiceError. Both show the member "There was an error linking your account."
 */
import { z } from 'zod';
import type { Logger } from '../../../lib/log';
import { PledgeServiceError, type PledgeAccount, type PledgeService } from './pledge-service';

export interface SubscribeStarOptions {
  clientId: string;
  clientSecret: string;
  /** SubscribeStar's site (SUBSCRIBESTAR_URL). */
  baseUrl: string;
  log: Logger;
}

const scope = 'subscriber.read';
const timeoutMs = 10_000;
const pledgeDays = 30;

const TokenSchema = z.object({ access_token: z.string().min(1) });

const SubscriberQuery = '{ subscriber { id subscription { active tier_id } } }';
const SubscriberSchema = z.object({
  data: z.object({
    subscriber: z
      .object({
        id: z.union([z.string(), z.number()]),
        subscription: z
          .object({ active: z.boolean(), tier_id: z.union([z.string(), z.number()]).nullable() })
          .nullable(),
      })
      .nullable(),
  }),
});

export class SubscribeStarPledgeService implements PledgeService {
  readonly name = 'subscribestar';

  constructor(private readonly opts: SubscribeStarOptions) {}

  authorizeUrl(state: string, redirectUrl: string): string {
    const query = new URLSearchParams({
      client_id: this.opts.clientId,
      redirect_uri: redirectUrl,
      response_type: 'code',
      scope,
      state,
    });
    return `${this.opts.baseUrl}/oauth2/authorize?${query.toString()}`;
  }

  async exchange(code: string, redirectUrl: string): Promise<PledgeAccount | null> {
    const token = await this.call('/oauth2/token', {
      body: new URLSearchParams({
        client_id: this.opts.clientId,
        client_secret: this.opts.clientSecret,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUrl,
      }),
    });
    // OAuth2 answers a code it does not accept with 400 or 401 (invalid_grant).
    if (token.status === 400 || token.status === 401) return null;
    const { access_token: accessToken } = this.read(TokenSchema, token);
    const answer = await this.call('/api/graphql/v1', {
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: SubscriberQuery }),
    });
    const { subscriber } = this.read(SubscriberSchema, answer).data;
    if (subscriber === null) return null;
    const sub = subscriber.subscription;
    return {
      accountRef: String(subscriber.id),
      pledge:
        sub?.active === true && sub.tier_id !== null
          ? {
              tierId: String(sub.tier_id),
              activeUntil: new Date(Date.now() + pledgeDays * 86_400_000),
            }
          : null,
    };
  }

  resolveTransient(): Promise<PledgeAccount | null> {
    return Promise.resolve(null);
  }

  private async call(
    path: string,
    init: { headers?: Record<string, string>; body: URLSearchParams | string },
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${this.opts.baseUrl}${path}`, {
        method: 'POST',
        headers: { accept: 'application/json', ...init.headers },
        body: init.body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      this.opts.log.warn({ err, path }, 'subscribestar did not answer');
      throw new PledgeServiceError('subscribestar did not answer', { cause: err });
    }
    const text = await res.text();
    if (res.status >= 500 || res.status === 429) {
      this.opts.log.warn({ status: res.status, path }, 'subscribestar answered an error');
      throw new PledgeServiceError(`subscribestar answered ${String(res.status)}`);
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: res.status, body };
  }

  private read<T>(schema: z.ZodType<T>, answer: { status: number; body: unknown }): T {
    const parsed = schema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      this.opts.log.warn({ status: answer.status }, 'subscribestar answered what we cannot read');
      throw new PledgeServiceError(`subscribestar answered ${String(answer.status)}`);
    }
    return parsed.data;
  }
}
