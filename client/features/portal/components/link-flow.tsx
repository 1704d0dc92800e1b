/**
 * Linking a pledge-service account (product-rules.md §2, §4 "Link flow", §8): Link sends the browser to
 * the service's sign-in, which comes back with a code and state to finish with; or the service hands a
 * one-time transient id in the path. States: in progress, success, invalid_pledge, error, each with the
 * spec's text.
 */
import { paths } from '../../../lib/paths';
import { useState } from 'react';
import styled from 'styled-components';
import type { LinkStatus } from '#shared/api/billing';
import { Button } from '../../../components/button';
import { FieldError } from '../../../components/form-controls';
import { Spinner } from '../../../components/spinner';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { finishLink, linkTransient, pledgeAuthorizeUrl, type PledgeService } from '../api';

export const linkTexts: Record<LinkStatus, string> = {
  success: 'Your account was succesfully linked. Please reload the page...',
  invalid_pledge: 'No active pledge found',
  error: 'There was an error linking your account.',
};

const serviceNames: Record<PledgeService, string> = { subscribestar: 'SubscribeStar' };

export function isPledgeService(service: string): service is PledgeService {
  return service === 'subscribestar';
}

/** The outcome of a finished attempt: the spec's text, and Try again after a failure. */
function LinkOutcome({ status, onRetry }: { status: LinkStatus; onRetry: () => void }) {
  return (
    <>
      <Outcome role={status === 'success' ? 'status' : 'alert'} $isGood={status === 'success'}>
        {linkTexts[status]}
      </Outcome>
      {status === 'success' ? (
        <Button
          $variant="primary"
          onClick={() => {
            // A fresh load of where the pledge is managed: this address holds a code already spent.
            window.location.assign(paths.manageSubscription.build());
          }}
        >
          Reload
        </Button>
      ) : (
        <Button onClick={onRetry}>Try again</Button>
      )}
    </>
  );
}

/** Finishing an attempt the browser came back from (a code and state, or a transient id). */
export function LinkFinish({
  service,
  input,
  onRestart,
}: {
  service: PledgeService;
  input:
    | { kind: 'code'; code: string; state: string; redirectUrl: string }
    | { kind: 'transient'; transientId: string };
  onRestart: () => void;
}) {
  const { api } = useServices();
  const key = input.kind === 'code' ? `link:${input.state}` : `link:${input.transientId}`;
  const result = useQuery(key, (signal) =>
    input.kind === 'code'
      ? finishLink(api, service, input, signal)
      : linkTransient(api, service, input.transientId, signal),
  );
  if (result.status === 'loading') return <Spinner label="Linking your account" />;
  // A refusal of the call itself (a malformed id, say) is the flow's error state too.
  const status: LinkStatus = result.status === 'success' ? result.data.status : 'error';
  return <LinkOutcome status={status} onRetry={onRestart} />;
}

/** The start: Link sends the browser to the service's sign-in. */
export function LinkStart({ service, returnUrl }: { service: PledgeService; returnUrl: string }) {
  const { api } = useServices();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setIsBusy(true);
    setError(null);
    try {
      window.location.assign(await pledgeAuthorizeUrl(api, service, returnUrl));
    } catch (err) {
      setError(errorText(toApiError(err)));
      setIsBusy(false);
    }
  };
  return (
    <>
      <p>Link your {serviceNames[service]} account to get the plan your pledge includes here.</p>
      <Button
        $variant="primary"
        disabled={isBusy}
        aria-busy={isBusy}
        onClick={() => {
          void start();
        }}
      >
        {isBusy ? 'Opening…' : `Link ${serviceNames[service]} account`}
      </Button>
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </>
  );
}

export { serviceNames };

const Outcome = styled.p<{ $isGood: boolean }>`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $isGood }) => ($isGood ? theme.color.chip : theme.color.dangerSurface)};
  color: ${({ theme, $isGood }) => ($isGood ? theme.color.onChip : theme.color.danger)};
`;
