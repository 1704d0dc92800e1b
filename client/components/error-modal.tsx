import type { RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/** The spec's error dialog (product-core.md, chat screen modals): titled "Error", with a Close button. */
export function ErrorModal({
  message,
  onClose,
  returnFocusRef,
}: {
  message: string;
  onClose: () => void;
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  return (
    <Modal
      title="Error"
      onClose={onClose}
      returnFocusRef={returnFocusRef}
      actions={
        <Button $variant="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
