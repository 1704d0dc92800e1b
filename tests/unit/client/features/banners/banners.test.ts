/**
 * Which banner screen a path is, and the closed state kept per session, screen and placement through
 * the one browser-storage module (sessionStorage, never localStorage).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isBannerClosed,
  rememberBannerClosed,
} from '../../../../../client/features/banners/closed-state';
import { screenOfPath } from '../../../../../client/features/banners/screens';
import { storageKey } from '../../../../../client/lib/browser-storage';

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
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, value);
    },
  };
}

let local: Storage;
let session: Storage;
beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('screenOfPath', () => {
  it('names the banner screen of each path', () => {
    const cases: [string, string | null][] = [
      ['/', 'home'],
      ['/chat/0b6f2c4e-1a2b-4c3d-8e9f-001122334455', 'chat'],
      ['/chat/0b6f2c4e-1a2b-4c3d-8e9f-001122334455/new', 'chat'],
      ['/chatbot/0b6f2c4e-1a2b-4c3d-8e9f-001122334455', 'chatbot'],
      ['/chatbot/create', null],
      ['/chatbot/edit/0b6f2c4e-1a2b-4c3d-8e9f-001122334455', null],
      ['/chats', 'chats'],
      ['/chats/0b6f2c4e-1a2b-4c3d-8e9f-001122334455', 'chats'],
      ['/my-chatbots/drafts', 'my_chatbots'],
      ['/personas', 'personas'],
      ['/profile', 'profile'],
      ['/subscribe', 'subscribe'],
      ['/admin/banners', null],
      ['/terms', null],
    ];
    for (const [path, screen] of cases) expect(screenOfPath(path), path).toBe(screen);
  });
});

describe('banner closed state', () => {
  it('is remembered per screen and placement, in sessionStorage only', () => {
    expect(isBannerClosed('home', 'top')).toBe(false);
    rememberBannerClosed('home', 'top');
    expect(isBannerClosed('home', 'top')).toBe(true);
    expect(isBannerClosed('home', 'bottom')).toBe(false);
    expect(isBannerClosed('chat', 'top')).toBe(false);
    expect(session.getItem(storageKey('bannerClosed', 'home.top'))).toBe('true');
    expect(local.length).toBe(0);
  });

  it('reads a value that is not its own as open', () => {
    session.setItem(storageKey('bannerClosed', 'home.popup'), '"yes"');
    expect(isBannerClosed('home', 'popup')).toBe(false);
  });
});
