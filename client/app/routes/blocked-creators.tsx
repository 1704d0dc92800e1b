import styled from 'styled-components';
import { BlockedCreatorsList } from '../../features/character-actions/components/blocked-creators-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';
import { RequirePermission } from '../route-guard';

/** /blocked-creators: members only; guests get 'You are not logged in yet!' from the guard. */
export function BlockedCreatorsPage() {
  useDocumentTitle('Blocked Creators');
  return (
    <RequirePermission permission="view_auth">
      <Page>
        <Narrow>
          <Title>Blocked Creators</Title>
          <BlockedCreatorsList />
        </Narrow>
      </Page>
    </RequirePermission>
  );
}

const Narrow = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
`;

const Title = styled.h1`
  margin-bottom: ${({ theme }) => theme.space.lg};
  font-size: ${({ theme }) => theme.font.size.xxl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;
