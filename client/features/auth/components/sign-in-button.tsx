import { Button, type ButtonVariant } from '../../../components/button';
import { useSession } from '../../../lib/session';
import { useOpenSignIn, type SignInReason } from '../../../lib/sign-in-request';

/** Opens the Sign In modal, saying `reason` when the page is about something that needs an account. */
export function SignInButton({
  variant = 'primary',
  size = 'sm',
  reason = null,
}: {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  reason?: SignInReason | null;
}) {
  const openSignIn = useOpenSignIn();
  return (
    <Button
      $variant={variant}
      $size={size}
      onClick={() => {
        openSignIn(reason);
      }}
    >
      Sign In
    </Button>
  );
}

/** Sign In for a guest, nothing for a member (or while the session is restored). */
export function GuestSignInButton() {
  return useSession().status === 'guest' ? <SignInButton /> : null;
}
