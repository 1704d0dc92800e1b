/**
 * Sign-up completion (product-core.md §2 and §4, "Onboarding"): Welcome Aboard (username with live
 * availability, display name, an email only when the member has none, age and terms), then Community
 * Guidelines (Start Chatting submits), then the "I'm interested in..." modal. The step and what was typed
 * are kept per email; `username_taken` sends the member back to the first step. The same steps show on
 * the /signup page or, with the onboarding v2 flag, as a modal over the current page.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { EmailSchema, type Me } from '#shared/schemas/user';
import { Button } from '../../../components/button';
import { EmailCodeSteps } from '../../../components/email-code-steps';
import { Actions, Card, FieldNote, Form } from '../../../components/form-controls';
import { FormError } from '../../../components/form-error';
import { IdentityFields, identityErrors } from '../../../components/identity-fields';
import { ModalFrame } from '../../../components/modal';
import { NewTabLink } from '../../../components/new-tab-link';
import { CheckboxField } from '../../../components/checkbox-field';
import { TextField } from '../../../components/text-field';
import { toApiError } from '../../../lib/api-client';
import { errorText, formErrorText } from '../../../lib/errors';
import { useMemberChanged } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { useUsernameCheck } from '../../../lib/use-username-check';
import { confirmEmail, sendEmailCode, submitOnboarding } from '../api';
import { isChoosingInterestsAtom } from '../atoms';
import { clearDraft, readDraft, writeDraft, type OnboardingDraft } from '../onboarding-draft';

const ageText = 'You must confirm that you are 18 years or older.';
const termsText = 'You must agree with the terms and conditions.';
const guidelinesText = 'You must agree with the Community Guidelines';

type Errors = Partial<
  Record<'username' | 'name' | 'email' | 'age' | 'toc' | 'guidelines' | 'form', string>
>;

function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

export type OnboardingVariant = 'page' | 'modal';

export function Onboarding({
  onDone,
  variant = 'page',
}: {
  onDone: () => void;
  variant?: OnboardingVariant;
}) {
  const state = useSession();
  if (state.status !== 'member') return null;
  const user = state.session.user;
  return <OnboardingForm key={user.id} user={user} onDone={onDone} variant={variant} />;
}

function OnboardingForm({
  user,
  onDone,
  variant,
}: {
  user: Me;
  onDone: () => void;
  variant: OnboardingVariant;
}) {
  const { api } = useServices();
  const memberChanged = useMemberChanged();
  const owner = user.email ?? user.id;
  const needsEmail = user.email === null;
  const id = useId();
  const [draft, setDraft] = useState<OnboardingDraft>(() => readDraft(owner));
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setIsBusy] = useState(false);
  /** Sign-up is done: the interests step follows over the page the member goes on to. */
  const [isFinished, setIsFinished] = useState(false);
  const startInterests = useSetAtom(isChoosingInterestsAtom);
  const finish = () => {
    setIsFinished(true);
    startInterests(true);
    onDone();
  };
  /** An email typed on Welcome Aboard: it is confirmed with a code before it is kept. */
  const [emailToConfirm, setEmailToConfirm] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const check = useUsernameCheck(draft.username);

  // Once submitted, the draft is gone for good (the email may change while it is confirmed).
  const isSubmitted = isFinished || emailToConfirm !== null;
  useEffect(() => {
    if (!isSubmitted) writeDraft(owner, draft);
  }, [owner, draft, isSubmitted]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [draft.step]);

  const update = (changes: Partial<OnboardingDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setErrors((e) => {
      const next = { ...e, form: undefined };
      for (const key of Object.keys(changes)) {
        if (key === 'username' || key === 'name' || key === 'email') next[key] = undefined;
        if (key === 'age' || key === 'toc' || key === 'guidelines') next[key] = undefined;
      }
      return next;
    });
  };

  const validateFirst = (): Errors => {
    const found: Errors = {
      ...identityErrors(draft, check),
      email:
        needsEmail && draft.email.trim() !== ''
          ? firstIssue(EmailSchema.safeParse(draft.email))
          : undefined,
      age: draft.age ? undefined : ageText,
      toc: draft.toc ? undefined : termsText,
    };
    return found;
  };

  const hasAny = (found: Errors) => Object.values(found).some((v) => typeof v === 'string');

  const onContinue = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const found = validateFirst();
    setErrors(found);
    if (hasAny(found)) return;
    update({ step: 2 });
  };

  const onFinish = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (isBusy) return;
    if (!draft.guidelines) {
      setErrors({ guidelines: guidelinesText });
      return;
    }
    const first = validateFirst();
    if (hasAny(first)) {
      setErrors(first);
      update({ step: 1 });
      return;
    }
    setIsBusy(true);
    try {
      const me = await submitOnboarding(api, { username: draft.username, name: draft.name });
      clearDraft(owner);
      memberChanged(me);
      const email = needsEmail ? draft.email.trim() : '';
      if (email === '') finish();
      else setEmailToConfirm(email);
    } catch (err) {
      const error = toApiError(err);
      if (error.code === 'username_taken') {
        setDraft((d) => ({ ...d, step: 1 }));
        setErrors({ username: errorText({ code: 'username_taken' }) });
      } else if (error.field === 'username' || error.field === 'name' || error.field === 'email') {
        setDraft((d) => ({ ...d, step: 1 }));
        setErrors({ [error.field]: errorText(error) });
      } else {
        setErrors({ form: errorText(error) });
      }
    } finally {
      setIsBusy(false);
    }
  };

  if (isFinished) return null;

  const frame = (card: ReactNode) =>
    variant === 'modal' ? <ModalFrame labelledBy={`${id}-title`}>{card}</ModalFrame> : card;

  if (emailToConfirm !== null) {
    const failed = (err: unknown) => formErrorText(toApiError(err));
    const done = () => {
      setEmailToConfirm(null);
      finish();
    };
    return frame(
      <Card aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          Confirm your email
        </h1>
        <EmailCodeSteps
          initialEmail={emailToConfirm}
          emailIntro="We will send this address a code; the email is added once you enter it."
          sendLabel="Send Code"
          verifyLabel="Save Email"
          sendCode={(email) =>
            sendEmailCode(api, email).then(
              () => null,
              (err: unknown) => failed(err),
            )
          }
          verifyCode={async (email, code) => {
            try {
              memberChanged({ email: await confirmEmail(api, email, code) });
              done();
              return null;
            } catch (err) {
              return failed(err);
            }
          }}
          secondaryAction={<Button onClick={done}>Skip</Button>}
        />
      </Card>,
    );
  }

  if (draft.step === 2) {
    return frame(
      <Card aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          Community Guidelines
        </h1>
        <Form onSubmit={(e) => void onFinish(e)} noValidate>
          <Guidelines>
            <li>Be respectful to other people; no harassment or hate.</li>
            <li>No content involving minors, real people without consent, or illegal acts.</li>
            <li>Mark adult chatbots as NSFW and keep them private when asked to.</li>
            <li>Reports are reviewed; breaking the rules can restrict or end an account.</li>
          </Guidelines>
          <CheckboxField
            label={
              <>
                I agree to the{' '}
                <NewTabLink href={paths.legal.build('guidelines')}>Community Guidelines</NewTabLink>
              </>
            }
            checked={draft.guidelines}
            onChange={(guidelines) => {
              update({ guidelines });
            }}
            error={errors.guidelines}
          />
          <FormError error={errors.form} />
          <Actions>
            <Button
              onClick={() => {
                update({ step: 1 });
              }}
            >
              Back
            </Button>
            <Button type="submit" $variant="primary" disabled={isBusy}>
              Start Chatting
            </Button>
          </Actions>
        </Form>
      </Card>,
    );
  }

  return frame(
    <Card aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Welcome Aboard
      </h1>
      <Form onSubmit={onContinue} noValidate>
        <IdentityFields
          values={draft}
          nameLabel="Display name"
          errors={errors}
          check={check}
          onChange={update}
        />
        {needsEmail && (
          <TextField
            label="Email (optional)"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={draft.email}
            onChange={(e) => {
              update({ email: e.target.value });
            }}
            error={errors.email}
          />
        )}
        <CheckboxField
          label="I confirm that I am 18 years or older"
          checked={draft.age}
          onChange={(age) => {
            update({ age });
          }}
          error={errors.age}
        />
        <CheckboxField
          label={
            <>
              I agree with the{' '}
              <NewTabLink href={paths.legal.build('terms')}>terms and conditions</NewTabLink>
            </>
          }
          checked={draft.toc}
          onChange={(toc) => {
            update({ toc });
          }}
          error={errors.toc}
        />
        <FieldNote>Step 1 of 2</FieldNote>
        <Actions>
          <Button type="submit" $variant="primary">
            Continue
          </Button>
        </Actions>
      </Form>
    </Card>,
  );
}

const Guidelines = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding-left: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.color.textMuted};
`;
