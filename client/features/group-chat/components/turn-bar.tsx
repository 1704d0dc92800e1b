/**
 * The group chat's turn bar (issue 12, item 8): under the messages, "Who speaks next" picks who answers
 * the next message (Anyone lets the group choose), "Everyone answers" asks every member once in turn with
 * the next message, and Next (premium) has another member answer the last message now, also in the
 * middle of a reply, which it stops. A member below premium gets the upgrade modal instead.
 */
import { useId, useState } from 'react';
import styled from 'styled-components';
import type { AppErrorBody } from '#shared/errors';
import type { GroupMember } from '#shared/schemas/group';
import { Button } from '../../../components/button';
import { PremiumUpgradeModal } from './premium-upgrade-modal';

/** The turn bar's choice for the next message: the group chooses, one member, or everyone in turn. */
export type TurnChoice =
  { mode: 'auto' } | { mode: 'pick'; speakerId: string } | { mode: 'everyone' };

const anyone = '';

interface TurnBarProps {
  members: readonly GroupMember[];
  choice: TurnChoice;
  onChoose: (choice: TurnChoice) => void;
  /** Null before the first message: Next has nothing to answer yet. */
  conversationId: string | null;
  /** A message is being sent: Next waits until it is stored (a reply being written it may cut short). */
  isSending: boolean;
  /** Asks the server for another member; resolves the refusal, if any. */
  onNext: (conversationId: string) => Promise<AppErrorBody | null>;
  /** Any refusal but the premium one (the bar shows the upgrade modal for that itself). */
  onError: (error: AppErrorBody) => void;
}

export function TurnBar({
  members,
  choice,
  onChoose,
  conversationId,
  isSending,
  onNext,
  onError,
}: TurnBarProps) {
  const selectId = useId();
  const [isAsking, setIsAsking] = useState(false);
  const [isUpgradeOpen, setIsUpgradeOpen] = useState(false);
  const isEveryone = choice.mode === 'everyone';

  const next = async () => {
    if (conversationId === null) return;
    setIsAsking(true);
    const failed = await onNext(conversationId);
    setIsAsking(false);
    if (failed?.code === 'group_premium_required') setIsUpgradeOpen(true);
    else if (failed !== null) onError(failed);
  };

  return (
    <Dock>
      <Bar role="group" aria-label="Turns">
        <Field>
          <label htmlFor={selectId}>Who speaks next</label>
          <Select
            id={selectId}
            value={choice.mode === 'pick' ? choice.speakerId : anyone}
            onChange={(e) => {
              const value = e.target.value;
              onChoose(value === anyone ? { mode: 'auto' } : { mode: 'pick', speakerId: value });
            }}
          >
            <option value={anyone}>Anyone</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          $variant={isEveryone ? 'primary' : 'secondary'}
          aria-pressed={isEveryone}
          title="Every member answers your next message, one after another"
          onClick={() => {
            onChoose(isEveryone ? { mode: 'auto' } : { mode: 'everyone' });
          }}
        >
          Everyone answers
        </Button>
        <Button
          disabled={conversationId === null || isSending || isAsking}
          onClick={() => {
            void next();
          }}
        >
          Next
        </Button>
        {isUpgradeOpen && (
          <PremiumUpgradeModal
            onClose={() => {
              setIsUpgradeOpen(false);
            }}
          />
        )}
      </Bar>
    </Dock>
  );
}

const Dock = styled.div`
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

/** In line with the message box; on narrow screens the buttons wrap under the picker. */
const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md} 0;
`;

const Field = styled.div`
  display: flex;
  flex: 1 1 16rem;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  white-space: nowrap;

  & > select {
    flex: 1;
    min-width: 0;
  }
`;

const Select = styled.select`
  min-height: 2.5rem;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;
