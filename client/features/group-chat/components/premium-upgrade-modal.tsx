/**
 * The upgrade modal of the group chat's premium features (product-core.md, "Premium": Auto Response
 * and Next, upgrade modal otherwise), shown when the server refuses one with group_premium_required.
 */
import { UpgradeModal } from '../../../components/upgrade-modal';
import { errorText } from '../../../lib/errors';

export function PremiumUpgradeModal({ onClose }: { onClose: () => void }) {
  return (
    <UpgradeModal title="Upgrade" onClose={onClose}>
      <p>{errorText({ code: 'group_premium_required' })}</p>
    </UpgradeModal>
  );
}
