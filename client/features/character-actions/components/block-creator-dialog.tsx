/**
 * Block Creator's confirm (product-core.md, "Card actions" and the chat screen's modals): blocking marks
 * the creator blocked in this tab, toasts, and tells the caller, which takes the bot out of view.
 */
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorModal } from '../../../components/error-modal';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { setBlocked } from '../api';
import { blockedUsernamesAtom } from '../atoms';

export const blockTexts = {
  blocked: (username: string) => `@${username} blocked`,
} as const;

export function BlockCreatorDialog({
  creator,
  onBlocked,
  onClose,
}: {
  creator: string;
  onBlocked?: () => void;
  onClose: () => void;
}) {
  const { api } = useServices();
  const toast = useToast();
  const setBlockedNames = useSetAtom(blockedUsernamesAtom);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const block = async () => {
    setIsBusy(true);
    try {
      await setBlocked(api, creator, true);
      setBlockedNames((names) => new Set(names).add(creator.toLowerCase()));
      toast(blockTexts.blocked(creator));
      onClose();
      onBlocked?.();
    } catch (err) {
      setError(toApiError(err));
    } finally {
      setIsBusy(false);
    }
  };

  if (error !== null) return <ErrorModal message={errorText(error)} onClose={onClose} />;
  return (
    <ConfirmDialog
      title={`Block @${creator}?`}
      confirmLabel="Block"
      isBusy={isBusy}
      onConfirm={() => {
        void block();
      }}
      onCancel={onClose}
    >
      <p>
        You will no longer see chatbots by @{creator} or be able to chat with them. You can unblock
        them from Blocked Creators.
      </p>
    </ConfirmDialog>
  );
}
