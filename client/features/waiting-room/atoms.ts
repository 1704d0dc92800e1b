/** The waiting room's state: the status (moved only through status-machine.ts) and what the user closed. */
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { z } from 'zod';
import { atomStorageFor } from '../../lib/browser-storage';
import { initialWaitingRoomState, waitingStatus, type WaitingRoomState } from './status-machine';

export const waitingRoomAtom = atom<WaitingRoomState>(initialWaitingRoomState);

/** The status while the caller waits in line, else null. */
export const waitingStatusAtom = atom((get) => waitingStatus(get(waitingRoomAtom)));

/** The listing banner was dismissed: remembered for the browser session (product-core.md §4). */
export const isBannerDismissedAtom = atomWithStorage(
  'charchat.waitingRoomBanner.dismissed',
  false,
  atomStorageFor('waitingRoomBannerDismissed', z.boolean()),
  { getOnInit: true },
);

/**
 * The chat modal was closed during this stay in line (the admission count then), so it stays closed
 * until the next stay or until a send is refused; null when it was not closed.
 */
export const modalClosedAtAtom = atom<number | null>(null);

/** "It's your turn" is being announced (from the moment of admission until dismissed or timed out). */
export const isTurnAnnouncedAtom = atom(false);

/**
 * How many chat composers show the waiting line's notices themselves; while one does, the
 * announcement appears there, in the page's flow, instead of as a floating toast.
 */
export const inlineNoticeCountAtom = atom(0);
