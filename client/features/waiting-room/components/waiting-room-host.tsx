/**
 * Mounted once by the app: watches the line, and when the caller's turn comes (waiting turned into
 * access) says so with a toast, plus a browser notification if the user allowed them.
 */
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { waitingRoomAtom } from '../atoms';
import { useWaitingRoomWatch } from '../hooks/use-waiting-room-watch';
import { notify } from '../notifications';
import { TurnToast } from './turn-toast';

export const turnMessage = 'It’s your turn: you can chat now.';

export function WaitingRoomHost() {
  useWaitingRoomWatch();
  const { admissions } = useAtomValue(waitingRoomAtom);
  const announced = useRef(admissions);
  const [isToastShown, setIsToastShown] = useState(false);
  useEffect(() => {
    if (admissions === announced.current) return;
    announced.current = admissions;
    setIsToastShown(true);
    notify('CharChat', turnMessage);
  }, [admissions]);
  const hide = useCallback(() => {
    setIsToastShown(false);
  }, []);
  return (
    <div role="status" aria-label="Your turn">
      {isToastShown && <TurnToast message={turnMessage} onClose={hide} />}
    </div>
  );
}
