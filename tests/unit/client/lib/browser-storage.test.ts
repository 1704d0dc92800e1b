/**
 * The one owner of browser state: registered keys, versions, schema drops, legacy keys moved once,
 * refused writes answered as results, cross-tab events and the draft store.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  createDraftStore,
  readStored,
  removeStored,
  storageKey,
  subscribeToStorage,
  writeStored,
} from '../../../../client/lib/browser-storage';

/** An in-memory Storage as a browser has it; `refuse` makes setItem throw like a full browser. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  refuse: DOMException | null = null;
  [name: string]: unknown;

  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    if (this.refuse !== null) throw this.refuse;
    this.#items.set(key, value);
  }
  keys(): string[] {
    return [...this.#items.keys()];
  }
}

let local: MemoryStorage;
let session: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  session = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('storageKey', () => {
  it('names every key charchat:<area>:<name>[:<id>]:v<version>', () => {
    expect(storageKey('theme')).toBe('charchat:app:theme:v1');
    expect(storageKey('chatbotDrafts', 'member-1')).toBe('charchat:drafts:chatbot:member-1:v1');
    expect(storageKey('unsentText', 'c1', 3)).toBe('charchat:unsent:text:c1:v3');
  });
});

describe('readStored and writeStored', () => {
  it('round-trips a value through its registered key in the right storage', () => {
    expect(writeStored('theme', 'dark')).toEqual({ ok: true });
    expect(local.getItem('charchat:app:theme:v1')).toBe('"dark"');
    expect(readStored('theme', z.enum(['light', 'dark']))).toBe('dark');

    expect(writeStored('signInOrigin', '/chatbot/1')).toEqual({ ok: true });
    expect(session.keys()).toEqual(['charchat:auth:sign-in-from:v1']);
    expect(local.keys()).toEqual(['charchat:app:theme:v1']);
  });

  it('drops a stored value that fails its schema instead of throwing', () => {
    local.setItem('charchat:app:theme:v1', '"purple"');
    expect(readStored('theme', z.enum(['light', 'dark']))).toBeNull();
    expect(local.getItem('charchat:app:theme:v1')).toBeNull();

    local.setItem('charchat:app:theme:v1', '{not json');
    expect(readStored('theme', z.enum(['light', 'dark']))).toBeNull();
  });

  it('drops a value kept under another version of its key', () => {
    const guestId = '3f0c2a1e-6d9b-4c1e-9f7a-2b8e5d4c3a10';
    local.setItem(storageKey('guestId', undefined, 0), JSON.stringify(guestId));
    local.setItem(storageKey('chatbotDrafts', 'member-1', 0), '[]');
    local.setItem(storageKey('chatbotDrafts', 'member-12', 0), '[]');
    expect(readStored('guestId', z.uuid())).toBeNull();
    expect(readStored('chatbotDrafts', z.array(z.unknown()), 'member-1')).toBeNull();
    expect(local.keys()).toEqual([storageKey('chatbotDrafts', 'member-12', 0)]);
  });

  it('moves a value from its legacy name to the registered key once', () => {
    const guestId = '3f0c2a1e-6d9b-4c1e-9f7a-2b8e5d4c3a10';
    local.setItem('charchat.guestId', guestId);
    local.setItem('charchat.hasSession', '1');
    local.setItem('charchat:unsent:conv-1', JSON.stringify({ text: 'hi', draftId: null }));

    expect(readStored('guestId', z.uuid())).toBe(guestId);
    expect(readStored('sessionHint', z.boolean())).toBe(true);
    expect(
      readStored('unsentText', z.object({ text: z.string(), draftId: z.null() }), 'conv-1'),
    ).toEqual({ text: 'hi', draftId: null });
    expect(local.keys().sort()).toEqual(
      [
        'charchat:identity:guest-id:v1',
        'charchat:identity:has-session:v1',
        'charchat:unsent:text:conv-1:v1',
      ].sort(),
    );
    expect(readStored('guestId', z.uuid())).toBe(guestId);
  });

  it('keeps the legacy value when the move is refused, and reads it again', () => {
    local.setItem('lorebook-guide-seen', '1');
    local.refuse = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(readStored('lorebookGuideSeen', z.boolean())).toBe(true);
    expect(local.getItem('lorebook-guide-seen')).toBe('1');
    expect(readStored('lorebookGuideSeen', z.boolean())).toBe(true);
  });

  it('answers quota when the browser is full, and unavailable when storage is blocked', () => {
    local.refuse = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(writeStored('theme', 'dark')).toEqual({ ok: false, reason: 'quota' });
    local.refuse = new DOMException('The operation is insecure.', 'SecurityError');
    expect(writeStored('theme', 'dark')).toEqual({ ok: false, reason: 'unavailable' });

    vi.stubGlobal('localStorage', undefined);
    expect(writeStored('theme', 'dark')).toEqual({ ok: false, reason: 'unavailable' });
    expect(readStored('theme', z.string())).toBeNull();
    expect(removeStored('theme')).toEqual({ ok: false, reason: 'unavailable' });
  });

  it('removes the value and any legacy copy', () => {
    local.setItem('library-nsfw', '1');
    writeStored('libraryNsfw', true);
    expect(removeStored('libraryNsfw')).toEqual({ ok: true });
    expect(local.keys()).toEqual([]);
  });
});

describe('subscribeToStorage', () => {
  /** What a browser dispatches on the other tabs' windows (Node has no StorageEvent). */
  class StorageEventDouble extends Event {
    constructor(readonly key: string | null) {
      super('storage');
    }
  }
  const storageEvent = (key: string | null) => new StorageEventDouble(key);

  it('reports changes another tab makes to the key, with the id, until unsubscribed', () => {
    const target = new EventTarget();
    const seen: (string | undefined)[] = [];
    const unsubscribe = subscribeToStorage('chatbotDrafts', (id) => seen.push(id), target);

    target.dispatchEvent(storageEvent(storageKey('chatbotDrafts', 'member-1')));
    target.dispatchEvent(storageEvent(storageKey('groupDrafts', 'member-1')));
    target.dispatchEvent(storageEvent(storageKey('chatbotDrafts', 'member-1', 0)));
    target.dispatchEvent(storageEvent(null));
    unsubscribe();
    target.dispatchEvent(storageEvent(storageKey('chatbotDrafts', 'member-2')));

    expect(seen).toEqual(['member-1', undefined]);
  });
});

