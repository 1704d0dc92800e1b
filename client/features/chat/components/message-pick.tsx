/**
 * A chat mode that picks one message (product-core.md, "Chat screen" modes): partial-clone picks the
 * last message to keep, Cancel or confirm. Each message gets a radio button beside it; the bar replaces
 * the composer while the mode lasts.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/button';

export interface PickMode {
  /** What to pick ("Pick the last message to clone"). */
  prompt: string;
  confirmLabel: string;
  isBusy: boolean;
  onCancel: () => void;
  onConfirm: (messageId: string) => void;
}

/** One message with its radio button. */
export function PickableMessage({
  name,
  messageId,
  label,
  isPicked,
  onPick,
  children,
}: {
  name: string;
  messageId: string;
  label: string;
  isPicked: boolean;
  onPick: (messageId: string) => void;
  children: ReactNode;
}) {
  return (
    <Pickable $isPicked={isPicked}>
      <input
        type="radio"
        name={name}
        value={messageId}
        checked={isPicked}
        aria-label={label}
        onChange={() => {
          onPick(messageId);
        }}
      />
      <Body>{children}</Body>
    </Pickable>
  );
}

export function PickBar({ mode, pickedId }: { mode: PickMode; pickedId: string | null }) {
  return (
    <Bar role="region" aria-label={mode.prompt}>
      <Prompt>{mode.prompt}</Prompt>
      <Button onClick={mode.onCancel}>Cancel</Button>
      <Button
        $variant="primary"
        disabled={pickedId === null || mode.isBusy}
        aria-busy={mode.isBusy}
        onClick={() => {
          if (pickedId !== null) mode.onConfirm(pickedId);
        }}
      >
        {mode.confirmLabel}
      </Button>
    </Bar>
  );
}

const Pickable = styled.label<{ $isPicked: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs};
  border: ${({ theme }) => theme.size.border} solid
    ${({ theme, $isPicked }) => ($isPicked ? theme.color.primary : 'transparent')};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
`;

const Body = styled.div`
  flex: 1;
  min-width: 0;
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  width: 100%;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
`;

const Prompt = styled.p`
  flex: 1;
  min-width: 12rem;
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;
