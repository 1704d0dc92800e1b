/**
 * Mounted once by the app: watches the line, and when the caller's turn comes (a real wait in line
 * turned into access, never plain access) says so, plus a browser notification if the user allowed
 * them. A chat composer showing the line's notices (`WaitingRoomComposerNotice`) shows it in the
 * page's flow; elsewhere it is a toast at the bottom, clear of every page's header.
 */
import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { inlineNoticeCountAtom, isTurnAnnouncedAtom, waitingRoomAtom } from '../atoms';
import { useWaitingRoomWatch } from '../hooks/use-waiting-room-watch';
import { notify } from '../notifications';
import { TurnToast } from './turn-toast';

export const turnMessage = 'It’s your turn: you can chat now.';

/** How long the announcement stays before it hides itself. */
const announcedMs = 12_000;

export function WaitingRoomHost() {
  useWaitingRoomWatch();
  const { admissions } = useAtomValue(waitingRoomAtom);
  const [isAnnounced, setIsAnnounced] = useAtom(isTurnAnnouncedAtom);
  const inlineNotices = useAtomValue(inlineNoticeCountAtom);
  const announced = useRef(admissions);
  useEffect(() => {
    if (admissions === announced.current) return;
    announced.current = admissions;
    setIsAnnounced(true);
    notify('CharChat', turnMessage);
  }, [admissions, setIsAnnounced]);
  useEffect(() => {
    if (!isAnnounced) return;
    const timer = setTimeout(() => {
      setIsAnnounced(false);
    }, announcedMs);
    return () => {
      clearTimeout(timer);
    };
  }, [isAnnounced, admissions, setIsAnnounced]);
  const hide = useCallback(() => {
    setIsAnnounced(false);
  }, [setIsAnnounced]);
  return (
    <div role="status" aria-label="Your turn">
      {isAnnounced && inlineNotices === 0 && <TurnToast message={turnMessage} onClose={hide} />}
    </div>
  );
}
