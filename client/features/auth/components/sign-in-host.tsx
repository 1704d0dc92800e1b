import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useSession } from '../../../lib/session';
import { isSignInOpenAtom } from '../atoms';
import { SignInModal } from './sign-in-modal';

/**
 * Renders the one Sign In modal while it is open; closing unmounts it, which resets it. A sign-in that
 * finishes elsewhere (the magic link opened in another tab) closes it too.
 */
export function SignInHost() {
  const [isOpen, setIsOpen] = useAtom(isSignInOpenAtom);
  const isMember = useSession().status === 'member';
  useEffect(() => {
    if (isMember) setIsOpen(false);
  }, [isMember, setIsOpen]);
  if (!isOpen || isMember) return null;
  return (
    <SignInModal
      onClose={() => {
        setIsOpen(false);
      }}
    />
  );
}
