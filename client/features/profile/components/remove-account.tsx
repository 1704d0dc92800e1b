/**
 * Account removal (product-rules.md §4): a confirm dialog whose Delete button counts down from the
 * limit plus one, one a second, and is enabled at zero; then DELETE /api/me and sign out locally. With
 * an active subscription a warning comes first: deleting cancels it; Manage Subscription or Proceed.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button, ButtonAnchor } from '../../../components/button';
import { useMe } from '../../../lib/member';
import { paths } from '../../../lib/paths';
import { Modal } from '../../../components/modal';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { removeAccount } from '../api';
import { FieldError } from '../../../components/form-controls';

const countdownLimit = 5;

function RemoveAccountDialog({
  onClose,
  onRemoved,
}: {
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { api, session } = useServices();
  const [left, setLeft] = useState(countdownLimit + 1);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setLeft((n) => n - 1);
    }, 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [left]);

  const remove = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await removeAccount(api);
      session.clear();
      onRemoved();
    } catch (err) {
      setError(errorText(toApiError(err)));
      setIsBusy(false);
    }
  };

  return (
    <Modal
      title="Delete Account"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            $variant="danger"
            disabled={left > 0 || isBusy}
            onClick={() => {
              void remove();
            }}
          >
            {left > 0 ? `Delete Account (${left})` : 'Delete Account'}
          </Button>
        </>
      }
    >
      <p>
        This removes your account, your chats and your sign-in. It cannot be undone. Are you sure?
      </p>
      {error !== null && <FieldError role="alert">{error}</FieldError>}
    </Modal>
  );
}

/** The warning before removal when the member's subscription still renews or is due. */
function SubscriptionWarning({
  onClose,
  onProceed,
}: {
  onClose: () => void;
  onProceed: () => void;
}) {
  return (
    <Modal
      title="You have an active subscription"
      onClose={onClose}
      actions={
        <>
          <Link href={paths.manageSubscription.build()} asChild>
            <ButtonAnchor $variant="primary">Manage Subscription</ButtonAnchor>
          </Link>
          <Button $variant="danger" onClick={onProceed}>
            Proceed
          </Button>
        </>
      }
    >
      <p>Deleting your account cancels your subscription. You will lose access to your plan.</p>
    </Modal>
  );
}

export function RemoveAccount({ onRemoved }: { onRemoved: () => void }) {
  const me = useMe();
  const [step, setStep] = useState<'closed' | 'warning' | 'confirm'>('closed');
  const status = me?.subscription?.status;
  const hasActiveSubscription = status === 'active' || status === 'grace';
  return (
    <>
      <Button
        $variant="danger"
        onClick={() => {
          setStep(hasActiveSubscription ? 'warning' : 'confirm');
        }}
      >
        Delete Account
      </Button>
      {step === 'warning' && (
        <SubscriptionWarning
          onClose={() => {
            setStep('closed');
          }}
          onProceed={() => {
            setStep('confirm');
          }}
        />
      )}
      {step === 'confirm' && (
        <RemoveAccountDialog
          onClose={() => {
            setStep('closed');
          }}
          onRemoved={onRemoved}
        />
      )}
    </>
  );
}
