/**
 * A top, bottom or inline banner of a screen: a labelled region with the banner and, when it is
 * closable, a Close button. Closing hides it for the session on that screen and placement.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { BannerScreen, ShownBanner } from '#shared/schemas/banner';
import { isBannerClosed, rememberBannerClosed } from '../closed-state';
import { BannerContent } from './banner-content';

const placementName = { top: 'Top', bottom: 'Bottom', inline: 'Inline', popup: 'Popup' } as const;

/**
 * The CSS variable holding the height a top or bottom banner takes, so a screen that fills the
 * viewport (the chat) leaves room for it: `var(--banner-top-height, 0px)`.
 */
export function bannerHeightVariable(placement: 'top' | 'bottom'): string {
  return `--banner-${placement}-height`;
}

/** Keeps the placement's height variable on the document while the banner shows. */
function useHeightVariable(placement: ShownBanner['placement']) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || (placement !== 'top' && placement !== 'bottom')) return;
    const name = bannerHeightVariable(placement);
    const root = document.documentElement.style;
    const write = () => {
      root.setProperty(name, `${String(element.offsetHeight)}px`);
    };
    write();
    const observer = new ResizeObserver(write);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [placement]);
  return ref;
}

export function BannerSlot({ screen, banner }: { screen: BannerScreen; banner: ShownBanner }) {
  const [isClosed, setIsClosed] = useState(() => isBannerClosed(screen, banner.placement));
  return isClosed ? null : (
    <ShownSlot
      screen={screen}
      banner={banner}
      onClose={() => {
        rememberBannerClosed(screen, banner.placement);
        setIsClosed(true);
      }}
    />
  );
}

function ShownSlot({
  banner,
  onClose,
}: {
  screen: BannerScreen;
  banner: ShownBanner;
  onClose: () => void;
}) {
  const ref = useHeightVariable(banner.placement);
  const name = banner.title === '' ? `${placementName[banner.placement]} banner` : banner.title;
  return (
    <Outer ref={ref} $isInline={banner.placement === 'inline'}>
      <Region
        role="region"
        aria-label={name}
        data-placement={banner.placement}
        style={{ animationDuration: `${String(banner.transitionTime)}ms` }}
      >
        <BannerContent banner={banner} />
        {banner.closable && (
          <Close type="button" aria-label={`Close banner: ${name}`} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </Close>
        )}
      </Region>
    </Outer>
  );
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** Padding rather than margins, so the measured height is all the room the banner takes. */
const Outer = styled.div<{ $isInline: boolean }>`
  padding: ${({ theme }) => theme.space.sm}
    ${({ $isInline, theme }) => ($isInline ? '0' : theme.space.lg)};
`;

const Region = styled.section`
  position: relative;
  margin: 0 auto;
  max-width: ${({ theme }) => theme.size.contentWidth};
  animation-name: ${fadeIn};
  animation-timing-function: ease-out;
  animation-fill-mode: both;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }

  &:has(> button) > div {
    padding-right: calc(${({ theme }) => theme.size.iconButton} + ${({ theme }) => theme.space.sm});
  }
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space.xs};
  right: ${({ theme }) => theme.space.xs};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.size.iconButton};
  height: ${({ theme }) => theme.size.iconButton};
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  opacity: 0.9;
  cursor: pointer;

  &:hover {
    opacity: 1;
  }

  &:focus-visible {
    outline: ${({ theme }) => theme.size.focusRing} solid ${({ theme }) => theme.color.focus};
  }
`;
