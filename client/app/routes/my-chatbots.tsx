/** /my-chatbots and /my-chatbots/drafts (product-core.md §2, "My Chatbots"), guarded by view_my_chat_bots. */
import { ChatbotDrafts, MyChatbots } from '../../features/authoring/components/my-chatbots';
import { useMemberId } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';
import { MyChatbotsTabs } from './my-chatbots-tabs';

export function MyChatbotsPage() {
  useDocumentTitle('My Chatbots');
  const memberId = useMemberId();
  return (
    <RequirePermission permission="view_my_chat_bots">
      <Page>
        <MyChatbotsTabs current="chatbots" />
        {memberId !== null && <MyChatbots memberId={memberId} />}
      </Page>
    </RequirePermission>
  );
}

export function MyChatbotDraftsPage() {
  useDocumentTitle('Drafts');
  const memberId = useMemberId();
  return (
    <RequirePermission permission="view_my_chat_bots">
      <Page>{memberId !== null && <ChatbotDrafts memberId={memberId} />}</Page>
    </RequirePermission>
  );
}
