/**
 * The Update Email page (product-core.md §2): a member whose provider shared no email (or only a relay
 * address) adds one: the email, then the 6-digit code mailed to it, then on to sign-up or home.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { LoginCodeSchema } from '#shared/api/auth';
import { EmailSchema } from '#shared/schemas/user';
import { Button } from '../../../components/button';
import { toApiError } from '../../../lib/api-client';
import { useServices } from '../../../lib/services';
import { sessionAtom } from '../../../lib/session';
import { confirmNewEmail, sendEmailChangeCode } from '../api';
import { meVersionAtom } from '../atoms';
import { useSession } from '../hooks/use-session';
import { signInErrorText } from '../sign-in-errors';
import {
  Actions,
  Card,
  Field,
  FieldError,
  FieldNote,
  Form,
  Input,
  Label,
  errorProps,
} from './form-fields';

type Step = { name: 'email' } | { name: 'code'; email: string } | { name: 'saved'; email: string };

export function UpdateEmail({
  onContinue,
  initialEmail = '',
}: {
  onContinue: (hasUsername: boolean) => void;
  /** An address the member already typed (on Welcome Aboard), to send the code to. */
  initialEmail?: string;
}) {
  const { api } = useServices();
  const state = useSession();
  const setSession = useSetAtom(sessionAtom);
  const bumpMe = useSetAtom(meVersionAtom);
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [step.name]);

  if (state.status !== 'member') return null;
  const hasUsername = state.session.user.username !== null;

  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isBusy) return;
    if (step.name === 'email') {
      const parsed = EmailSchema.safeParse(email);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
        return;
      }
      setIsBusy(true);
      setError(null);
      sendEmailChangeCode(api, parsed.data).then(
        () => {
          setStep({ name: 'code', email: parsed.data });
          setIsBusy(false);
        },
        (err: unknown) => {
          setError(signInErrorText(toApiError(err)));
          setIsBusy(false);
        },
      );
      return;
    }
    if (step.name !== 'code') return;
    const parsed = LoginCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setIsBusy(true);
    setError(null);
    confirmNewEmail(api, step.email, parsed.data).then(
      (saved) => {
        setSession((s) =>
          s.status === 'member'
            ? {
                status: 'member',
                session: { ...s.session, user: { ...s.session.user, email: saved } },
              }
            : s,
        );
        bumpMe((n) => n + 1);
        setStep({ name: 'saved', email: saved });
        setIsBusy(false);
      },
      (err: unknown) => {
        setError(signInErrorText(toApiError(err)));
        setIsBusy(false);
      },
    );
  };

  const errorId = `${id}-error`;
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Update Email</h1>
      {step.name === 'saved' ? (
        <>
          <p role="status">
            Your email is now <strong>{step.email}</strong>.
          </p>
          <Actions>
            <Button
              $variant="primary"
              onClick={() => {
                onContinue(hasUsername);
              }}
            >
              Continue
            </Button>
          </Actions>
        </>
      ) : (
        <Form onSubmit={onSubmit} noValidate>
          {step.name === 'email' ? (
            <Field>
              <FieldNote>Your account needs an email address. We will send it a code.</FieldNote>
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                ref={inputRef}
                id={`${id}-email`}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                {...errorProps(errorId, error)}
              />
            </Field>
          ) : (
            <Field>
              <FieldNote>
                We sent a 6-digit code to <strong>{step.email}</strong>.
              </FieldNote>
              <Label htmlFor={`${id}-code`}>Code</Label>
              <Input
                ref={inputRef}
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, ''));
                  setError(null);
                }}
                {...errorProps(errorId, error)}
              />
            </Field>
          )}
          {error !== null && (
            <FieldError id={errorId} role="alert">
              {error}
            </FieldError>
          )}
          <Actions>
            {step.name === 'code' && (
              <Button
                onClick={() => {
                  setStep({ name: 'email' });
                  setCode('');
                  setError(null);
                }}
              >
                Use another email
              </Button>
            )}
            <Button type="submit" $variant="primary" disabled={isBusy}>
              {step.name === 'email' ? 'Send Code' : 'Save Email'}
            </Button>
          </Actions>
        </Form>
      )}
    </Card>
  );
}
