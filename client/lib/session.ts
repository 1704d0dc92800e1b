/**
 * The member session (product-core.md §4, sign-in): a short-lived access token kept in memory only, and
 * an httpOnly refresh cookie the browser sends to /api/auth. Refresh tokens are single-use and a reuse
 * revokes the session, so a refresh is single-flight in this tab and serialised across tabs with a
 * Web Lock when the browser has them. Sign-in and sign-out are announced to the other tabs.
 */
import { atom } from 'jotai';
import { refreshSession, type Session } from '#shared/api/auth';
import { ErrorBodySchema } from '#shared/errors';
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

export function createSessionManager(options: {
  store: AppStore;
  guestId: string;
  baseUrl?: string;
}): SessionManager {
  const { store, guestId } = options;
  const baseUrl = options.baseUrl ?? '';
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

  const schedule = (session: Session) => {
    clearTimeout(timer);
    const delay = Math.max(
      minRefreshDelayMs,
      Date.parse(session.expiresAt) - Date.now() - refreshLeadMs,
    );
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

  const refresh = (): Promise<boolean> => {
    inFlight ??= withRefreshLock(() => postRefresh(baseUrl, guestId))
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

  // Other tabs share the refresh cookie: follow their sign-in and sign-out.
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(channelName);
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
    if (Date.parse(state.session.expiresAt) - Date.now() < staleWithinMs) await refresh();
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
    onIdentityChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
