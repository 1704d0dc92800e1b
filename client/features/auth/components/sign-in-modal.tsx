/**
 * The Sign In modal (product-core.md, "Sign-in modal"): an email step with Continue, then the emailed
 * 6-digit code, plus the OAuth buttons the server lists. Errors show under the field they concern;
 * closing unmounts it, which resets it.
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

export function SignInModal({ onClose }: { onClose: () => void }) {
  const { api, session } = useServices();
  const failed = (err: unknown) => formErrorText(toApiError(err));
  useEffect(() => {
    rememberSignInOrigin();
  }, []);
  return (
    <Modal title="Sign In" onClose={onClose}>
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
