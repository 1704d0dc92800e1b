/**
 * The Update Email page (product-core.md §2): a member adds an email (their provider shared none, or only
 * a relay address) or changes it: the new address, then the 6-digit code mailed to it. Nothing changes
 * until the code is confirmed.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { EmailCodeSteps } from '../../../components/email-code-steps';
import { Actions, Card } from '../../../components/form-controls';
import { toApiError } from '../../../lib/api-client';
import { formErrorText } from '../../../lib/errors';
import { useMemberChanged } from '../../../lib/member';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { confirmNewEmail, sendEmailChangeCode } from '../api';

export function UpdateEmail({
  onContinue,
  onCancel,
}: {
  onContinue: (hasUsername: boolean) => void;
  /** Leaves without a change (back to the profile); absent where an email is required. */
  onCancel?: () => void;
}) {
  const { api } = useServices();
  const state = useSession();
  const memberChanged = useMemberChanged();
  const id = useId();
  const [saved, setSaved] = useState<string | null>(null);

  if (state.status !== 'member') return null;
  const { username, email: current } = state.session.user;
  const failed = (err: unknown) => formErrorText(toApiError(err));

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Update Email</h1>
      {saved !== null ? (
        <>
          <p role="status">
            Your email is now <strong>{saved}</strong>.
          </p>
          <Actions>
            <Button
              $variant="primary"
              onClick={() => {
                onContinue(username !== null);
              }}
            >
              Continue
            </Button>
          </Actions>
        </>
      ) : (
        <EmailCodeSteps
          emailIntro={
            current === null
              ? 'Your account needs an email address. We will send it a code.'
              : `Your email is ${current}. Enter the new one and we will send it a code.`
          }
          sendLabel="Send Code"
          verifyLabel="Save Email"
          secondaryAction={
            onCancel === undefined || current === null ? undefined : (
              <Button onClick={onCancel}>Cancel</Button>
            )
          }
          sendCode={(email) =>
            sendEmailChangeCode(api, email).then(
              () => null,
              (err: unknown) => failed(err),
            )
          }
          verifyCode={async (email, code) => {
            try {
              const address = await confirmNewEmail(api, email, code);
              memberChanged({ email: address });
              setSaved(address);
              return null;
            } catch (err) {
              return failed(err);
            }
          }}
        />
      )}
    </Card>
  );
}
