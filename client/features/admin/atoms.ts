import { atom } from 'jotai';

/** The last member search, so "Back to search" from a member returns to the same results. */
export const lastSearchAtom = atom('');
