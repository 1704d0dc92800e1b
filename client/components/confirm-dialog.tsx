/**
 * A yes/no question before an action that cannot be undone at once (block a creator, delete a chatbot):
 * Cancel first, the action named on its button. The button shows the action running and the dialog
 * stays until the caller closes it.
 */
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isBusy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button $variant="danger" onClick={onConfirm} disabled={isBusy} aria-busy={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
