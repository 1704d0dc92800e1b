/**
 * The member session (product-core.md §4, sign-in): a short-lived access token kept in memory only, and
 * an httpOnly refresh cookie the browser sends to /api/auth. Refresh tokens are single-use and a reuse
 * revokes the session, so a refresh is single-flight in this tab and serialised across tabs with a
 * Web Lock when the browser has them. Sign-in and sign-out are announced to the other tabs.
 *
 * On a partner site (product-core.md §4, §6) we run in the partner's frame and the access token is the
 * partner's own, handed to us in the URL fragment (`#partner_token=<jwt>&application_id=<id>`, kept out
 * of server logs and removed from the address bar at once). It is refreshed once past 90 percent of its
 * lifetime (iat → exp, shared/rules/token-lifetime.ts) by asking the embedding partner page for a new
 * one over postMessage, through the same single-flight, Web-Locked refresh.
 */
import { atom } from 'jotai';
import { getMe, refreshSession, type Session } from '#shared/api/auth';
import { ErrorBodySchema } from '#shared/errors';
import { isRefreshDue, refreshDueAt, type TokenLifetime } from '#shared/rules/token-lifetime';
import { applicationHeader } from '#shared/schemas/application';
import type { AppStore } from './store';

export type SessionState =
  { status: 'restoring' } | { status: 'guest' } | { status: 'member'; session: Session };

/** Who is signed in; `restoring` until the start-up refresh has answered. */
export const sessionAtom = atom<SessionState>({ status: 'restoring' });

/** Refresh this long before the access token expires. */
const refreshLeadMs = 60_000;
const minRefreshDelayMs = 5_000;
/** A token this close to expiry is rotated before use. */
const staleWithinMs = 15_000;
const lockName = 'charchat-refresh';
const channelName = 'charchat-session';

export interface SessionManager {
  /** Resolves once the start-up refresh has answered, so first requests carry the right identity. */
  ready: Promise<void>;
  /** The access token to send, or null as a guest. */
  accessToken: () => string | null;
  /**
   * The access token once it is known to be fresh: waits for the start-up restore and rotates a token
   * about to expire first (a timer can be late after the device slept).
   */
  freshAccessToken: () => Promise<string | null>;
  /** Rotates the session; resolves true when still signed in. Never runs twice at once. */
  refresh: () => Promise<boolean>;
  /** Keeps a session returned by a sign-in; other tabs pick it up through a refresh. */
  signIn: (session: Session) => void;
  /** Forgets the session (after the server has been told), in the other tabs too. */
  clear: () => void;
  /** Called when the signed-in identity changes (guest ↔ member), not on a plain token rotation. */
  onIdentityChange: (listener: () => void) => () => void;
  /** The partner site's application id, or null on our own site. */
  applicationId: () => string | null;
}

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
const partnerStorageKey = 'charchat-partner';

