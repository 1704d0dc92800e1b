/**
 * The queue dashboard is served by the server itself (Bull Board, admins only), not by this app, so it
 * opens in a tab of its own and the admin screens stay where they were. A page load carries no bearer
 * token, so the button first asks the server for the dashboard's cookie, then points the tab there.
 * The tab is opened at the click itself, as browsers allow, and closed again if the server refuses.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { openQueueDashboard } from '../api';

export function QueueDashboardLink() {
  const { api } = useServices();
  const [isOpening, setIsOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    const tab = window.open('', '_blank');
    setIsOpening(true);
    setError(null);
    openQueueDashboard(api).then(
      (url) => {
        setIsOpening(false);
        if (tab === null) window.location.assign(url);
        else tab.location.assign(url);
      },
      (err: unknown) => {
        tab?.close();
        setIsOpening(false);
        setError(errorText(toApiError(err)));
      },
    );
  };
  return (
    <Wrap>
      <Button type="button" $variant="secondary" $size="sm" onClick={open} disabled={isOpening}>
        {isOpening ? 'Opening…' : 'Queue dashboard'}
      </Button>
      {error !== null && <Error role="alert">{error}</Error>}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Error = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
