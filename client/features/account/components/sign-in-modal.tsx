/**
 * The Sign In modal (product-core.md, "Sign-in modal"): an email step with Continue, then the emailed
 * 6-digit code. Errors show under the field they concern; closing unmounts it, which resets it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { LoginCodeSchema, oauthStartPath, type OAuthProviderName } from '#shared/api/auth';
import { EmailSchema } from '#shared/schemas/user';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadSignInProviders, sendSignInCode, verifySignInCode } from '../api';
import { signInErrorText } from '../sign-in-errors';
import { FieldError, Input, Label } from './form-fields';

type Step = { name: 'email' } | { name: 'code'; email: string };

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
  const formId = useId();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step.name === 'code' ? codeRef : emailRef).current?.focus();
  }, [step.name]);

  const sendCode = async (address: string, isResend: boolean) => {
    setIsBusy(true);
    setError(null);
    setNotice(null);
    try {
      await sendSignInCode(api, address);
      setStep({ name: 'code', email: address });
      if (isResend) {
        setCode('');
        setNotice('A new code is on its way.');
      }
    } catch (err) {
      setError(signInErrorText(toApiError(err)));
    } finally {
      setIsBusy(false);
    }
  };

  const verify = async (address: string) => {
    const parsed = LoginCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setIsBusy(true);
    setError(null);
    setNotice(null);
    try {
      session.signIn(await verifySignInCode(api, address, parsed.data));
      onClose();
    } catch (err) {
      setError(signInErrorText(toApiError(err)));
      setIsBusy(false);
    }
  };

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isBusy) return;
    if (step.name === 'code') {
      void verify(step.email);
      return;
    }
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    void sendCode(parsed.data, false);
  };

  const errorId = `${formId}-error`;
  const fieldProps = {
    'aria-invalid': error === null ? undefined : true,
    'aria-describedby': error === null ? undefined : errorId,
  };

  return (
    <Modal
      title="Sign In"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={formId} $variant="primary" disabled={isBusy}>
            {step.name === 'email' ? 'Continue' : 'Sign In'}
          </Button>
        </>
      }
    >
      <Form id={formId} onSubmit={onSubmit} noValidate>
        {step.name === 'email' ? (
          <>
            <Intro>Enter your email and we will send you a sign-in code.</Intro>
            <Label htmlFor={`${formId}-email`}>Email</Label>
            <Input
              ref={emailRef}
              id={`${formId}-email`}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              {...fieldProps}
            />
          </>
        ) : (
          <>
            <Intro>
              We sent a 6-digit code to <strong>{step.email}</strong>. Enter it below, or open the
              link in that email.
            </Intro>
            <Label htmlFor={`${formId}-code`}>Code</Label>
            <Input
              ref={codeRef}
              id={`${formId}-code`}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, ''));
                setError(null);
              }}
              {...fieldProps}
            />
          </>
        )}
        {error !== null && (
          <FieldError id={errorId} role="alert">
            {error}
          </FieldError>
        )}
        {notice !== null && <Notice role="status">{notice}</Notice>}
        {step.name === 'code' && (
          <Links>
            <LinkButton
              type="button"
              onClick={() => {
                setStep({ name: 'email' });
                setCode('');
                setError(null);
                setNotice(null);
              }}
            >
              Use another email
            </LinkButton>
            <LinkButton
              type="button"
              disabled={isBusy}
              onClick={() => {
                void sendCode(step.email, true);
              }}
            >
              Send a new code
            </LinkButton>
          </Links>
        )}
      </Form>
      {step.name === 'email' && <ProviderButtons />}
    </Modal>
  );
}

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

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Intro = styled.p`
  margin-bottom: ${({ theme }) => theme.space.sm};
  overflow-wrap: anywhere;

  strong {
    color: ${({ theme }) => theme.color.text};
  }
`;

const Notice = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
`;

const LinkButton = styled.button`
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  text-decoration: underline;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;
