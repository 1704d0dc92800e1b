import styled from 'styled-components';
import { PlanList } from '../../features/plans/components/plan-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

/**
 * /subscribe: where "Upgrade to skip the line" leads. It lists the paid plans and says plainly that
 * they cannot be bought here yet, rather than offering a checkout that does not exist.
 */
export function SubscribePage() {
  useDocumentTitle('Plans');
  return (
    <Page>
      <Heading>Plans</Heading>
      <Intro>
        Every paid plan skips the waiting line. Subscriptions can’t be bought on this site yet, so
        there is nothing to pay for here today: this is what each plan includes.
      </Intro>
      <PlanList />
    </Page>
  );
}

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xxl};
`;

const Intro = styled.p`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: ${({ theme }) => theme.space.md} 0 ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.textMuted};
`;
