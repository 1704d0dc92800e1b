/** The question the unsaved-changes guard (lib/use-leave-guard) asks before a form is left. */
import { Button } from './button';
import { Modal } from './modal';

export function LeaveConfirm({
  subject,
  onStay,
  onLeave,
}: {
  subject: 'chatbot' | 'group';
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Modal
      title="Unsaved changes"
      onClose={onStay}
      actions={
        <>
          <Button onClick={onStay}>Keep editing</Button>
          <Button $variant="danger" onClick={onLeave}>
            Leave
          </Button>
        </>
      }
    >
      <p>Your changes to this {subject} are not saved. Leave anyway?</p>
    </Modal>
  );
}
