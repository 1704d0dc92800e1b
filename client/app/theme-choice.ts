/**
 * The colour scheme: the visitor's choice, kept in this browser (lib/browser-storage.ts), or else the system preference
 * (`prefers-color-scheme`) until they choose.
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

/** The scheme in effect now. */
export function useThemeName(): ThemeName {
  const choice = useAtomValue(themeChoiceAtom);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  return choice ?? (prefersDark ? 'dark' : 'light');
}
