/**
 * A premium feature refused: the reason, Close, and Upgrade to the subscribe page (product-core.md,
 * "Premium": an upgrade modal otherwise).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../lib/paths';
import { Button, ButtonAnchor } from './button';
import { Modal } from './modal';

export function UpgradeModal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
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
      {children}
    </Modal>
  );
}
