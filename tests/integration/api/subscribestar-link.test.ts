/**
 * Linking a SubscribeStar account (issue 23; product-rules.md §4 "Link flow"), through the real
 * SubscribeStar client against the local peer of SubscribeStar's OAuth2 and GraphQL API: an active
 * pledge links and grants its tier; no pledge is invalid_pledge; a spent code, another member's
 * attempt, a wrong client secret and SubscribeStar failing are each "error", granting nothing; many
 * members link at once, each getting their own tier.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '#server/config';
import { inject, me, newMember, startBillingStack, type BillingStack } from '../../support/billing';
import { testConfig } from '../../support/config';
import { errorCode } from '../../support/http';
import type { SignedInMember } from '../../support/members';
import {
  startSubscribeStarPeer,
  type Subscriber,
  type SubscribeStarPeer,
} from '../../support/subscribestar-peer';

let peer: SubscribeStarPeer;
let b: BillingStack;
const redirectUrl = '/link/subscribestar';
const LinkResultSchema = z.object({ status: z.string(), message: z.string() });

beforeAll(async () => {
  peer = await startSubscribeStarPeer();
  b = await startBillingStack({ overrides: peer.env() });
});
afterAll(async () => {
  await b.close();
  await peer.close();
});

async function authorizeUrl(member: SignedInMember, on: BillingStack = b): Promise<string> {
  const res = await inject(on)({
    method: 'GET',
    url: `/api/link/subscribestar/authorize?redirectUrl=${encodeURIComponent(redirectUrl)}`,
    headers: member.headers,
  });
  return z.object({ url: z.string() }).parse(res.json()).url;
}

async function finish(member: SignedInMember, back: URL, on: BillingStack = b) {
  const query = new URLSearchParams({
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    redirectUrl,
  });
  const res = await inject(on)({
    method: 'GET',
    url: `/api/link/subscribestar/oauth?${query.toString()}`,
    headers: member.headers,
  });
  return LinkResultSchema.parse(res.json());
}

/** The member signs in at SubscribeStar as `subscriber` and comes back; where they come back. */
async function approveAs(member: SignedInMember, subscriber: Subscriber): Promise<URL> {
  return peer.approve(await authorizeUrl(member), subscriber);
}

describe('configuration', () => {
  it('refuses PLEDGE_SERVICE=subscribestar without its client id and secret', () => {
    expect(() => testConfig({ PLEDGE_SERVICE: 'subscribestar' })).toThrow(ConfigError);
  });

  it('sends the member to SubscribeStar to authorise our integration, back to our page', async () => {
    const member = await newMember(b);
    const url = new URL(await authorizeUrl(member));
    expect(`${url.origin}${url.pathname}`).toBe(`${peer.url}/oauth2/authorize`);
    expect(url.searchParams.get('scope')).toBe('subscriber.read');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(`${b.stack.url}${redirectUrl}`);
  });
});

describe('linking', () => {
  it("links an active pledge and grants its tier's role", async () => {
    const member = await newMember(b);
    const back = await approveAs(member, peer.addSubscriber({ active: true, tierId: 'supporter' }));
    expect(await finish(member, back)).toEqual({
      status: 'success',
      message: 'Your account was succesfully linked. Please reload the page...',
    });
    expect((await me(b, member)).role).toBe('paid_basic');
  });

  it('answers invalid_pledge for no subscription, an inactive one or an unknown tier', async () => {
    for (const subscription of [
      null,
      { active: false, tierId: 'supporter' },
      { active: true, tierId: 'a-tier-we-do-not-sell' },
    ]) {
      const member = await newMember(b);
      const back = await approveAs(member, peer.addSubscriber(subscription));
      expect(await finish(member, back)).toEqual({
        status: 'invalid_pledge',
        message: 'No active pledge found',
      });
      expect((await me(b, member)).role).toBe('free_tier');
    }
  });
});

describe('refused and failing', () => {
  const error = { status: 'error', message: 'There was an error linking your account.' };

  it('answers error for a code used twice, and the second use changes nothing', async () => {
    const member = await newMember(b);
    const back = await approveAs(member, peer.addSubscriber({ active: true, tierId: 'taste' }));
    expect((await finish(member, back)).status).toBe('success');
    expect(await finish(member, back)).toEqual(error);
    expect((await me(b, member)).role).toBe('paid_minimal');
  });

  it("does not let another member finish someone's link with their code and state", async () => {
    const owner = await newMember(b);
    const intruder = await newMember(b);
    const back = await approveAs(owner, peer.addSubscriber({ active: true, tierId: 'all-in' }));
    expect(await finish(intruder, back)).toEqual(error);
    expect((await me(b, intruder)).role).toBe('free_tier');
  });

  it('answers error when SubscribeStar answers 500, granting nothing, and a new try links', async () => {
    const member = await newMember(b);
    const subscriber = peer.addSubscriber({ active: true, tierId: 'supporter' });
    peer.fail('/api/graphql');
    try {
      expect(await finish(member, await approveAs(member, subscriber))).toEqual(error);
    } finally {
      peer.restore();
    }
    expect((await me(b, member)).role).toBe('free_tier');
    expect((await finish(member, await approveAs(member, subscriber))).status).toBe('success');
  });

  it('answers error when our client secret is refused', async () => {
    const wrong = await startBillingStack({
      overrides: { ...peer.env(), SUBSCRIBESTAR_CLIENT_SECRET: 'not-the-secret' },
    });
    try {
      const member = await newMember(wrong);
      const back = await peer.approve(
        await authorizeUrl(member, wrong),
        peer.addSubscriber({ active: true, tierId: 'supporter' }),
      );
      expect(await finish(member, back, wrong)).toEqual(error);
    } finally {
      await wrong.close();
    }
  });

  it('refuses malformed input with a clear 4xx', async () => {
    const member = await newMember(b);
    for (const url of [
      `/api/link/subscribestar/oauth?code=&state=s&redirectUrl=${redirectUrl}`,
      `/api/link/subscribestar/oauth?code=${'x'.repeat(600)}&state=s&redirectUrl=${redirectUrl}`,
      `/api/link/subscribestar/oauth?code=a%00b&state=s`,
      '/api/link/patreon/authorize?redirectUrl=/',
    ]) {
      const res = await inject(b)({ method: 'GET', url, headers: member.headers });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const offSite = await inject(b)({
      method: 'GET',
      url: '/api/link/subscribestar/authorize?redirectUrl=https://evil.example/',
      headers: member.headers,
    });
    expect(errorCode(offSite.json())).toBe('validation_failed');
  });
});

describe('many at once', () => {
  it('links twelve members at once, each with their own tier', async () => {
    const tiers = ['taste', 'supporter', 'all-in'] as const;
    const roles = { taste: 'paid_minimal', supporter: 'paid_basic', 'all-in': 'paid_premium' };
    const members = await Promise.all(Array.from({ length: 12 }, () => newMember(b)));
    const results = await Promise.all(
      members.map(async (member, i) => {
        const tierId = tiers[i % 3] ?? 'taste';
        const back = await approveAs(member, peer.addSubscriber({ active: true, tierId }));
        return { member, tierId, result: await finish(member, back) };
      }),
    );
    for (const { member, tierId, result } of results) {
      expect(result.status).toBe('success');
      expect((await me(b, member)).role).toBe(roles[tierId]);
    }
  });
});
