/** /age-verification/callback: finalizes the session the provider returned with, then shows the result. */
import styled from 'styled-components';
import { Link } from 'wouter';
import { ButtonAnchor } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { finalizeVerification } from '../api';

interface Props {
  sessionId: string | null;
  homeHref: string;
  retryHref: string;
}

export function AgeVerificationCallback({ sessionId, homeHref, retryHref }: Props) {
  const { api } = useServices();
  const query = useQuery(`age-verification-finalize:${sessionId ?? ''}`, (signal) =>
    sessionId === null
      ? Promise.resolve({ verified: false })
      : // Finalizing is idempotent on the server, so a repeated call (Strict Mode) is harmless.
        finalizeVerification(api, sessionId, signal),
  );

  if (query.status === 'loading') return <Spinner label="Checking your verification" />;
  const isVerified = query.status === 'success' && query.data.verified;

  return (
    <Section aria-labelledby="age-verification-result" aria-live="polite">
      {isVerified ? (
        <>
          <Heading id="age-verification-result">You are verified</Heading>
          <Text>Thank you. Your age has been verified.</Text>
          <Link href={homeHref} asChild>
            <ButtonAnchor $variant="primary">Continue to home</ButtonAnchor>
          </Link>
        </>
      ) : (
        <>
          <Heading id="age-verification-result">Verification failed</Heading>
          <Text role="alert">We could not verify your age with this method.</Text>
          <Link href={retryHref} asChild>
            <ButtonAnchor $variant="primary">Try another verification method</ButtonAnchor>
          </Link>
        </>
      )}
    </Section>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  max-width: ${({ theme }) => theme.size.modalWidth};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
