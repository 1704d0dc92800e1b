/**
 * /age-verification (product-core.md §4, "Age verification flow"): the member's status and the methods;
 * choosing one starts a session and sends the whole browser to the provider's page.
 */
import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ErrorState } from '../../../components/state-panel';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadAgeVerification, startVerification, type AgeVerificationInfo } from '../api';
import { formatDeadline, isRequired } from '../deadline';

interface Props {
  /** Guests see this (a sign-in prompt) instead of the methods. */
  isMember: boolean;
  signIn: ReactNode;
  /** Full-page navigation to the provider; tests may replace it. */
  openProvider?: (url: string) => void;
}

export function AgeVerificationStatus({ isMember, signIn, openProvider }: Props) {
  return (
    <Section aria-labelledby="age-verification-title">
      <Heading id="age-verification-title">Age verification</Heading>
      {isMember ? (
        <MemberStatus openProvider={openProvider} />
      ) : (
        <>
          <Text>Sign in to verify your age.</Text>
          <div>{signIn}</div>
        </>
      )}
    </Section>
  );
}

export function statusText(info: Pick<AgeVerificationInfo, 'status' | 'deadline'>): string {
  if (info.status === 'verified') return 'You are verified.';
  if (info.status === 'disabled') return 'Age verification is not needed where you are.';
  if (isRequired(info.status)) {
    return `Age verification is required by ${formatDeadline(info.deadline)}. Verify your age to keep access.`;
  }
  return "Don't lose access: verify your age now so your account keeps working.";
}

function MemberStatus({ openProvider }: { openProvider?: (url: string) => void }) {
  const { api } = useServices();
  const query = useQuery('age-verification', (signal) => loadAgeVerification(api, signal));
  const [startingId, setStartingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (query.status === 'loading') return <Spinner label="Loading" />;
  if (query.status === 'error') {
    return <ErrorState message={errorText(query.error)} onRetry={query.retry} />;
  }
  const info = query.data;

  const choose = (methodId: string) => {
    setStartingId(methodId);
    setError(null);
    startVerification(api, methodId).then(
      (url) => {
        (openProvider ?? ((to: string) => window.location.assign(to)))(url);
      },
      (err: unknown) => {
        setStartingId(null);
        setError(errorText(toApiError(err)));
      },
    );
  };

  return (
    <>
      <Text>{statusText(info)}</Text>
      {info.status !== 'verified' && info.status !== 'disabled' && info.methods.length > 0 && (
        <>
          <SubHeading>Choose a verification method</SubHeading>
          <Methods>
            {info.methods.map((method) => (
              <li key={method.id}>
                <Button
                  $variant="primary"
                  disabled={startingId !== null}
                  aria-busy={startingId === method.id}
                  onClick={() => {
                    choose(method.id);
                  }}
                >
                  {method.name}
                </Button>
              </li>
            ))}
          </Methods>
        </>
      )}
      {error !== null && <ErrorText role="alert">{error}</ErrorText>}
    </>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.modalWidth};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const SubHeading = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
`;

const Methods = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;

  & button {
    width: 100%;
    white-space: normal;
  }
`;
