import styled from 'styled-components';
import { RedirectCountdown } from '../../features/plans/components/redirect-countdown';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Page } from '../layouts/page';

function ThanksPage({ to, label }: { to: string; label: string }) {
  useDocumentTitle('Thanks for subscribing');
  return (
    <Page>
      <Column>
        <h1>Thanks for subscribing!</h1>
        <RedirectCountdown to={to} label={label} />
      </Column>
    </Page>
  );
}

/** /welcome: a thanks-for-subscribing page that goes home after 10 s. */
export function WelcomePage() {
  return <ThanksPage to={paths.home.build()} label="Go to home now" />;
}

/** /welcome/subscribestar: goes to the pledge-service linking page after 10 s. */
export function WelcomePledgePage() {
  return <ThanksPage to={paths.link.build('subscribestar')} label="Link your account now" />;
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.size.readingWidth};

  h1 {
    font-size: ${({ theme }) => theme.font.size.xxl};
  }
`;
