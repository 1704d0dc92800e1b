/** The listing screens besides home: recommendations, favorites and a creator's chatbots. */
import { useSetAtom } from 'jotai';
import { Link, Redirect } from 'wouter';
import { ButtonAnchor } from '../../components/button';
import { EmptyState } from '../../components/state-panel';
import { isSignInOpenAtom } from '../../features/auth/atoms';
import { LibraryMarketing } from '../../features/library/components/library-marketing';
import { LibraryView } from '../../features/library/components/library-view';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLibraryCardActions } from '../character-menu';
import { Page } from '../layouts/page';

function useOpenSignIn(): () => void {
  const setOpen = useSetAtom(isSignInOpenAtom);
  return () => {
    setOpen(true);
  };
}

export function RecommendedBotsPage() {
  const session = useSession();
  const openSignIn = useOpenSignIn();
  const cardActions = useLibraryCardActions();
  useDocumentTitle('Recommendations');
  return (
    <Page>
      {session.status === 'member' ? (
        <LibraryView
          heading="Recommended for you"
          scope="recommended"
          onSignInRequested={openSignIn}
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
  const openSignIn = useOpenSignIn();
  const cardActions = useLibraryCardActions();
  useDocumentTitle('Favorite Chatbots');
  return (
    <Page>
      {session.status === 'member' ? (
        <LibraryView
          heading="Favorite Chatbots"
          scope="favorites"
          onSignInRequested={openSignIn}
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
  const openSignIn = useOpenSignIn();
  const cardActions = useLibraryCardActions();
  const heading = `@${username}'s Chatbots`;
  useDocumentTitle(heading);
  return (
    <Page>
      <LibraryView
        heading={heading}
        scope="creator"
        creator={username}
        onSignInRequested={openSignIn}
        creatorNotFound={<Redirect to={paths.userNotFound.build()} replace />}
        {...cardActions}
      />
    </Page>
  );
}
