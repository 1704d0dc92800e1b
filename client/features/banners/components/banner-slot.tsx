/**
 * A top, bottom or inline banner of a screen: a labelled region with the banner and, when it is
 * closable, a Close button. Closing hides it for the session on that screen and placement.
 */
import { useState } from 'react';
import styled, { keyframes } from 'styled-components';
import type { BannerScreen, ShownBanner } from '#shared/schemas/banner';
import { isBannerClosed, rememberBannerClosed } from '../closed-state';
import { BannerContent } from './banner-content';

const placementName = { top: 'Top', bottom: 'Bottom', inline: 'Inline', popup: 'Popup' } as const;

export function BannerSlot({ screen, banner }: { screen: BannerScreen; banner: ShownBanner }) {
  const [isClosed, setIsClosed] = useState(() => isBannerClosed(screen, banner.placement));
  if (isClosed) return null;
  const name = banner.title === '' ? `${placementName[banner.placement]} banner` : banner.title;
  return (
    <Region
      role="region"
      aria-label={name}
      data-placement={banner.placement}
      style={{ animationDuration: `${String(banner.transitionTime)}ms` }}
    >
      <BannerContent banner={banner} />
      {banner.closable && (
        <Close
          type="button"
          aria-label={`Close banner: ${name}`}
          onClick={() => {
            rememberBannerClosed(screen, banner.placement);
            setIsClosed(true);
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </Close>
      )}
    </Region>
  );
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Region = styled.section`
  position: relative;
  margin: ${({ theme }) => theme.space.sm} auto;
  max-width: ${({ theme }) => theme.size.contentWidth};
  width: 100%;
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
