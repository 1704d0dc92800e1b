/**
 * The Sign In modal (product-core.md, "Sign-in modal"): why it opened when an action asked for it, an
 * email step with Continue, then the emailed 6-digit code, plus the OAuth buttons the server lists.
 * Errors show under the field they concern; closing unmounts it, which resets it.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { oauthStartPath, type OAuthProviderName } from '#shared/api/auth';
import { Button } from '../../../components/button';
import { EmailCodeSteps } from '../../../components/email-code-steps';
import { Modal } from '../../../components/modal';
import { NewTabLink } from '../../../components/new-tab-link';
import { toApiError } from '../../../lib/api-client';
import { formErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { signInReasonText, type SignInReason } from '../../../lib/sign-in-request';
import { useQuery } from '../../../lib/use-query';
import { loadSignInProviders, sendSignInCode, verifySignInCode } from '../api';
import { rememberSignInOrigin } from '../sign-in-origin';

/** Button texts of the spec's sign-in modal, in its order. */
const providerLabels: Record<OAuthProviderName, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
  x: 'Continue with X',
  discord: 'Continue with Discord',
};
const providerOrder: readonly OAuthProviderName[] = ['google', 'apple', 'x', 'discord'];

/** The OAuth buttons the server offers; each sends the browser to the provider (full page). */
function ProviderButtons() {
  const { api } = useServices();
  const providers = useQuery('sign-in-providers', (signal) => loadSignInProviders(api, signal));
  if (providers.status !== 'success' || providers.data.length === 0) return null;
  const offered = providerOrder.filter((p) => providers.data.includes(p));
  return (
    <Providers aria-label="Other ways to sign in">
      <Divider aria-hidden="true">or</Divider>
      {offered.map((provider) => (
        <Button
          key={provider}
          onClick={() => {
            window.location.assign(oauthStartPath(provider));
          }}
        >
          {providerLabels[provider]}
        </Button>
      ))}
    </Providers>
  );
}

export function SignInModal({
  reason,
  then,
  onClose,
}: {
  /** What the guest tried that needs an account, said first; null when they pressed Sign In. */
  reason: SignInReason | null;
  /** The page to go to once signed in, also where a new member returns after sign-up. */
  then: string | null;
  onClose: () => void;
}) {
  const { api, session } = useServices();
  const failed = (err: unknown) => formErrorText(toApiError(err));
  useEffect(() => {
    rememberSignInOrigin(then);
  }, [then]);
  const why = signInReasonText(reason);
  return (
    <Modal title="Sign In" onClose={onClose}>
      {why !== null && (
        <Reason>
          {why}. <span>It is free, and only an email is required.</span>
        </Reason>
      )}
      <EmailCodeSteps
        emailIntro="Enter your email and we will send you a sign-in code."
        sendLabel="Continue"
        verifyLabel="Sign In"
        sendCode={(email) =>
          sendSignInCode(api, email).then(
            () => null,
            (err: unknown) => failed(err),
          )
        }
        verifyCode={async (email, code) => {
          try {
            session.signIn(await verifySignInCode(api, email, code));
            onClose();
            return null;
          } catch (err) {
            return failed(err);
          }
        }}
        secondaryAction={<Button onClick={onClose}>Cancel</Button>}
        emailStepFooter={<ProviderButtons />}
      />
      <Legal>
        By continuing you agree to our{' '}
        <NewTabLink href={paths.legal.build('terms')}>Terms</NewTabLink> and{' '}
        <NewTabLink href={paths.legal.build('privacy')}>Privacy Policy</NewTabLink>.
      </Legal>
    </Modal>
  );
}

/** Why the dialog opened, above everything else (issue 28 §11). */
const Reason = styled.p`
  margin-bottom: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.text};
  font-weight: ${({ theme }) => theme.font.weight.medium};

  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: ${({ theme }) => theme.font.weight.regular};
  }
`;

const Legal = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  a {
    color: ${({ theme }) => theme.color.primary};
  }
`;

const Providers = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Divider = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-align: center;
`;
