/**
 * The two steps every emailed-code flow shares (sign-in, and adding or changing an email): an email
 * field, then the 6-digit code mailed to it, which submits by itself once all six digits are in. The
 * caller does the calls: `sendCode` and `verifyCode` resolve to an error text to show under the field,
 * or null when done. Use another email and Send a new code sit under the code field.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { LoginCodeSchema } from '#shared/api/auth';
import { EmailSchema } from '#shared/schemas/user';
import { Button, LinkButton } from './button';
import { Actions, Form } from './form-controls';
import { TextField } from './text-field';

const codeLength = 6;

export interface EmailCodeStepsProps {
  /** An address already typed elsewhere, to start from. */
  initialEmail?: string;
  /** A line above the email field. */
  emailIntro: ReactNode;
  /** The email step's submit button (Continue, Send Code). */
  sendLabel: string;
  /** The code step's submit button (Sign In, Save Email). */
  verifyLabel: string;
  /** Mails a code to the (parsed) address; resolves to an error text, or null when sent. */
  sendCode: (email: string) => Promise<string | null>;
  /** Checks the code; resolves to an error text, or null when done (the caller moves on). */
  verifyCode: (email: string, code: string) => Promise<string | null>;
  /** A button beside the submit button (Cancel in a dialog). */
  secondaryAction?: ReactNode;
  /** What follows the form on the email step only (other ways to sign in). */
  emailStepFooter?: ReactNode;
}

type Step = { name: 'email' } | { name: 'code'; email: string };

export function EmailCodeSteps({
  initialEmail = '',
  emailIntro,
  sendLabel,
  verifyLabel,
  sendCode,
  verifyCode,
  secondaryAction,
  emailStepFooter,
}: EmailCodeStepsProps) {
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    (step.name === 'code' ? codeRef : emailRef).current?.focus();
  }, [step.name]);

  /** Runs one call, showing its error; a caller that finished the flow may unmount us meanwhile. */
  const run = async (call: () => Promise<string | null>): Promise<boolean> => {
    setIsBusy(true);
    setError(null);
    setNotice(null);
    const failure = await call();
    if (!isMounted.current) return failure === null;
    setIsBusy(false);
    setError(failure);
    return failure === null;
  };

  const send = async (address: string, isResend: boolean) => {
    if (await run(() => sendCode(address))) {
      setStep({ name: 'code', email: address });
      if (isResend) {
        setCode('');
        setNotice('A new code is on its way.');
      }
    }
  };

  const verify = async (address: string, typed: string) => {
    const parsed = LoginCodeSchema.safeParse(typed);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    await run(() => verifyCode(address, parsed.data));
  };

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isBusy) return;
    if (step.name === 'code') {
      void verify(step.email, code);
      return;
    }
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    void send(parsed.data, false);
  };

  return (
    <>
      <Form onSubmit={onSubmit} noValidate>
        {step.name === 'email' ? (
          <TextField
            ref={emailRef}
            label="Email"
            note={emailIntro}
            type="email"
            inputMode="email"
            autoComplete="email"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
        ) : (
          <TextField
            ref={codeRef}
            label="Code"
            note={
              <>
                We sent a 6-digit code to <Address>{step.email}</Address>. Enter it below, or open
                the link in that email.
              </>
            }
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={codeLength}
            value={code}
            error={error}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').slice(0, codeLength);
              setCode(digits);
              setError(null);
              // A complete code (typed, pasted or filled in from the mail) submits itself.
              if (digits.length === codeLength && digits !== code && !isBusy) {
                void verify(step.email, digits);
              }
            }}
          />
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
                void send(step.email, true);
              }}
            >
              Send a new code
            </LinkButton>
          </Links>
        )}
        <Actions>
          {secondaryAction}
          <Button type="submit" $variant="primary" disabled={isBusy}>
            {step.name === 'email' ? sendLabel : verifyLabel}
          </Button>
        </Actions>
      </Form>
      {step.name === 'email' && emailStepFooter}
    </>
  );
}

const Address = styled.strong`
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
`;

const Notice = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
