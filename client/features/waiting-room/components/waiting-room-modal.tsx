/**
 * The chat's waiting-queue modal (product-core.md §2 chat modals, §4 "Waiting queue"): shown while the
 * caller waits and the character is not the bypass character, with the position, the estimated wait and
 * 'Upgrade to skip the line'. It closes by itself when access arrives (or the status expires). Closed
 * by the user, it stays closed for this stay in line unless a send is refused again or the composer's
 * Details button opens it; meanwhile the composer shows the place in line.
 */
import { useAtom, useAtomValue } from 'jotai';
import type { RefObject } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { paths } from '../../../lib/paths';
import { Button, ButtonAnchor } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { modalClosedAtAtom, waitingRoomAtom } from '../atoms';
import { estimatedWaitText, isModalShown } from '../status-machine';
import { NotifyMeButton } from './notify-me-button';

interface WaitingRoomModalProps {
  characterId: string;
  /** Where focus goes when the modal closes (the message box). */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function WaitingRoomModal({ characterId, returnFocusRef }: WaitingRoomModalProps) {
  const state = useAtomValue(waitingRoomAtom);
  const [closedAt, setClosedAt] = useAtom(modalClosedAtAtom);
  if (!isModalShown(state, closedAt, characterId)) return null;
  const waiting = state.status;
  const close = () => {
    setClosedAt(state.admissions);
  };
  const wait = estimatedWaitText(waiting?.timeLeft ?? null);
  return (
    <Modal
      title="You’re in line"
      onClose={close}
      returnFocusRef={returnFocusRef}
      actions={
        <>
          <Button $variant="secondary" onClick={close}>
            Close
          </Button>
          <NotifyMeButton />
          <Link href={paths.subscribe.build()} asChild>
            <ButtonAnchor $variant="primary">Upgrade to skip the line</ButtonAnchor>
          </Link>
        </>
      }
    >
      <p>The chat is busy right now, so free chats take turns.</p>
      <Facts aria-live="polite">
        <div>
          <dt>Your position</dt>
          <dd>{waiting?.position ?? '…'}</dd>
        </div>
        {wait !== null && (
          <div>
            <dt>Estimated wait</dt>
            <dd>{wait}</dd>
          </div>
        )}
      </Facts>
      <p>
        This window closes by itself when it’s your turn. Anything you typed stays in the message
        box until you send it.
      </p>
    </Modal>
  );
}

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.lg} 0;

  > div {
    padding: ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceAlt};
  }

  dt {
    font-size: ${({ theme }) => theme.font.size.sm};
  }

  dd {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;
