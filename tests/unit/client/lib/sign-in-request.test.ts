/** The Sign In dialog's request: why it opened and where it goes after, owned by one module. */
import { describe, expect, it } from 'vitest';
import {
  closeSignInAtom,
  openSignInAtom,
  signInReasonText,
  signInReasonTexts,
  signInRequestAtom,
} from '../../../../client/lib/sign-in-request';
import { createAppStore } from '../../../../client/lib/store';

describe('signInRequestAtom', () => {
  it('is closed until something opens it, and closing forgets why it opened', () => {
    const store = createAppStore();
    expect(store.get(signInRequestAtom)).toBeNull();
    store.set(openSignInAtom, { reason: 'favorite' });
    expect(store.get(signInRequestAtom)).toEqual({ reason: 'favorite', then: null });
    store.set(closeSignInAtom);
    expect(store.get(signInRequestAtom)).toBeNull();
  });

  it('opens without a reason from a plain Sign In button', () => {
    const store = createAppStore();
    store.set(openSignInAtom);
    expect(store.get(signInRequestAtom)).toEqual({ reason: null, then: null });
  });

  it('takes the latest request while open', () => {
    const store = createAppStore();
    store.set(openSignInAtom, { reason: 'block', then: '/blocked-creators' });
    store.set(openSignInAtom, { reason: 'favorite' });
    expect(store.get(signInRequestAtom)).toEqual({ reason: 'favorite', then: null });
  });

  it('keeps only an app path to go to once signed in', () => {
    const store = createAppStore();
    store.set(openSignInAtom, { reason: 'personas', then: '/personas' });
    expect(store.get(signInRequestAtom)?.then).toBe('/personas');
    store.set(openSignInAtom, { reason: 'personas', then: '//evil.example/personas' });
    expect(store.get(signInRequestAtom)?.then).toBeNull();
    store.set(openSignInAtom, { reason: 'personas', then: 'https://evil.example/' });
    expect(store.get(signInRequestAtom)?.then).toBeNull();
  });
});

describe('signInReasonText', () => {
  it('says why in the words of the action, none for a plain Sign In', () => {
    expect(signInReasonText('favorite')).toBe('Sign up to add favorites');
    expect(signInReasonText(null)).toBeNull();
  });

  it('starts every reason with "Sign up" and ends it without a stop (the dialog adds one)', () => {
    for (const text of Object.values(signInReasonTexts)) {
      expect(text).toMatch(/^Sign up (to|for) /);
      expect(text).not.toMatch(/[.!]$/);
    }
  });
});
