import styled, { keyframes } from 'styled-components';

const shine = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

/** A placeholder block shown while content loads; hide it from screen readers where it is used. */
export const Skeleton = styled.span<{ $width?: string; $height?: string; $round?: boolean }>`
  display: block;
  width: ${({ $width }) => $width ?? '100%'};
  height: ${({ $height, theme }) => $height ?? theme.font.size.md};
  border-radius: ${({ $round, theme }) => ($round ? '50%' : theme.radius.sm)};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.color.skeleton} 25%,
    ${({ theme }) => theme.color.skeletonShine} 50%,
    ${({ theme }) => theme.color.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shine} ${({ theme }) => theme.duration.skeleton} ease-in-out infinite;
`;
