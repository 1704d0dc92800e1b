/**
 * The chat's pick-one-message modes (product-core.md, "Chat screen" modes), one mechanism for both:
 * remove-messages picks the first message to remove, partial-clone the last message to keep. Each
 * message gets a radio button beside it; the bar, in place of the composer, holds Cancel and confirm,
 * and toasts show above it while it is there, never over its buttons.
 */
import { useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useToastClearance } from '../lib/toast';
import { Button } from './button';

export interface PickMode {
  /** The bar's accessible name ("Remove messages", "Pick the last message to clone"). */
  label: string;
  /** What to pick, shown in the bar. */
  prompt: string;
  confirmLabel: string;
  /** A destructive confirm (Remove) is drawn as danger. */
  isDestructive: boolean;
  /**
   * Which messages the pick leaves out, marked while picking: the picked one and those after it
   * (removal), or only those after it (a partial clone keeps the picked one).
   */
  marks: 'picked-and-after' | 'after';
  onCancel: () => void;
  /** Settles when the action is done; the confirm is busy until then. */
  onConfirm: (messageId: string) => Promise<void>;
}

/** Whether the message at `index` is left out by picking the one at `pickedIndex` (-1: none yet). */
export function isMarkedByPick(mode: PickMode, pickedIndex: number, index: number): boolean {
  if (pickedIndex < 0) return false;
  return mode.marks === 'after' ? index > pickedIndex : index >= pickedIndex;
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

/** The mode's bar: its prompt, Cancel, and the confirm once a message is picked. */
export function PickBar({ mode, pickedId }: { mode: PickMode; pickedId: string | null }) {
  const [isBusy, setIsBusy] = useState(false);
  const barRef = useRef<HTMLDivElement>(null);
  useToastClearance(barRef);
  return (
    <Bar ref={barRef} role="region" aria-label={mode.label} $isDestructive={mode.isDestructive}>
      <Prompt>{mode.prompt}</Prompt>
      <Actions>
        <Button $size="sm" $variant="ghost" onClick={mode.onCancel}>
          Cancel
        </Button>
        <Button
          $size="sm"
          $variant={mode.isDestructive ? 'danger' : 'primary'}
          disabled={pickedId === null || isBusy}
          aria-busy={isBusy}
          onClick={() => {
            if (pickedId === null) return;
            setIsBusy(true);
            void mode.onConfirm(pickedId).finally(() => {
              setIsBusy(false);
            });
          }}
        >
          {mode.confirmLabel}
        </Button>
      </Actions>
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

const Bar = styled.div<{ $isDestructive: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  width: 100%;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme, $isDestructive }) =>
    $isDestructive ? theme.color.dangerSurface : theme.color.surface};
  color: ${({ theme }) => theme.color.text};
`;

const Prompt = styled.p`
  flex: 1;
  min-width: 12rem;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: ${({ theme }) => theme.font.weight.medium};
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;
