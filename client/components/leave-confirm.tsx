/**
 * The question the unsaved-changes guard (lib/use-leave-guard) asks before a form is left. A form that
 * saves on the way out (the profile: product-rules.md §4, "Update or Discard") passes `onUpdate`; the
 * others offer Keep editing or Leave.
 */
import { Button } from './button';
import { Modal } from './modal';

export function LeaveConfirm({
  subject,
  onStay,
  onLeave,
  onUpdate,
  isBusy = false,
}: {
  subject: 'chatbot' | 'group' | 'profile';
  onStay: () => void;
  /** Leaves without saving. */
  onLeave: () => void;
  /** Saves, then leaves (or stays when the save fails). */
  onUpdate?: () => void;
  /** A save is under way: Update waits for it. */
  isBusy?: boolean;
}) {
  return (
    <Modal
      title="Unsaved changes"
      onClose={onStay}
      actions={
        onUpdate === undefined ? (
          <>
            <Button onClick={onStay}>Keep editing</Button>
            <Button $variant="danger" onClick={onLeave}>
              Leave
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onLeave}>Discard</Button>
            <Button $variant="primary" disabled={isBusy} onClick={onUpdate}>
              Update
            </Button>
          </>
        )
      }
    >
      <p>
        {onUpdate === undefined
          ? `Your changes to this ${subject} are not saved. Leave anyway?`
          : `You have unsaved changes. Update your ${subject} before leaving?`}
      </p>
    </Modal>
  );
}
