import { useSearch } from 'wouter';
import { useIsRemovedFromView } from '../../features/character-actions/hooks/use-removed-from-view';
import { LibraryView } from '../../features/library/components/library-view';
import { pageFromSearch } from '../../features/library/page-number';
import { WaitingRoomBanner } from '../../features/waiting-room/components/waiting-room-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CardActions } from '../character-menu';
import { Page } from '../layouts/page';

export function HomePage() {
  const page = pageFromSearch(useSearch());
  const isHidden = useIsRemovedFromView();
  useDocumentTitle(page > 1 ? `Characters, page ${page}` : null);
  return (
    <Page>
      <LibraryView
        page={page}
        notice={<WaitingRoomBanner />}
        cardActions={(character) => <CardActions character={character} />}
        isHidden={isHidden}
      />
    </Page>
  );
}
