import { useAtom } from 'jotai';
import { isSignInOpenAtom } from '../atoms';
import { SignInModal } from './sign-in-modal';

/** Renders the one Sign In modal while it is open; closing unmounts it, which resets it. */
export function SignInHost() {
  const [isOpen, setIsOpen] = useAtom(isSignInOpenAtom);
  if (!isOpen) return null;
  return (
    <SignInModal
      onClose={() => {
        setIsOpen(false);
      }}
    />
  );
}
