/**
 * What a guest sees on the profile or chat of an NSFW chatbot (product-core.md §4: guests cannot send
 * to an NSFW character, login prompt; issue 10 §12): a way to sign in, not the generic error modal.
 * Once signed in the page loads the chatbot again.
 */
import { useId } from 'react';
import { Screen } from './restriction-screens';
import { SignInButton } from './sign-in-button';

export function NsfwSignInPrompt() {
  const id = useId();
  return (
    <Screen aria-labelledby={id}>
      <h1 id={id}>Sign in to see this chatbot</h1>
      <p>This chatbot is for adults only. Sign in or create a free account with just your email.</p>
      <SignInButton size="md" reason="nsfw" />
    </Screen>
  );
}
