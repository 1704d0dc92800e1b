/**
 * The waiting line as the chat's message box shows it (issue 7 part 9): while the caller waits and the
 * modal is closed, their place in line (and, from a minute up, the minutes left) with a way back to the
 * details; when their turn comes, "It’s your turn" here, in the page's flow, so it covers neither the
 * chat's header nor the box. A status region, so screen readers hear it without losing their place.
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import styled from 'styled-components';
import { waitMinutes } from '#shared/rules/waiting-room';
import { Button } from '../../../components/button';
import {
  inlineNoticeCountAtom,
  isTurnAnnouncedAtom,
  modalClosedAtAtom,
  waitingRoomAtom,
} from '../atoms';
import { isModalShown, mustWaitFor } from '../status-machine';
import { turnMessage } from './waiting-room-host';

export function WaitingRoomComposerNotice({ characterId }: { characterId: string }) {
  const state = useAtomValue(waitingRoomAtom);
  const [closedAt, setClosedAt] = useAtom(modalClosedAtAtom);
  const [isAnnounced, setIsAnnounced] = useAtom(isTurnAnnouncedAtom);
  const setInlineNotices = useSetAtom(inlineNoticeCountAtom);
  useEffect(() => {
    setInlineNotices((n) => n + 1);
    return () => {
      setInlineNotices((n) => n - 1);
    };
  }, [setInlineNotices]);

  const isWaiting = mustWaitFor(state, characterId);
  const position = state.status?.position ?? null;
  const minutes = isWaiting ? waitMinutes(state.status?.timeLeft ?? null) : null;
  return (
    <div role="status" aria-label="Your place in line">
      {isWaiting && !isModalShown(state, closedAt, characterId) && (
        <Notice>
          <Text>
            <strong>
              {position === null
                ? 'You are in line to chat.'
                : `You are number ${String(position)} in line to chat.`}
            </strong>{' '}
            {minutes !== null && (
              <span>About {minutes === 1 ? '1 minute' : `${String(minutes)} minutes`} to go.</span>
            )}
          </Text>
          <Button
            $variant="ghost"
            $size="sm"
            onClick={() => {
              setClosedAt(null);
            }}
          >
            Details
          </Button>
        </Notice>
      )}
      {!isWaiting && isAnnounced && (
        <Notice>
          <Text>
            <strong>{turnMessage}</strong>
          </Text>
          <Button
            $variant="ghost"
            $size="sm"
            aria-label="Dismiss"
            onClick={() => {
              setIsAnnounced(false);
            }}
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </Notice>
      )}
    </div>
  );
}

const Notice = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};

  @media (min-width: ${({ theme }) => theme.breakpoint.md}) {
    border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
    border-bottom: 0;
    border-radius: ${({ theme }) => theme.radius.md} ${({ theme }) => theme.radius.md} 0 0;
  }
`;

const Text = styled.p`
  flex: 1 1 auto;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;
