import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A quiet line in the message log that explains a gap (a reply stopped before it began, or none). */
export function ChatNote({ children }: { children: ReactNode }) {
  return <Note role="note">{children}</Note>;
}

const Note = styled.p`
  align-self: center;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-align: center;
`;
