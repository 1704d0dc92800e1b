/** The listing screens besides home: recommendations, favorites and a creator's chatbots. */
import { Link, Redirect } from 'wouter';
import { ButtonAnchor } from '../../components/button';
import { EmptyState } from '../../components/state-panel';
import { LibraryMarketing } from '../../features/library/components/library-marketing';
import { LibraryView } from '../../features/library/components/library-view';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useOpenSignIn, type SignInReason } from '../../lib/sign-in-request';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLibraryCardActions } from '../character-menu';
import { Page } from '../layouts/page';

/** Opens the Sign In dialog for `reason` (a marketing page's call to action, the NSFW unlock). */
function useOpenSignInFor(reason: SignInReason): () => void {
  const openSignIn = useOpenSignIn();
  return () => {
    openSignIn(reason);
  };
}

export function RecommendedBotsPage() {
  const session = useSession();
  const unlockNsfw = useOpenSignInFor('nsfw');
  const openSignIn = useOpenSignInFor('recommendations');
  const cardActions = useLibraryCardActions();
  useDocumentTitle('Recommendations');
  return (
    <Page>
      {session.status === 'member' ? (
        <LibraryView
          heading="Recommended for you"
          scope="recommended"
          onSignInRequested={unlockNsfw}
          {...cardActions}
        />
      ) : session.status === 'guest' ? (
        <LibraryMarketing title="Recommendations made for you" onSignIn={openSignIn} />
      ) : null}
    </Page>
  );
}

export function FavoriteBotsPage() {
  const session = useSession();
  const unlockNsfw = useOpenSignInFor('nsfw');
  const openSignIn = useOpenSignInFor('favorite');
  const cardActions = useLibraryCardActions();
  useDocumentTitle('Favorite Chatbots');
  return (
    <Page>
      {session.status === 'member' ? (
        <LibraryView
          heading="Favorite Chatbots"
          scope="favorites"
          onSignInRequested={unlockNsfw}
          {...cardActions}
          empty={
            <EmptyState title="No favorites yet">
              <p>Favorite the chatbots you like to find them here.</p>
              <Link href={paths.home.build()} asChild>
                <ButtonAnchor $variant="primary">Explore Chatbots</ButtonAnchor>
              </Link>
            </EmptyState>
          }
        />
      ) : session.status === 'guest' ? (
        <LibraryMarketing title="Keep your favorite chatbots" onSignIn={openSignIn} />
      ) : null}
    </Page>
  );
}

export function CreatorPage({ username }: { username: string }) {
  const unlockNsfw = useOpenSignInFor('nsfw');
  const cardActions = useLibraryCardActions();
  const heading = `@${username}'s Chatbots`;
  useDocumentTitle(heading);
  return (
    <Page>
      <LibraryView
        heading={heading}
        scope="creator"
        creator={username}
        onSignInRequested={unlockNsfw}
        creatorNotFound={<Redirect to={paths.userNotFound.build()} replace />}
        {...cardActions}
      />
    </Page>
  );
}
