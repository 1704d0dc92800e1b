/**
 * A yes/no question before an action (block a creator, delete a chatbot, start a new chat): Cancel
 * first, the action named on its button, styled as destructive unless the caller says it loses nothing.
 * The button shows the action running and the dialog stays until the caller closes it.
 */
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isDestructive = true,
  isBusy,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** False when nothing is lost (the chat left behind stays saved): the action is styled as primary. */
  isDestructive?: boolean;
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
          <Button
            $variant={isDestructive ? 'danger' : 'primary'}
            onClick={onConfirm}
            disabled={isBusy}
            aria-busy={isBusy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
