/**
 * The one owner of browser state (issue 24 item 4; style.md "Ownership"): the only module that touches
 * localStorage and sessionStorage. Every key is registered here in one style,
 * `charchat:<area>:<name>[:<id>]:v<version>`; values are JSON parsed with the caller's zod schema, and a
 * value that fails it, or sits under an older version, is dropped rather than crashed on. Writes answer
 * a result instead of throwing (storage full, private mode), and cross-tab changes arrive through
 * `subscribeToStorage`. Values kept under the names used before this module are read once, moved to
 * their registered key and removed, so a returning visitor keeps their session, guest id, theme and drafts.
 */
import type { z } from 'zod';
import { sessionHintKey } from '#shared/api/auth';

export type StorageKind = 'local' | 'session';

/** How a write went: `quota` when the browser is full, `unavailable` when storage is off or blocked. */
export type StoreResult = { ok: true } | { ok: false; reason: 'quota' | 'unavailable' };

interface KeySpec {
  kind: StorageKind;
  /** The `<area>:<name>` part of the key. */
  path: string;
  version: number;
  /** Where the value lived before this module: a name (plus the id) and how its text reads. */
  legacy?: { name: (id: string) => string; decode: (raw: string) => unknown };
}

const json = (raw: string): unknown => JSON.parse(raw);
const flag = (raw: string): unknown => raw === '1';
const text = (raw: string): unknown => raw;

/** Every key this app keeps in the browser. */
export const storageKeys = {
  theme: {
    kind: 'local',
    path: 'app:theme',
    version: 1,
    legacy: { name: () => 'charchat.theme', decode: text },
  },
  guestId: {
    kind: 'local',
    path: 'identity:guest-id',
    version: 1,
    legacy: { name: () => 'charchat.guestId', decode: text },
  },
  sessionHint: {
    kind: 'local',
    path: 'identity:has-session',
    version: 1,
    legacy: { name: () => sessionHintKey, decode: flag },
  },
  signInOrigin: {
    kind: 'session',
    path: 'auth:sign-in-from',
    version: 1,
    legacy: { name: () => 'charchat.signInFrom', decode: text },
  },
  partner: {
    kind: 'session',
    path: 'partner:source',
    version: 1,
    legacy: { name: () => 'charchat-partner', decode: json },
  },
  ageVerificationDismissed: {
    kind: 'session',
    path: 'age-verification:dialog-dismissed',
    version: 1,
    legacy: { name: () => 'age-verification-dialog-dismissed', decode: flag },
  },
  waitingRoomBannerDismissed: {
    kind: 'session',
    path: 'waiting-room:banner-dismissed',
    version: 1,
    legacy: { name: () => 'charchat.waitingRoomBanner.dismissed', decode: json },
  },
  libraryFiltersChangedAt: {
    kind: 'session',
    path: 'library:filters-changed-at',
    version: 1,
    legacy: { name: () => 'library-filters-changed-at', decode: Number },
  },
  libraryNsfw: {
    kind: 'local',
    path: 'library:nsfw',
    version: 1,
    legacy: { name: () => 'library-nsfw', decode: flag },
  },
  lorebookGuideSeen: {
    kind: 'local',
    path: 'lorebooks:guide-seen',
    version: 1,
    legacy: { name: () => 'lorebook-guide-seen', decode: flag },
  },
  unsentText: {
    kind: 'local',
    path: 'unsent:text',
    version: 1,
    legacy: { name: (id) => `charchat:unsent:${id}`, decode: json },
  },
  onboardingDraft: {
    kind: 'local',
    path: 'drafts:onboarding',
    version: 1,
    legacy: { name: (id) => `charchat.onboarding.${id}`, decode: json },
  },
  chatbotDrafts: {
    kind: 'local',
    path: 'drafts:chatbot',
    version: 1,
    legacy: { name: (id) => `charchat:chatbot-drafts:${id}`, decode: json },
  },
  groupDrafts: {
    kind: 'local',
    path: 'drafts:group',
    version: 1,
    legacy: { name: (id) => `charchat:group-drafts:${id}`, decode: json },
  },
  checkoutAttempt: {
    kind: 'session',
    path: 'checkout:attempt',
    version: 1,
  },
  /** A closed banner, per screen and placement (id: rules/banners.ts closedStateKey). */
  bannerClosed: {
    kind: 'session',
    path: 'banners:closed',
    version: 1,
  },
} as const satisfies Record<string, KeySpec>;

