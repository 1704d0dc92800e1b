/**
 * The upgrade modal of the group chat's premium features (product-core.md, "Premium": Auto Response
 * and Next, upgrade modal otherwise), shown when the server refuses one with group_premium_required.
 */
import { Link } from 'wouter';
import { Button, ButtonAnchor } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';

export function PremiumUpgradeModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Upgrade"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          <Link href={paths.subscribe.build()} asChild>
            <ButtonAnchor $variant="primary">Upgrade</ButtonAnchor>
          </Link>
        </>
      }
    >
      <p>{errorText({ code: 'group_premium_required' })}</p>
    </Modal>
  );
}
