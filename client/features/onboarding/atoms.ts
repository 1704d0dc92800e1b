/**
 * Whether the "I'm interested in..." step is due: sign-up sets it as it finishes and goes on to the
 * page the member came for, and the shell's InterestsHost shows the modal over that page (issue 28 §14),
 * not over an emptied sign-up page.
 */
import { atom } from 'jotai';

export const isChoosingInterestsAtom = atom(false);
