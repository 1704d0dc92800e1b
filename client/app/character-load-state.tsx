/**
 * What a page about one character (its profile, its chat) shows until `useCharacter` has it: Not
 * Found for a bot that does not exist, the NSFW sign-in prompt for a guest (sign_up_required), a
 * spinner (or the page's skeleton) while it loads, else the error with Retry. One component, so every such page answers alike.
 */
import type { ReactNode } from 'react';
import { NsfwSignInPrompt } from '../features/auth/components/nsfw-sign-in-prompt';
import { Spinner } from '../components/spinner';
import { ErrorState } from '../components/state-panel';
import { errorText, isNotFound } from '../lib/errors';
import type { QueryState } from '../lib/use-query';
import { Page } from './layouts/page';
import { NotFoundPage } from './routes/not-found';

export function CharacterLoadState({
  state,
  loadingLabel,
  loading,
}: {
  /** The character's query while it has no character to show. */
  state: Exclude<QueryState<unknown>, { status: 'success' }> & { retry: () => void };
  loadingLabel: string;
  /** Shown while it loads instead of the spinner (the chat's skeleton). */
  loading?: ReactNode;
}) {
  if (state.status === 'loading') {
    if (loading !== undefined) return loading;
    return (
      <Page>
        <Spinner label={loadingLabel} />
      </Page>
    );
  }
  if (isNotFound(state.error)) return <NotFoundPage />;
  // A guest on an NSFW chatbot gets the login prompt, not the generic error.
  if (state.error.code === 'sign_up_required') {
    return (
      <Page>
        <NsfwSignInPrompt />
      </Page>
    );
  }
  return (
    <Page>
      <ErrorState message={errorText(state.error)} onRetry={state.retry} />
    </Page>
  );
}