describe('createDraftStore', () => {
  const DraftSchema = z.object({ step: z.number(), name: z.string() });

  it('loads, saves and clears a draft per id', () => {
    const drafts = createDraftStore('onboardingDraft', DraftSchema);
    expect(drafts.load('a@example.com')).toBeNull();
    expect(drafts.save('a@example.com', { step: 2, name: 'Nova' })).toEqual({ ok: true });
    expect(drafts.load('a@example.com')).toEqual({ step: 2, name: 'Nova' });
    expect(drafts.load('b@example.com')).toBeNull();
    expect(drafts.clear('a@example.com')).toEqual({ ok: true });
    expect(drafts.load('a@example.com')).toBeNull();
  });

  it('answers why a save was refused instead of throwing', () => {
    const drafts = createDraftStore('onboardingDraft', DraftSchema);
    local.refuse = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(drafts.save('a@example.com', { step: 1, name: '' })).toEqual({
      ok: false,
      reason: 'quota',
    });
  });

  it('reads a draft saved under the legacy name', () => {
    local.setItem('charchat.onboarding.a@example.com', JSON.stringify({ step: 1, name: 'Old' }));
    const drafts = createDraftStore('onboardingDraft', DraftSchema);
    expect(drafts.load('a@example.com')).toEqual({ step: 1, name: 'Old' });
  });

  it('debounces saves, keeping the last value, and flushes a pending one', () => {
    vi.useFakeTimers();
    const drafts = createDraftStore('unsentText', z.string());
    drafts.saveDebounced('c1', 'h', 300);
    drafts.saveDebounced('c1', 'hi', 300);
    expect(drafts.load('c1')).toBeNull();
    vi.advanceTimersByTime(300);
    expect(drafts.load('c1')).toBe('hi');

    drafts.saveDebounced('c1', 'hi there', 300);
    drafts.flush();
    expect(drafts.load('c1')).toBe('hi there');

    drafts.saveDebounced('c1', 'gone', 300);
    drafts.clear('c1');
    vi.advanceTimersByTime(300);
    expect(drafts.load('c1')).toBeNull();
  });
});
