/**
 * The one Sign In dialog's open state (docs/style.md, "Ownership"): whether it is open, why (the action
 * a guest tried, said in the dialog: "Sign up to add favorites", issue 28 §11) and where to go once
 * signed in (a header entry's page). Every Sign In button, prompt and members-only action opens it
 * through `useOpenSignIn`; features/auth's host alone reads and closes it.
 */
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { returnPath } from './paths';

/** What a guest tried that needs an account, and the dialog's words for it. */
export const signInReasonTexts = {
  favorite: 'Sign up to add favorites',
  block: 'Sign up to block creators',
  lessLike: 'Sign up to see less like this',
  report: 'Sign up to report chatbots',
  rate: 'Sign up to rate chatbots',
  createChatbot: 'Sign up to create chatbots',
  createGroup: 'Sign up to create group chats',
  myChatbots: 'Sign up to find your chatbots here',
  personas: 'Sign up to chat as your own personas',
  lorebooks: 'Sign up to write lorebooks',
  recommendations: 'Sign up for recommendations made for you',
  nsfw: 'Sign up to see NSFW chatbots',
  keepChatting: 'Sign up to keep chatting',
  checkout: 'Sign up to choose a plan',
} as const;

export type SignInReason = keyof typeof signInReasonTexts;

/** An open Sign In dialog: why it opened (null: the visitor pressed Sign In) and where to go after. */
export interface SignInRequest {
  reason: SignInReason | null;
  /** An app path to open once signed in (a header entry's page), or null to stay. */
  then: string | null;
}

const requestAtom = atom<SignInRequest | null>(null);

/** The open request, or null while the dialog is closed. */
export const signInRequestAtom = atom((get) => get(requestAtom));

/**
 * Opens the dialog. A request made while it is open replaces the one before (the latest action is
 * the one the guest is thinking of); `then` is kept only when it is an app path.
 */
export const openSignInAtom = atom(
  null,
  (_get, set, request: { reason?: SignInReason | null; then?: string | null } = {}) => {
    set(requestAtom, { reason: request.reason ?? null, then: returnPath(request.then ?? null) });
  },
);

/** Closes the dialog, forgetting why it opened. */
export const closeSignInAtom = atom(null, (_get, set) => {
  set(requestAtom, null);
});

/** The dialog's words for a reason: the sentence shown above the email field. */
export function signInReasonText(reason: SignInReason | null): string | null {
  return reason === null ? null : signInReasonTexts[reason];
}

/** Opens the Sign In dialog, saying why when an action needs an account. */
export function useOpenSignIn(): (reason?: SignInReason | null, then?: string) => void {
  const open = useSetAtom(openSignInAtom);
  return useCallback(
    (reason, then) => {
      open({ reason: reason ?? null, then: then ?? null });
    },
    [open],
  );
}

/** The open request and how to close it (features/auth's Sign In host). */
export function useSignInRequest(): { request: SignInRequest | null; close: () => void } {
  return { request: useAtomValue(signInRequestAtom), close: useSetAtom(closeSignInAtom) };
}
