/**
 * What a guest sees on a page only members may use (the profile, admin, sign-up): a way to sign in,
 * not a refusal (product-core.md §6, guests "see sign-in prompts"). After sign-in the page itself shows.
 */
import { useId } from 'react';
import { Screen } from './restriction-screens';
import { SignInButton } from './sign-in-button';

export function SignInPrompt() {
  const id = useId();
  return (
    <Screen aria-labelledby={id}>
      <h1 id={id}>You are not logged in yet!</h1>
      <p>Sign in or create a free account with just your email to see this page.</p>
      <SignInButton size="md" />
    </Screen>
  );
}
