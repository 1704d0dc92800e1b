/**
 * A popup banner: the shared Modal (a labelled dialog, focus moved in, trapped and given back, Escape
 * closes), closed by Close, Escape or any of its actions (product-core.md §4: "popups close on CTA").
 */
import { useState } from 'react';
import type { BannerScreen, ShownBanner } from '#shared/schemas/banner';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { isBannerClosed, rememberBannerClosed } from '../closed-state';
import { BannerContent } from './banner-content';

export function BannerPopup({ screen, banner }: { screen: BannerScreen; banner: ShownBanner }) {
  const [isClosed, setIsClosed] = useState(() => isBannerClosed(screen, 'popup'));
  if (isClosed) return null;
  const close = () => {
    rememberBannerClosed(screen, 'popup');
    setIsClosed(true);
  };
  return (
    <Modal
      title={banner.title}
      onClose={close}
      actions={
        <Button type="button" $variant="ghost" onClick={close}>
          Close
        </Button>
      }
    >
      <BannerContent banner={banner} onAction={close} hideTitle />
    </Modal>
  );
}
