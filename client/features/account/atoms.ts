/** Account UI state shared by the header, the footer, the sign-in modal and the account gate. */
import { atom } from 'jotai';
import type { Me } from '#shared/schemas/user';

/** Whether the Sign In modal is open; any Sign In button opens the one modal. */
export const isSignInOpenAtom = atom(false);

/** The signed-in member as GET /api/me answered (permissions, restriction), keyed by member id. */
export const meAtom = atom<Me | null>(null);

/** Bumped to make the account gate reload /api/me (after onboarding, an email change). */
export const meVersionAtom = atom(0);

/** The signed-in member's avatar picture, keyed by member id: set by the profile and by an upload. */
export const memberAvatarAtom = atom<{ memberId: string; url: string | null } | null>(null);
