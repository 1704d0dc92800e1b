/**
 * Sessions on a partner site (product-core.md §4, §6): we run in the partner's frame and the access
 * token is the partner's own, handed to us in the URL fragment (`#partner_token=<jwt>&application_id=<id>`,
 * kept out of server logs and removed from the address bar at once). It is checked with GET /api/me and
 * refreshed once past 90 percent of its lifetime (iat → exp, shared/rules/token-lifetime.ts) by asking
 * the embedding partner page for a new one over postMessage; session.ts runs that rotation like ours.
 */
import { z } from 'zod';
import { getMe } from '#shared/api/auth';
import { isRefreshDue, refreshDueAt, type TokenLifetime } from '#shared/rules/token-lifetime';
import { applicationHeader } from '#shared/schemas/application';
import type { ApiClient } from './api-client';
import { readStored, writeStored } from './browser-storage';
import { isSignedOutError, type RefreshOutcome, type SessionSource } from './session';

/** Where a partner site's tokens come from: the one it started us with, then new ones on request. */
export interface PartnerTokenSource {
  applicationId: string;
  /** The token the partner started this page with; null after a reload (one is asked for). */
  initialToken: string | null;
  /** Asks the partner for a fresh token; null when it gave none in time. */
  requestToken: () => Promise<string | null>;
}

/** Message types of the partner token exchange over postMessage. */
export const partnerTokenRequestType = 'charchat:partner-token-request';
export const partnerTokenType = 'charchat:partner-token';
const partnerReplyTimeoutMs = 10_000;
/** Rotate a token this long before expiry when its lifetime cannot be told. */
const fallbackLeadMs = 60_000;

/** The `iat`/`exp` claims of a JWT, read without verifying it (the server verifies); {} if unreadable. */
export function tokenLifetimeOf(token: string): TokenLifetime {
  const payload = token.split('.')[1];
  if (payload === undefined) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof json !== 'object' || json === null) return {};
    const iat = 'iat' in json && typeof json.iat === 'number' ? json.iat : undefined;
    const exp = 'exp' in json && typeof json.exp === 'number' ? json.exp : undefined;
    return { iat, exp };
  } catch {
    return {};
  }
}

/** What survives a reload of a partner page (never the token): the application and partner origin. */
const StoredPartnerSchema = z.object({ applicationId: z.string(), origin: z.string() });

function readStoredPartner(): { applicationId: string; origin: string } | null {
  const stored = readStored('partner', StoredPartnerSchema);
  return stored === null ? null : { applicationId: stored.applicationId, origin: stored.origin };
}

/**
 * The partner token source of this page, when a partner site embeds it in a frame: started with a token
 * in the fragment, or after a reload with none (a fresh one is asked for at once). The embedding page
 * answers `{ type: 'charchat:partner-token-request' }` with `{ type: 'charchat:partner-token', token }`;
 * only messages from its window and origin (the referrer's) are accepted.
 */
export function partnerSourceFromLocation(): PartnerTokenSource | null {
  if (typeof window === 'undefined' || window.parent === window) return null;
  const partnerWindow = window.parent;
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const fragmentToken = fragment.get('partner_token');
  const fragmentApp = fragment.get('application_id');
  let applicationId: string;
  let partnerOrigin: string;
  let initialToken: string | null = null;
  if (fragmentToken !== null && fragmentToken !== '' && fragmentApp !== null) {
    let origin: string | null = null;
    try {
      origin = document.referrer === '' ? null : new URL(document.referrer).origin;
    } catch {
      origin = null;
    }
    // Keep the token out of the address bar and history.
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    if (origin === null) return null;
    applicationId = fragmentApp;
    partnerOrigin = origin;
    initialToken = fragmentToken;
    writeStored('partner', { applicationId, origin });
  } else {
    const stored = readStoredPartner();
    if (stored === null) return null;
    applicationId = stored.applicationId;
    partnerOrigin = stored.origin;
  }
  return {
    applicationId,
    initialToken,
    requestToken: () =>
      new Promise((resolve) => {
        const done = (token: string | null) => {
          clearTimeout(timer);
          window.removeEventListener('message', onMessage);
          resolve(token);
        };
        const onMessage = (event: MessageEvent<unknown>) => {
          if (event.origin !== partnerOrigin || event.source !== partnerWindow) return;
          const data = event.data;
          if (typeof data !== 'object' || data === null) return;
          if (!('type' in data) || data.type !== partnerTokenType) return;
          done('token' in data && typeof data.token === 'string' ? data.token : null);
        };
        const timer = setTimeout(() => {
          done(null);
        }, partnerReplyTimeoutMs);
        window.addEventListener('message', onMessage);
        partnerWindow.postMessage({ type: partnerTokenRequestType }, partnerOrigin);
      }),
  };
}

/** Checks a partner token with GET /api/me and makes a session of it. */
async function partnerSession(
  api: ApiClient,
  applicationId: string,
  token: string | null,
): Promise<RefreshOutcome> {
  if (token === null) return { kind: 'failed' };
  try {
    const me = await api.request(getMe, {
      headers: { [applicationHeader]: applicationId, authorization: `Bearer ${token}` },
    });
    if (me.kind !== 'member') return { kind: 'failed' };
    const { exp } = tokenLifetimeOf(token);
    // A token without exp never expires as far as we can tell: keep it a day, refresh on a 401.
    const expiresAt = new Date(exp === undefined ? Date.now() + 86_400_000 : exp * 1000);
    return {
      kind: 'session',
      session: { accessToken: token, expiresAt: expiresAt.toISOString(), user: me },
    };
  } catch (err) {
    return isSignedOutError(err) ? { kind: 'signed-out' } : { kind: 'failed' };
  }
}

/**
 * A partner site's sessions: the token the partner started us with, then a new one from the partner
 * page once the held one is past 90 percent of its lifetime, each checked with the server. `api` sends
 * no token of its own.
 */
export function partnerSessionSource(api: ApiClient, partner: PartnerTokenSource): SessionSource {
  /** The token the partner started us with, used once by the start-up refresh. */
  let startToken = partner.initialToken;
  /** When the current partner token arrived, standing in for a missing iat. */
  const receivedAt = new Map<string, number>();
  const lifetimeOptions = (token: string) => ({
    receivedAtMs: receivedAt.get(token) ?? Date.now(),
  });
  return {
    obtain: async (current) => {
      let token = startToken;
      startToken = null;
      token ??= await partner.requestToken();
      if (token !== null && !receivedAt.has(token)) {
        receivedAt.clear();
        receivedAt.set(token, Date.now());
      }
      const outcome = await partnerSession(api, partner.applicationId, token);
      // No new token: the current one serves until it expires, then the member is signed out.
      if (outcome.kind === 'failed' && current !== null) {
        if (Date.parse(current.expiresAt) <= Date.now()) return { kind: 'signed-out' };
      }
      return outcome;
    },
    refreshDueAt: (session) =>
      refreshDueAt(tokenLifetimeOf(session.accessToken), lifetimeOptions(session.accessToken)) ??
      Date.parse(session.expiresAt) - fallbackLeadMs,
    isStale: (session) =>
      isRefreshDue(
        tokenLifetimeOf(session.accessToken),
        Date.now(),
        lifetimeOptions(session.accessToken),
      ),
    applicationId: partner.applicationId,
    isSharedAcrossTabs: false,
  };
}
