/**
 * The "Age verification" required dialog (product-core.md §2 and §4): shown to members whose status is
 * verify or reverify, once per browser session; "Get verified later" is remembered for the browser session.
 */
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { readStored, writeStored } from '../../../lib/browser-storage';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadAgeVerification } from '../api';
import { formatDeadline, isRequired } from '../deadline';

function wasDismissed(): boolean {
  return readStored('ageVerificationDismissed', z.boolean()) === true;
}

/** Storage can be unavailable (private mode); the dialog then shows again next load. */
function rememberDismissed(): void {
  writeStored('ageVerificationDismissed', true);
}

interface Props {
  /** Only members are asked; the page passes whether someone is signed in. */
  memberId: string | null;
  /** Hidden on the verification pages themselves. */
  isSuppressed: boolean;
  onVerifyNow: () => void;
}

export function AgeVerificationRequiredDialog({ memberId, isSuppressed, onVerifyNow }: Props) {
  const [isDismissed, setIsDismissed] = useState(wasDismissed);
  if (memberId === null || isDismissed || isSuppressed) return null;
  return (
    <RequiredDialogLoader
      memberId={memberId}
      onDismiss={() => {
        rememberDismissed();
        setIsDismissed(true);
      }}
      onVerifyNow={() => {
        rememberDismissed();
        setIsDismissed(true);
        onVerifyNow();
      }}
    />
  );
}

function RequiredDialogLoader({
  memberId,
  onDismiss,
  onVerifyNow,
}: {
  memberId: string;
  onDismiss: () => void;
  onVerifyNow: () => void;
}) {
  const { api } = useServices();
  const query = useQuery(`age-verification-dialog:${memberId}`, (signal) =>
    loadAgeVerification(api, signal),
  );
  if (query.status !== 'success' || !isRequired(query.data.status)) return null;
  return (
    <Modal
      title="Age verification"
      onClose={onDismiss}
      actions={
        <>
          <Button $variant="secondary" onClick={onDismiss}>
            Get verified later
          </Button>
          <Button $variant="primary" onClick={onVerifyNow}>
            Get verified now
          </Button>
        </>
      }
    >
      <p>
        Age verification is required by {formatDeadline(query.data.deadline)}. Verify your age to
        keep access to your account.
      </p>
    </Modal>
  );
}
