import { useSetAtom } from 'jotai';
import { Button, type ButtonVariant } from '../../../components/button';
import { isSignInOpenAtom } from '../atoms';

/** Opens the Sign In modal. */
export function SignInButton({
  variant = 'primary',
  size = 'sm',
}: {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}) {
  const setIsOpen = useSetAtom(isSignInOpenAtom);
  return (
    <Button
      $variant={variant}
      $size={size}
      onClick={() => {
        setIsOpen(true);
      }}
    >
      Sign In
    </Button>
  );
}
