/**
 * The confirmation before a save that sends a chatbot or a group to review (product-core.md §4
 * "Submit for review", product-rules.md §4: a public change, a fix-required save or a manual-review
 * submission shows a confirmation first).
 */
import { Button } from './button';
import { Modal } from './modal';

export function ReviewConfirm({
  subject,
  isManual,
  isBusy,
  onCancel,
  onConfirm,
}: {
  subject: 'chatbot' | 'group';
  isManual: boolean;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      title={isManual ? 'Submit for Manual Review' : 'Submit for review'}
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button $variant="primary" disabled={isBusy} onClick={onConfirm}>
            Submit
          </Button>
        </>
      }
    >
      <p>
        {isManual
          ? `A moderator will review your ${subject}. You can still chat with it meanwhile, but you cannot edit it until the review ends.`
          : `Your ${subject} will be reviewed before it is listed publicly. You can still chat with it meanwhile, but you cannot edit it until the review ends.`}
      </p>
    </Modal>
  );
}
