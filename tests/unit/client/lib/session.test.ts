/**
 * The session manager across tabs: a browser that never signed in does not ask for a refresh (no 401
 * on every guest page load), and a sign-in in one tab reaches a guest tab but not a signed-in one.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '#shared/api/auth';
import { createApiClient } from '../../../../client/lib/api-client';
import {
  cookieSessionSource,
  createSessionManager,
  sessionAtom,
  type RefreshOutcome,
  type SessionSource,
} from '../../../../client/lib/session';
import { createAppStore } from '../../../../client/lib/store';

function sessionFor(name: string): Session {
  return {
    accessToken: `token-${name}`,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    user: {
      id: randomUUID(),
      kind: 'member',
      username: name,
      name,
      email: `${name}@example.com`,
      role: 'free_tier',
    },
  };
}

/** localStorage as a browser has it, shared by the "tabs" of one test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => {
      items.clear();
    },
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

/** Waits for messages between BroadcastChannels and the promises they start. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cookieSessionSource', () => {
  it('does not ask for a refresh in a browser that never held a session', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('fetch', fetch);
    const source = cookieSessionSource(createApiClient({ guestId: randomUUID() }));
    expect(await source.obtain(null, false)).toEqual({ kind: 'signed-out' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks once this browser has held a session, and forgets it at sign-out', async () => {
    const session = sessionFor('nova');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(Response.json(session, { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    const source = cookieSessionSource(createApiClient({ guestId: randomUUID() }));
    source.onMemberChange?.(true);
    const outcome = await source.obtain(null, false);
    expect(outcome).toEqual({ kind: 'session', session });
    expect(fetch).toHaveBeenCalledTimes(1);

    source.onMemberChange?.(false);
    expect(await source.obtain(null, false)).toEqual({ kind: 'signed-out' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks when another tab announces a sign-in, before that tab's hint has reached this one", async () => {
    const session = sessionFor('ayo');
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(Response.json(session, { status: 200 })),
    );
    vi.stubGlobal('fetch', fetch);
    const source = cookieSessionSource(createApiClient({ guestId: randomUUID() }));
    expect(await source.obtain(null, true)).toEqual({ kind: 'session', session });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reads a 401 as signed out', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { error: { code: 'sign_in_required', message: 'Please sign in to continue.' } },
          { status: 401 },
        ),
      ),
    );
    const source = cookieSessionSource(createApiClient({ guestId: randomUUID() }));
    source.onMemberChange?.(true);
    expect(await source.obtain(null, false)).toEqual({ kind: 'signed-out' });
  });
});

describe('createSessionManager across tabs', () => {
  /** A tab's session source: the shared cookie's session, once someone signed in. */
  function tab(cookie: { session: Session | null }) {
    const obtain = vi.fn((): Promise<RefreshOutcome> =>
      Promise.resolve(
        cookie.session === null
          ? { kind: 'signed-out' }
          : { kind: 'session', session: cookie.session },
      ),
    );
    const source: SessionSource = {
      obtain,
      refreshDueAt: (session) => Date.parse(session.expiresAt) - 60_000,
      isStale: () => false,
      applicationId: null,
      isSharedAcrossTabs: true,
    };
    const store = createAppStore();
    const manager = createSessionManager({ store, source });
    return { manager, store, obtain };
  }

  it("follows another tab's sign-in as a guest, and ignores it when signed in already", async () => {
    const cookie: { session: Session | null } = { session: null };
    const asking = tab(cookie);
    const member = tab(cookie);
    await Promise.all([asking.manager.ready, member.manager.ready]);
    expect(asking.store.get(sessionAtom)).toEqual({ status: 'guest' });

    // A third tab lands on the magic link: the cookie is set and its start-up refresh finds it.
    cookie.session = sessionFor('lina');
    member.manager.signIn(cookie.session);
    const landing = tab(cookie);
    await landing.manager.ready;
    await settle();

    expect(asking.store.get(sessionAtom)).toMatchObject({ status: 'member' });
    // The tab that already held the session did not rotate it again.
    expect(member.obtain).toHaveBeenCalledTimes(1);

    for (const t of [asking, member, landing]) t.manager.clear();
  });

  it('signs every tab out when one signs out', async () => {
    const cookie: { session: Session | null } = { session: sessionFor('omar') };
    const first = tab(cookie);
    const second = tab(cookie);
    await Promise.all([first.manager.ready, second.manager.ready]);
    expect(second.store.get(sessionAtom)).toMatchObject({ status: 'member' });

    cookie.session = null;
    first.manager.clear();
    await settle();
    expect(second.store.get(sessionAtom)).toEqual({ status: 'guest' });
  });
});
