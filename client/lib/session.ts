/**
 * The member session (product-core.md §4, sign-in): a short-lived access token kept in memory only,
 * rotated before it expires through a session source — on our own site the httpOnly refresh cookie the
 * browser sends to /api/auth (`cookieSessionSource` below), on a partner site the partner's own tokens
 * (`partner-session.ts`). Refresh tokens are single-use and a reuse revokes the session, so a rotation
 * is single-flight in this tab and serialised across tabs with a Web Lock when the browser has them.
 * Sign-in and sign-out are announced to the other tabs.
 */
import { atom, useAtomValue } from 'jotai';
import { z } from 'zod';
import { refreshSession, type Session } from '#shared/api/auth';
import type { Me } from '#shared/schemas/user';
import { ApiError, type ApiClient } from './api-client';
import { readStored, removeStored, storageAvailable, writeStored } from './browser-storage';
import type { AppStore } from './store';

export type SessionState =
  { status: 'restoring' } | { status: 'guest' } | { status: 'member'; session: Session };

/** Who is signed in; `restoring` until the start-up refresh has answered. */
export const sessionAtom = atom<SessionState>({ status: 'restoring' });

/** Who is signed in: `restoring` at start-up, then `guest` or `member`. */
export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}

/** The signed-in member's id, or null for a guest or while the session is restored. */
export function useMemberId(): string | null {
  const session = useSession();
  return session.status === 'member' ? session.session.user.id : null;
}

/** Refresh this long before the access token expires. */
const refreshLeadMs = 60_000;
const minRefreshDelayMs = 5_000;
/** A token this close to expiry is rotated before use. */
const staleWithinMs = 15_000;
const lockName = 'charchat-refresh';
const channelName = 'charchat-session';

/** What one rotation ended in. */
export type RefreshOutcome =
  { kind: 'session'; session: Session } | { kind: 'signed-out' } | { kind: 'failed' };

/** Where sessions come from and when they are due for rotation. */
export interface SessionSource {
  /**
   * One rotation; `current` is the session held now, if any. `isAnnounced`: another tab has just said
   * it signed in, so a session exists whatever this tab knew.
   */
  obtain: (current: Session | null, isAnnounced: boolean) => Promise<RefreshOutcome>;
  /** When (ms since the epoch) to rotate `session` next. */
  refreshDueAt: (session: Session) => number;
  /** Whether `session` must be rotated before its token is used. */
  isStale: (session: Session) => boolean;
  /** The partner site's application id, or null on our own site. */
  applicationId: string | null;
  /** Whether the tabs of this browser share the session (our cookie) and follow each other. */
  isSharedAcrossTabs: boolean;
  /** Told when this tab gains a session or is signed out, before the other tabs are told. */
  onMemberChange?: (isMember: boolean) => void;
}

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
  /** Takes in what changed about the signed-in member (a username, an email), without a rotation. */
  updateUser: (changes: Partial<Me>) => void;
  /** Forgets the session (after the server has been told), in the other tabs too. */
  clear: () => void;
  /** Called when the signed-in identity changes (guest ↔ member), not on a plain token rotation. */
  onIdentityChange: (listener: () => void) => () => void;
  /** The partner site's application id, or null on our own site. */
  applicationId: () => string | null;
}

/** Whether a failed call means "no session" rather than "no answer". */
export function isSignedOutError(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.code === 'sign_in_required');
}

function readHint(): boolean {
  // Storage may be blocked: then the hint says yes and every start asks the server.
  if (!storageAvailable('sessionHint')) return true;
  return readStored('sessionHint', z.boolean()) === true;
}

function writeHint(isMember: boolean): void {
  // Storage may be blocked; readHint then says yes and every start asks the server.
  if (isMember) writeStored('sessionHint', true);
  else removeStored('sessionHint');
}

/** Whether this page is where a sign-in lands (the server has just set the refresh cookie). */
function isSignInLanding(): boolean {
  if (typeof window === 'undefined') return false;
  const signin = new URLSearchParams(window.location.search).get('signin');
  return signin === 'link' || signin === 'oauth';
}

