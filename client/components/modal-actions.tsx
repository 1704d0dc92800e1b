/** A dialog's Cancel and its one primary action (Submit, Generate…), for `Modal`'s `actions`. */
import { Button } from './button';

export function ModalActions({
  onCancel,
  onSubmit,
  submitLabel = 'Submit',
  disabled = false,
}: {
  onCancel: () => void;
  onSubmit: () => void;
  submitLabel?: string;
  /** The action is not possible yet (nothing chosen) or already running. */
  disabled?: boolean;
}) {
  return (
    <>
      <Button $variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button $variant="primary" disabled={disabled} onClick={onSubmit}>
        {submitLabel}
      </Button>
    </>
  );
}