function readStoredPartner(): { applicationId: string; origin: string } | null {
  try {
    const json: unknown = JSON.parse(sessionStorage.getItem(partnerStorageKey) ?? 'null');
    if (typeof json !== 'object' || json === null) return null;
    const applicationId = 'applicationId' in json ? json.applicationId : undefined;
    const origin = 'origin' in json ? json.origin : undefined;
    return typeof applicationId === 'string' && typeof origin === 'string'
      ? { applicationId, origin }
      : null;
  } catch {
    return null;
  }
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
    sessionStorage.setItem(partnerStorageKey, JSON.stringify({ applicationId, origin }));
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

/** Runs `task` holding the cross-tab refresh lock when the browser has Web Locks. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(lockName, task);
  }
  return task();
}

type RefreshOutcome =
  { kind: 'session'; session: Session } | { kind: 'signed-out' } | { kind: 'failed' };

async function postRefresh(baseUrl: string, guestId: string): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${refreshSession.path}`, {
      method: refreshSession.method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-guest-id': guestId },
    });
  } catch {
    return { kind: 'failed' };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = refreshSession.response.safeParse(json);
    return parsed.success ? { kind: 'session', session: parsed.data } : { kind: 'failed' };
  }
  const error = ErrorBodySchema.safeParse(json);
  if (response.status === 401 || (error.success && error.data.error.code === 'sign_in_required')) {
    return { kind: 'signed-out' };
  }
  return { kind: 'failed' };
}

/** Checks a partner token with GET /api/me and makes a session of it. */
async function partnerSession(
  baseUrl: string,
  guestId: string,
  applicationId: string,
  token: string | null,
): Promise<RefreshOutcome> {
  if (token === null) return { kind: 'failed' };
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${getMe.path}`, {
      method: getMe.method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-guest-id': guestId,
        [applicationHeader]: applicationId,
        authorization: `Bearer ${token}`,
      },
    });
  } catch {
    return { kind: 'failed' };
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) return { kind: 'signed-out' };
  const me = getMe.response.safeParse(json);
  if (!response.ok || !me.success || me.data.kind !== 'member') return { kind: 'failed' };
  const { exp } = tokenLifetimeOf(token);
  // A token without exp never expires as far as we can tell: keep it a day, refresh on a 401.
  const expiresAt = new Date(exp === undefined ? Date.now() + 86_400_000 : exp * 1000);
  return {
    kind: 'session',
    session: { accessToken: token, expiresAt: expiresAt.toISOString(), user: me.data },
  };
}

export function createSessionManager(options: {
  store: AppStore;
  guestId: string;
  baseUrl?: string;
  /** A partner site's token source; by default read from the URL fragment. */
  partner?: PartnerTokenSource | null;
}): SessionManager {
  const { store, guestId } = options;
  const baseUrl = options.baseUrl ?? '';
  const partner = options.partner === undefined ? partnerSourceFromLocation() : options.partner;
  /** The token the partner started us with, used once by the start-up refresh. */
  let startToken: string | null = partner?.initialToken ?? null;
  /** When the current partner token arrived, standing in for a missing iat. */
  const receivedAt = new Map<string, number>();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | null = null;

  const memberId = (state: SessionState) =>
    state.status === 'member' ? state.session.user.id : null;

  const setState = (next: SessionState) => {
    const before = store.get(sessionAtom);
    store.set(sessionAtom, next);
    const wasKnown = before.status !== 'restoring';
    if (wasKnown && memberId(before) !== memberId(next)) {
      for (const listener of listeners) listener();
    }
  };

  /** A partner token's refresh point (90 percent of its lifetime), or null when it cannot be told. */
  const partnerDueAt = (token: string) =>
    refreshDueAt(tokenLifetimeOf(token), { receivedAtMs: receivedAt.get(token) ?? Date.now() });

  const isStale = (session: Session) => {
    if (partner !== null) {
      return isRefreshDue(tokenLifetimeOf(session.accessToken), Date.now(), {
        receivedAtMs: receivedAt.get(session.accessToken) ?? Date.now(),
      });
    }
    return Date.parse(session.expiresAt) - Date.now() < staleWithinMs;
  };

  const schedule = (session: Session) => {
    clearTimeout(timer);
    const dueAt =
      partner === null
        ? Date.parse(session.expiresAt) - refreshLeadMs
        : (partnerDueAt(session.accessToken) ?? Date.parse(session.expiresAt) - refreshLeadMs);
    const delay = Math.max(minRefreshDelayMs, dueAt - Date.now());
    timer = setTimeout(() => {
      void refresh();
    }, delay);
  };

  const keep = (session: Session) => {
    schedule(session);
    setState({ status: 'member', session });
  };

  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
    setState({ status: 'guest' });
  };

  /** One rotation: the refresh cookie on our site; on a partner site, a token from the partner. */
  const obtain = async (): Promise<RefreshOutcome> => {
    if (partner === null) return postRefresh(baseUrl, guestId);
    let token = startToken;
    startToken = null;
    token ??= await partner.requestToken();
    if (token !== null && !receivedAt.has(token)) {
      receivedAt.clear();
      receivedAt.set(token, Date.now());
    }
    const outcome = await partnerSession(baseUrl, guestId, partner.applicationId, token);
    if (outcome.kind === 'failed' && store.get(sessionAtom).status === 'member') {
      // No new token: the current one serves until it expires, then the member is signed out.
      const state = store.get(sessionAtom);
      if (state.status === 'member' && Date.parse(state.session.expiresAt) <= Date.now()) {
        return { kind: 'signed-out' };
      }
    }
    return outcome;
  };

  const refresh = (): Promise<boolean> => {
    inFlight ??= withRefreshLock(obtain)
      .then((outcome) => {
        switch (outcome.kind) {
          case 'session':
            keep(outcome.session);
            return true;
          case 'signed-out':
            clear();
            return false;
          case 'failed': {
            // A network failure is not a sign-out: keep the session and try again shortly.
            const state = store.get(sessionAtom);
            if (state.status === 'restoring') setState({ status: 'guest' });
            if (state.status === 'member') {
              clearTimeout(timer);
              timer = setTimeout(() => {
                void refresh();
              }, minRefreshDelayMs * 2);
            }
            return state.status === 'member';
          }
        }
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const ready = refresh().then(() => undefined);

  // Other tabs share the refresh cookie: follow their sign-in and sign-out (not on partner sites,
  // where each page holds the token its partner page gave it).
  const channel =
    typeof BroadcastChannel === 'undefined' || partner !== null
      ? null
      : new BroadcastChannel(channelName);
  if (channel !== null) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'signed-out') clear();
      if (event.data === 'signed-in') void refresh();
    };
  }

  const accessToken = () => {
    const state = store.get(sessionAtom);
    return state.status === 'member' ? state.session.accessToken : null;
  };

  const freshAccessToken = async () => {
    await ready;
    const state = store.get(sessionAtom);
    if (state.status !== 'member') return null;
    if (isStale(state.session)) await refresh();
    return accessToken();
  };

  return {
    ready,
    accessToken,
    freshAccessToken,
    refresh,
    signIn: (session) => {
      keep(session);
      channel?.postMessage('signed-in');
    },
    clear: () => {
      clear();
      channel?.postMessage('signed-out');
    },
    applicationId: () => partner?.applicationId ?? null,
    onIdentityChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
