/**
 * The colour scheme: the visitor's choice, kept in this browser (lib/browser-storage.ts), or else the system preference
 * (`prefers-color-scheme`) until they choose, and again once they switch back to the system's.
 */
import { useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { atomStorageFor } from '../lib/browser-storage';
import { useMediaQuery } from '../lib/use-media-query';
import type { ThemeName } from '../styles/theme';

const ThemeNameSchema = z.enum(['light', 'dark']);

const themeStorage = atomStorageFor('theme', ThemeNameSchema.nullable());

/** The stored choice; null follows the system. */
export const themeChoiceAtom = atomWithStorage<ThemeName | null>(
  'charchat.theme',
  null,
  themeStorage,
  {
    getOnInit: true,
  },
);

/** The system's scheme (`prefers-color-scheme`). */
export function useSystemThemeName(): ThemeName {
  return useMediaQuery('(prefers-color-scheme: dark)') ? 'dark' : 'light';
}

/** The scheme in effect now. */
export function useThemeName(): ThemeName {
  const choice = useAtomValue(themeChoiceAtom);
  const system = useSystemThemeName();
  return choice ?? system;
}

/**
 * The choice a press of the theme toggle stores: the other scheme, or, when the other scheme is the
 * system's, none, so the page follows the system again (issue 28 §14) rather than staying pinned.
 */
export function toggledThemeChoice(shown: ThemeName, system: ThemeName): ThemeName | null {
  const next = shown === 'dark' ? 'light' : 'dark';
  return next === system ? null : next;
}
