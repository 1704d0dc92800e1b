import { Redirect } from 'wouter';
import { useLatestConversation } from '../../features/chat/hooks/use-latest-conversation';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/state-panel';
import { errorText, isNotFound } from '../../lib/errors';
import { Page } from '../layouts/page';
import { newConversationId, paths } from '../../lib/paths';
import { NotFoundPage } from './not-found';

/** /chat/{characterId}: resumes the latest conversation with the character, or starts a new one. */
export function ChatWithCharacterPage({ characterId }: { characterId: string }) {
  const latest = useLatestConversation(characterId);
  if (latest.status === 'success') {
    const conversationId = latest.data.conversation?.id ?? newConversationId;
    return <Redirect to={paths.chat.build(characterId, conversationId)} replace />;
  }
  if (latest.status === 'error' && isNotFound(latest.error)) return <NotFoundPage />;
  return (
    <Page>
      {latest.status === 'loading' ? (
        <Spinner label="Opening chat" />
      ) : (
        <ErrorState message={errorText(latest.error)} onRetry={latest.retry} />
      )}
    </Page>
  );
}
