import { Redirect } from 'wouter';
import { useLatestConversation } from '../../features/chat/hooks/use-latest-conversation';
import { ChatSkeleton } from '../../features/chat/components/chat-skeleton';
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
  if (latest.status === 'loading') return <ChatSkeleton />;
  return (
    <Page>
      <ErrorState message={errorText(latest.error)} onRetry={latest.retry} />
    </Page>
  );
}
