/**
 * The chat's frame: the viewport below the app's header, less the room a top or bottom banner takes
 * (features/banners). It is marked `data-fills-viewport`, which app/layouts/app-layout.tsx reads: on
 * a narrow screen the app's header steps aside for the chat's own, so the chat takes the whole height,
 * and no footer follows it. The chat and its loading skeleton share it, so nothing moves when it loads.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';

export function ChatScreen({ children }: { children: ReactNode }) {
  return <Frame data-fills-viewport="">{children}</Frame>;
}

const Frame = styled.div`
  --app-header-height: ${({ theme }) => theme.size.headerHeight};
  display: flex;
  flex-direction: column;
  height: calc(
    100dvh - var(--app-header-height) - var(--banner-top-height, 0px) - var(
        --banner-bottom-height,
        0px
      )
  );

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    --app-header-height: 0px;
  }
`;
