/** Sign-in UI state shared by the header, the footer, the prompts and the Sign In modal. */
import { atom } from 'jotai';

/** Whether the Sign In modal is open; any Sign In button opens the one modal. */
export const isSignInOpenAtom = atom(false);
