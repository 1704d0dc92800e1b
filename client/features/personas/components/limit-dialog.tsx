/**
 * Limit Reached (product-rules.md §8): the member holds as many personas as their tier allows. It
 * offers Upgrade to the subscribe page, except to premium members, who have the highest allowance.
 */
import { Link } from 'wouter';
import { tierNameOf } from '#shared/rules/plans';
import type { Role } from '#shared/schemas/user';
import { Button, ButtonAnchor } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { paths } from '../../../lib/paths';

export function limitText(limit: number, role: Role): string {
  return `You've reached the maximum allowance of ${String(limit)} personas in the ${tierNameOf(role)} tier. Delete a persona to create a new one.`;
}

/** Premium members hold the highest allowance, so they are offered no Upgrade (spec §9). */
export function canUpgradeFrom(role: Role): boolean {
  return !['paid_premium', 'employee', 'admin'].includes(role);
}

export function LimitDialog({
  limit,
  role,
  onClose,
}: {
  limit: number;
  role: Role;
  onClose: () => void;
}) {
  const canUpgrade = canUpgradeFrom(role);
  return (
    <Modal
      title="Limit Reached"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Close</Button>
          {canUpgrade && (
            <Link href={paths.subscribe.build()} asChild>
              <ButtonAnchor $variant="primary">Upgrade</ButtonAnchor>
            </Link>
          )}
        </>
      }
    >
      <p>{limitText(limit, role)}</p>
    </Modal>
  );
}
