/**
 * The colour scheme: the visitor's choice, kept in localStorage, or else the system preference
 * (`prefers-color-scheme`) until they choose.
 */
import { useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { useMediaQuery } from '../lib/use-media-query';
import type { ThemeName } from '../styles/theme';

const ThemeNameSchema = z.enum(['light', 'dark']);

const themeStorage = {
  getItem: (key: string, initialValue: ThemeName | null): ThemeName | null => {
    try {
      const parsed = ThemeNameSchema.safeParse(window.localStorage.getItem(key));
      return parsed.success ? parsed.data : initialValue;
    } catch {
      return initialValue;
    }
  },
  setItem: (key: string, value: ThemeName | null): void => {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage can be disabled; the choice then lasts for this page load.
    }
  },
  removeItem: (key: string): void => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};

/** The stored choice; null follows the system. */
export const themeChoiceAtom = atomWithStorage<ThemeName | null>(
  'charchat.theme',
  null,
  themeStorage,
  {
    getOnInit: true,
  },
);

/** The scheme in effect now. */
export function useThemeName(): ThemeName {
  const choice = useAtomValue(themeChoiceAtom);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return choice ?? (prefersDark ? 'dark' : 'light');
}