/**
 * Our own site's sessions: POST /api/auth/refresh with the httpOnly cookie, through an API client
 * that sends no token of its own. A browser that never signed in has no cookie to send: asking anyway
 * answers 401 on every page load of every guest (red in the console, for nothing). So it is asked
 * only when this browser has held a session (a hint in localStorage, kept with the session and
 * cleared at sign-out) or a sign-in has just landed.
 */
export function cookieSessionSource(api: ApiClient): SessionSource {
  // Read now: the landing's query is taken out of the address bar once the app renders.
  const hasLanded = isSignInLanding();
  return {
    obtain: async (_current, isAnnounced) => {
      // The hint another tab wrote may not have reached this one yet (storage syncs between
      // processes later than the announcement), so an announcement counts on its own.
      if (!readHint() && !hasLanded && !isAnnounced) return { kind: 'signed-out' };
      try {
        return { kind: 'session', session: await api.request(refreshSession) };
      } catch (err) {
        return isSignedOutError(err) ? { kind: 'signed-out' } : { kind: 'failed' };
      }
    },
    refreshDueAt: (session) => Date.parse(session.expiresAt) - refreshLeadMs,
    isStale: (session) => Date.parse(session.expiresAt) - Date.now() < staleWithinMs,
    applicationId: null,
    isSharedAcrossTabs: true,
    onMemberChange: writeHint,
  };
}

/** Runs `task` holding the cross-tab refresh lock when the browser has Web Locks. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(lockName, task);
  }
  return task();
}

export function createSessionManager(options: {
  store: AppStore;
  source: SessionSource;
}): SessionManager {
  const { store, source } = options;
  const listeners = new Set<() => void>();
  const channel =
    typeof BroadcastChannel === 'undefined' || !source.isSharedAcrossTabs
      ? null
      : new BroadcastChannel(channelName);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | null = null;

  const memberId = (state: SessionState) =>
    state.status === 'member' ? state.session.user.id : null;
  const current = () => {
    const state = store.get(sessionAtom);
    return state.status === 'member' ? state.session : null;
  };

  const setState = (next: SessionState) => {
    const before = store.get(sessionAtom);
    store.set(sessionAtom, next);
    const wasKnown = before.status !== 'restoring';
    if (wasKnown && memberId(before) !== memberId(next)) {
      for (const listener of listeners) listener();
    }
    // A session this tab found by itself (a magic link or OAuth landing, a new tab) reaches the
    // others, so the tab that asked for the link is signed in too.
    if (memberId(before) === null && memberId(next) !== null) channel?.postMessage('signed-in');
  };

  const schedule = (session: Session) => {
    clearTimeout(timer);
    const delay = Math.max(minRefreshDelayMs, source.refreshDueAt(session) - Date.now());
    timer = setTimeout(() => {
      void refresh();
    }, delay);
  };

  const keep = (session: Session) => {
    schedule(session);
    source.onMemberChange?.(true);
    setState({ status: 'member', session });
  };

  /** Signed out (not merely unreachable: a failed refresh keeps what the tab holds). */
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
    source.onMemberChange?.(false);
    setState({ status: 'guest' });
  };

  const refresh = (isAnnounced = false): Promise<boolean> => {
    inFlight ??= withRefreshLock(() => source.obtain(current(), isAnnounced))
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
  // where each page holds the token its partner page gave it). A tab signed in already ignores a
  // sign-in elsewhere: rotating would only spend its refresh token.
  if (channel !== null) {
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'signed-out') clear();
      if (event.data === 'signed-in' && current() === null) void refresh(true);
    };
  }

  const accessToken = () => current()?.accessToken ?? null;

  const freshAccessToken = async () => {
    await ready;
    const session = current();
    if (session === null) return null;
    if (source.isStale(session)) await refresh();
    return accessToken();
  };

  return {
    ready,
    accessToken,
    freshAccessToken,
    refresh,
    signIn: keep,
    updateUser: (changes) => {
      const session = current();
      if (session !== null) {
        store.set(sessionAtom, {
          status: 'member',
          session: { ...session, user: { ...session.user, ...changes } },
        });
      }
    },
    clear: () => {
      clear();
      channel?.postMessage('signed-out');
    },
    applicationId: () => source.applicationId,
    onIdentityChange: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
