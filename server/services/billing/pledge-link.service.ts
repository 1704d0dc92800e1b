/**
 * Linking a pledge-service account (product-rules.md §2, §4 "Link flow", §7 "Account linking", §8):
 * the member signs in at the service and comes back with a code, or arrives with a transient id the
 * service handed out; the pledge's tier grants its role through a pledge subscription that ends when
 * the pledge does. Outcomes: success, invalid_pledge ('No active pledge found') or error.
 */
import { randomBytes } from 'node:crypto';
import type { LinkStatus } from '#shared/api/billing';
import * as billing from '../../db/repositories/billing.repo';
import { grantPledge, type BillingDeps } from '../../lib/billing/lifecycle';
import type { MemberCaller } from '../../lib/caller';
import { AppError } from '../../lib/errors';
import { redisKeys } from '../../lib/redis-keys';
import {
  PledgeServiceError,
  type PledgeAccount,
  type PledgeService,
} from './pledge/pledge-service';

export interface PledgeLinkDeps extends BillingDeps {
  pledge: PledgeService | null;
}

export const linkMessages = {
  success: 'Your account was succesfully linked. Please reload the page...',
  invalid_pledge: 'No active pledge found',
  error: 'There was an error linking your account.',
} as const satisfies Record<LinkStatus, string>;

const stateSeconds = 600;

function serviceOf(deps: PledgeLinkDeps): PledgeService {
  if (deps.pledge === null) throw new AppError('not_found');
  return deps.pledge;
}

/** A redirect back to this site only (a path, or an absolute URL on PUBLIC_URL's origin). */
function ownUrl(deps: PledgeLinkDeps, redirectUrl: string): string {
  const base = new URL(deps.publicUrl);
  let url: URL;
  try {
    url = new URL(redirectUrl, base);
  } catch {
    throw new AppError('validation_failed', { field: 'redirectUrl' });
  }
  if (url.origin !== base.origin) throw new AppError('validation_failed', { field: 'redirectUrl' });
  return url.toString();
}

export async function startLink(
  deps: PledgeLinkDeps,
  caller: MemberCaller,
  redirectUrl: string,
): Promise<string> {
  const service = serviceOf(deps);
  const state = randomBytes(18).toString('base64url');
  await deps.redis.set(
    redisKeys(deps.prefix).pledgeState(state),
    caller.userId,
    'EX',
    stateSeconds,
  );
  return service.authorizeUrl(state, ownUrl(deps, redirectUrl));
}

export async function finishLink(
  deps: PledgeLinkDeps,
  caller: MemberCaller,
  input: { code: string; state: string; redirectUrl: string },
): Promise<{ status: LinkStatus; message: string }> {
  const service = serviceOf(deps);
  // The attempt must be this member's own: a code pasted from someone else's link is an error.
  const owner = await deps.redis.getdel(redisKeys(deps.prefix).pledgeState(input.state));
  if (owner !== caller.userId) return outcome('error');
  const account = await ask(() => service.exchange(input.code, ownUrl(deps, input.redirectUrl)));
  return account === 'error' ? outcome('error') : link(deps, caller, account);
}

export async function linkTransient(
  deps: PledgeLinkDeps,
  caller: MemberCaller,
  transientId: string,
): Promise<{ status: LinkStatus; message: string }> {
  const service = serviceOf(deps);
  const account = await ask(() => service.resolveTransient(transientId));
  return account === 'error' ? outcome('error') : link(deps, caller, account);
}

async function ask(call: () => Promise<PledgeAccount | null>): Promise<PledgeAccount | 'error'> {
  try {
    return (await call()) ?? 'error';
  } catch (err) {
    if (err instanceof PledgeServiceError) return 'error';
    throw err;
  }
}

function outcome(status: LinkStatus): { status: LinkStatus; message: string } {
  return { status, message: linkMessages[status] };
}

async function link(
  deps: PledgeLinkDeps,
  caller: MemberCaller,
  account: PledgeAccount,
): Promise<{ status: LinkStatus; message: string }> {
  const service = serviceOf(deps);
  const role =
    account.pledge === null ? null : deps.catalog.pledgeRole(service.name, account.pledge.tierId);
  if (account.pledge === null || role === null) return outcome('invalid_pledge');
  const linked = await billing.linkPledge(deps.db, {
    userId: caller.userId,
    service: service.name,
    accountRef: account.accountRef,
    tier: account.pledge.tierId,
  });
  if (linked === 'taken') return outcome('error');
  const granted = await grantPledge(deps, {
    userId: caller.userId,
    service: service.name,
    accountRef: account.accountRef,
    tierId: account.pledge.tierId,
    role,
    activeUntil: account.pledge.activeUntil,
  });
  return granted === 'granted' ? outcome('success') : outcome('error');
}
