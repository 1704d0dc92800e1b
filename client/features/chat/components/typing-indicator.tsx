import styled, { keyframes } from 'styled-components';

/** Three bouncing dots, announced as "{name} is typing". */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <Dots role="status" aria-label={`${name} is typing`}>
      <Dot />
      <Dot />
      <Dot />
    </Dots>
  );
}

const bounce = keyframes`
  0%, 60%, 100% { transform: translateY(0); opacity: 0.4; }
  30% { transform: translateY(-4px); opacity: 1; }
`;

const Dots = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  height: ${({ theme }) => theme.font.size.xl};
`;

const Dot = styled.span`
  width: ${({ theme }) => theme.space.sm};
  height: ${({ theme }) => theme.space.sm};
  border-radius: 50%;
  background: currentColor;
  animation: ${bounce} ${({ theme }) => theme.duration.typingDot} ease-in-out infinite;

  &:nth-child(2) {
    animation-delay: 0.15s;
  }

  &:nth-child(3) {
    animation-delay: 0.3s;
  }
`;
