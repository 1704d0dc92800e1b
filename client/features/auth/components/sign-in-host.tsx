import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../../lib/session';
import { useSignInRequest } from '../../../lib/sign-in-request';
import { SignInModal } from './sign-in-modal';

/**
 * Renders the one Sign In modal while it is open (lib/sign-in-request.ts), saying why it opened;
 * closing unmounts it, which resets it. Once signed in (here or elsewhere: the magic link opened in
 * another tab) it closes, and goes on to the page the request named (a header entry's).
 */
export function SignInHost() {
  const { request, close } = useSignInRequest();
  const [, navigate] = useLocation();
  const isMember = useSession().status === 'member';
  const then = request?.then ?? null;
  useEffect(() => {
    if (!isMember) return;
    close();
    if (then !== null) navigate(then);
  }, [isMember, close, then, navigate]);
  if (request === null || isMember) return null;
  return <SignInModal reason={request.reason} then={request.then} onClose={close} />;
}
