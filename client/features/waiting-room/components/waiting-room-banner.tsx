/**
 * The waiting-queue banner of the listing screens (product-core.md §2 "Listing screens", §4 "Waiting
 * queue"): while the caller waits, their position and, from a minute up, the minutes left. Dismissible
 * for the session. A status region, so screen readers hear the line move without losing their place.
 */
import { useAtom, useAtomValue } from 'jotai';
import styled from 'styled-components';
import { waitMinutes } from '#shared/rules/waiting-room';
import { Button } from '../../../components/button';
import { isBannerDismissedAtom, waitingStatusAtom } from '../atoms';
import { NotifyMeButton } from './notify-me-button';

export function WaitingRoomBanner() {
  const waiting = useAtomValue(waitingStatusAtom);
  const [isDismissed, setIsDismissed] = useAtom(isBannerDismissedAtom);
  const isShown = waiting !== null && !isDismissed;
  const minutes = waiting === null ? null : waitMinutes(waiting.timeLeft);
  return (
    // The region stays mounted so its first message is announced, not just inserted.
    <div role="status" aria-label="Waiting line">
      {isShown && (
        <Banner>
          <Text>
            <strong>
              {waiting.position === null
                ? 'You are in line to chat.'
                : `You are number ${String(waiting.position)} in line to chat.`}
            </strong>{' '}
            {minutes !== null && (
              <span>About {minutes === 1 ? '1 minute' : `${String(minutes)} minutes`} to go. </span>
            )}
            <span>Keep browsing: we’ll tell you when it’s your turn.</span>
          </Text>
          <Actions>
            <NotifyMeButton isCompact />
            <Button
              $variant="ghost"
              $size="sm"
              aria-label="Dismiss the waiting line notice"
              onClick={() => {
                setIsDismissed(true);
              }}
            >
              <span aria-hidden="true">✕</span>
            </Button>
          </Actions>
        </Banner>
      )}
    </div>
  );
}

const Banner = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.chip};
  color: ${({ theme }) => theme.color.onChip};
`;

const Text = styled.p`
  flex: 1 1 16rem;
  min-width: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-left: auto;
`;
