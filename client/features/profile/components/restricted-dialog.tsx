/**
 * The Restricted! dialog (product-core.md §6, creator of a bot; product-rules.md §8): uploading and
 * editing chatbots is disabled for a limited-access account while chat still works, with a way to
 * contact support when the application names one.
 */
import { Button, ButtonAnchor } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/errors';

export function RestrictedDialog({
  supportUrl,
  onClose,
}: {
  /** The application's customer support URL (app settings branding), when it has one. */
  supportUrl: string | null;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Restricted!"
      onClose={onClose}
      actions={
        <>
          {supportUrl !== null && (
            <ButtonAnchor href={supportUrl} target="_blank" rel="noopener noreferrer">
              Contact Us
            </ButtonAnchor>
          )}
          <Button $variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <p>{errorText({ code: 'account_restricted' })}</p>
      {supportUrl !== null && (
        <p>If you think this is a mistake, contact us and we will look into it.</p>
      )}
    </Modal>
  );
}
