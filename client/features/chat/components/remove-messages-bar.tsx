import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';

interface RemoveMessagesBarProps {
  canRemove: boolean;
  onCancel: () => void;
  onRemove: () => Promise<void>;
}

/** Remove-messages mode (product-core.md, "Modes"): pick the first message to remove, then Cancel or Remove. */
export function RemoveMessagesBar({ canRemove, onCancel, onRemove }: RemoveMessagesBarProps) {
  const [isRemoving, setIsRemoving] = useState(false);
  return (
    <Bar role="region" aria-label="Remove messages">
      <p>Pick the first message to remove. It and every message after it will be removed.</p>
      <Actions>
        <Button $size="sm" $variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          $size="sm"
          $variant="danger"
          disabled={!canRemove || isRemoving}
          onClick={() => {
            setIsRemoving(true);
            void onRemove().finally(() => {
              setIsRemoving(false);
            });
          }}
        >
          Remove
        </Button>
      </Actions>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.dangerSurface};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;
