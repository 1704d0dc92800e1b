/** The listing screens' empty and error states (product-core.md, "Listing screens"). */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

export function EmptyState({
  title = 'No Results Found',
  text,
  children,
}: {
  title?: string;
  /** A line under the title saying what would be here and how it gets here. */
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Panel>
      <Title>{title}</Title>
      {text !== undefined && <Text>{text}</Text>}
      {children}
    </Panel>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Panel role="alert">
      <Title>Something went wrong</Title>
      {message !== undefined && <Text>{message}</Text>}
      <Button $variant="primary" onClick={onRetry}>
        Try Again
      </Button>
    </Panel>
  );
}

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xxxl} ${({ theme }) => theme.space.lg};
  text-align: center;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.font.size.xl};
`;

const Text = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
`;
