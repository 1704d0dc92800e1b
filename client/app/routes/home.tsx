import { useSearch } from 'wouter';
import { LibraryView } from '../../features/library/components/library-view';
import { parseFilters } from '../../features/library/filters';
import { WaitingRoomBanner } from '../../features/waiting-room/components/waiting-room-banner';
import { InlineBanner } from '../../features/banners/components/banner-host';
import { ContinueChatting } from '../../features/saved-chats/components/continue-chatting';
import { useOpenSignIn } from '../../lib/sign-in-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLibraryCardActions } from '../character-menu';
import { Page } from '../layouts/page';

export function HomePage() {
  const { page } = parseFilters(useSearch());
  const openSignIn = useOpenSignIn();
  const cardActions = useLibraryCardActions();
  useDocumentTitle(page > 1 ? `Characters, page ${String(page)}` : null);
  return (
    <Page>
      <LibraryView
        heading="Discover characters"
        scope="all"
        withRecommendations
        notice={
          <>
            <WaitingRoomBanner />
            <InlineBanner screen="home" />
            {page === 1 && <ContinueChatting />}
          </>
        }
        {...cardActions}
        onSignInRequested={() => {
          openSignIn('nsfw');
        }}
      />
    </Page>
  );
}
