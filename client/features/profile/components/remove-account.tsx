/**
 * Account removal (product-rules.md §4): a confirm dialog whose Delete button counts down from the
 * limit plus one, one a second, and is enabled at zero; then DELETE /api/me and sign out locally.
 */
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
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

export function RemoveAccount({ onRemoved }: { onRemoved: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        $variant="danger"
        onClick={() => {
          setIsOpen(true);
        }}
      >
        Delete Account
      </Button>
      {isOpen && (
        <RemoveAccountDialog
          onClose={() => {
            setIsOpen(false);
          }}
          onRemoved={onRemoved}
        />
      )}
    </>
  );
}