export type StorageKeyName = keyof typeof storageKeys;

/** The storage of that kind, read at each call (tests and private modes swap or remove it). */
function storageOf(kind: StorageKind): Storage | null {
  try {
    // Typed as always there, but absent outside a browser (node tests) until a test provides one.
    const storage: Storage | undefined =
      kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined outside a browser
    return storage ?? null;
  } catch {
    // Reading the property itself throws a SecurityError where storage is blocked.
    return null;
  }
}

/** Whether the browser lets this page use the storage that keeps `name` at all. */
export function storageAvailable(name: StorageKeyName): boolean {
  return storageOf(storageKeys[name].kind) !== null;
}

/** The registered key for `name` (and an id, for values kept per member, conversation or email). */
export function storageKey(name: StorageKeyName, id?: string, version?: number): string {
  const spec: KeySpec = storageKeys[name];
  const idPart = id === undefined ? '' : `:${id}`;
  return `charchat:${spec.path}${idPart}:v${String(version ?? spec.version)}`;
}

function isQuotaError(err: unknown): boolean {
  return (
    err instanceof DOMException &&
    (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

function failure(err: unknown): StoreResult {
  return { ok: false, reason: isQuotaError(err) ? 'quota' : 'unavailable' };
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function tryRemove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing more to do: the stale value is ignored anyway.
  }
}

/** Removes the key's values under any version but the current one (their shape is not this one). */
function dropOtherVersions(storage: Storage, name: StorageKeyName, id?: string): void {
  const base = storageKey(name, id, 0).slice(0, -1);
  const current = storageKey(name, id);
  const stale: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (
      key !== null &&
      key !== current &&
      key.startsWith(base) &&
      /^\d+$/.test(key.slice(base.length))
    )
      stale.push(key);
  }
  for (const key of stale) tryRemove(storage, key);
}

/**
 * The stored value, or null when there is none or it no longer fits `schema`. Older versions of the
 * key are dropped; a value under the legacy name is moved to the registered key.
 */
export function readStored<T>(name: StorageKeyName, schema: z.ZodType<T>, id?: string): T | null {
  const spec: KeySpec = storageKeys[name];
  const storage = storageOf(spec.kind);
  if (storage === null) return null;
  const key = storageKey(name, id);
  try {
    const raw = storage.getItem(key);
    if (raw !== null) {
      const value = parse(schema, JSON.parse(raw));
      if (value === null) tryRemove(storage, key);
      return value;
    }
    dropOtherVersions(storage, name, id);
    if (spec.legacy === undefined) return null;
    const legacyKey = spec.legacy.name(id ?? '');
    const legacyRaw = storage.getItem(legacyKey);
    if (legacyRaw === null) return null;
    const value = parse(schema, spec.legacy.decode(legacyRaw));
    if (value === null) {
      tryRemove(storage, legacyKey);
      return null;
    }
    // Moved once; when the write is refused, the legacy value stays and is read again next time.
    if (writeStored(name, value, id).ok) tryRemove(storage, legacyKey);
    return value;
  } catch {
    return null;
  }
}

/** Keeps `value` under the registered key; answers why not when the browser refuses. */
export function writeStored(name: StorageKeyName, value: unknown, id?: string): StoreResult {
  const storage = storageOf(storageKeys[name].kind);
  if (storage === null) return { ok: false, reason: 'unavailable' };
  try {
    storage.setItem(storageKey(name, id), JSON.stringify(value));
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
}

/** Forgets the value (and any legacy copy of it). */
export function removeStored(name: StorageKeyName, id?: string): StoreResult {
  const spec: KeySpec = storageKeys[name];
  const storage = storageOf(spec.kind);
  if (storage === null) return { ok: false, reason: 'unavailable' };
  try {
    storage.removeItem(storageKey(name, id));
    if (spec.legacy !== undefined) storage.removeItem(spec.legacy.name(id ?? ''));
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
}

/** Where `storage` events arrive: the window, or a double in tests. */
export interface StorageEventTarget {
  // Method syntax and plain Event on purpose: the window and a plain EventTarget both fit.
  addEventListener(type: 'storage', listener: (event: Event) => void): void;
  removeEventListener(type: 'storage', listener: (event: Event) => void): void;
}

/**
 * Calls `listener` when another tab changes `name` (the `storage` event; a tab never hears its own
 * writes). Answers the unsubscribe function.
 */
export function subscribeToStorage(
  name: StorageKeyName,
  listener: (id: string | undefined) => void,
  target: StorageEventTarget | undefined = typeof window === 'undefined' ? undefined : window,
): () => void {
  if (target === undefined) return () => undefined;
  const prefix = `charchat:${storageKeys[name].path}`;
  const suffix = `:v${String(storageKeys[name].version)}`;
  const onStorage = (event: Event) => {
    // A StorageEvent's key: null when another tab cleared the whole storage.
    const key = 'key' in event && typeof event.key === 'string' ? event.key : null;
    if (key === null) {
      listener(undefined);
      return;
    }
    if (!key.startsWith(prefix) || !key.endsWith(suffix)) return;
    const middle = key.slice(prefix.length, key.length - suffix.length);
    if (middle === '') listener(undefined);
    else if (middle.startsWith(':')) listener(middle.slice(1));
  };
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener('storage', onStorage);
  };
}

/** A jotai `atomWithStorage` storage over one registered key (the atom's own key is ignored). */
export function atomStorageFor<T>(name: StorageKeyName, schema: z.ZodType<T>) {
  return {
    getItem: (_key: string, initialValue: T): T => readStored(name, schema) ?? initialValue,
    setItem: (_key: string, value: T): void => {
      // A refused write only means the value lasts for this page load.
      if (value === null) removeStored(name);
      else writeStored(name, value);
    },
    removeItem: (): void => {
      removeStored(name);
    },
  };
}

export interface DraftStore<T> {
  /** The draft kept under `id`, or null. */
  load: (id: string) => T | null;
  save: (id: string, value: T) => StoreResult;
  clear: (id: string) => StoreResult;
  /** Saves after `delayMs` of quiet (the last value wins); `flush` writes a pending one now. */
  saveDebounced: (id: string, value: T, delayMs: number) => void;
  flush: () => void;
}

type DraftArea = 'unsentText' | 'onboardingDraft' | 'chatbotDrafts' | 'groupDrafts';

/** Drafts kept per id (a conversation, an email, a member), each parsed with `schema`. */
export function createDraftStore<T>(area: DraftArea, schema: z.ZodType<T>): DraftStore<T> {
  let pending: { id: string; value: T; timer: ReturnType<typeof setTimeout> } | null = null;
  const save = (id: string, value: T) => writeStored(area, value, id);
  const flush = () => {
    if (pending === null) return;
    clearTimeout(pending.timer);
    const { id, value } = pending;
    pending = null;
    save(id, value);
  };
  return {
    load: (id) => readStored(area, schema, id),
    save,
    clear: (id) => {
      if (pending?.id === id) {
        clearTimeout(pending.timer);
        pending = null;
      }
      return removeStored(area, id);
    },
    saveDebounced: (id, value, delayMs) => {
      if (pending !== null && pending.id !== id) flush();
      if (pending !== null) clearTimeout(pending.timer);
      pending = { id, value, timer: setTimeout(flush, delayMs) };
    },
    flush,
  };
}
