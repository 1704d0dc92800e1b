/**
 * The waiting-room status as the client holds it (product-core.md §4, "Waiting queue"; issue 7 part 9),
 * as pure functions so every transition is unit-tested: answers and pushes from the server, joining
 * the line only when a chat is opened, access counted down locally to `expired` and then `refresh`
 * (which asks again without joining), the fetch-failure rule, when to poll, and which access is a turn
 * worth announcing (only one that followed a real wait in line).
 */
import { waitMinutes } from '#shared/rules/waiting-room';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';

/** Seconds before asking again after a failed fetch, or while the socket is down and the caller waits. */
export const defaultRetrySeconds = 30;

export interface WaitingRoomState {
  /** The caller's status; null until the first answer. */
  status: WaitingRoomStatus | null;
  /** When the access held now runs out (ms since the epoch); null without access or for unlimited access. */
  accessEndsAt: number | null;
  /** Held access in this session: an "active user", who gets access when a fetch fails. */
  wasActive: boolean;
  /**
   * The server put the caller in line and they have not been let in since, so the access that follows
   * is their turn. A fetch failure never sets it, and `none` (out of the line) clears it.
   */
  hasWaited: boolean;
  /** How many times a wait in line turned into access; each one is announced ("It's your turn"). */
  admissions: number;
  /** The character whose chat was opened, while its line is still to be joined; else null. */
  joinFor: string | null;
}

export const initialWaitingRoomState: WaitingRoomState = {
  status: null,
  accessEndsAt: null,
  wasActive: false,
  hasWaited: false,
  admissions: 0,
  joinFor: null,
};

/** Applies a status from the server (an answer or a push) received at `now`. */
export function applyStatus(
  state: WaitingRoomState,
  status: WaitingRoomStatus,
  now: number,
): WaitingRoomState {
  switch (status.status) {
    case 'access':
      return {
        status,
        accessEndsAt: status.timeLeft === null ? null : now + status.timeLeft * 1000,
        wasActive: true,
        hasWaited: false,
        // A turn has a length; access without one is skipping the line (a paid plan), not a turn.
        admissions:
          state.hasWaited && status.timeLeft !== null ? state.admissions + 1 : state.admissions,
        joinFor: null,
      };
    case 'waiting':
      return { ...state, status, accessEndsAt: null, hasWaited: true, joinFor: null };
    case 'none':
      return {
        ...state,
        status,
        accessEndsAt: null,
        hasWaited: false,
        joinFor: state.joinFor === status.bypass ? null : state.joinFor,
      };
    case 'expired':
    case 'refresh':
      return { ...state, status, accessEndsAt: null };
  }
}

/**
 * A chat with this character was opened: the next ask over the socket joins the line, unless the
 * caller already holds access or waits, or the character is the bypass character.
 */
export function requestJoin(state: WaitingRoomState, characterId: string): WaitingRoomState {
  const status = state.status;
  if (status?.status === 'access' || status?.status === 'waiting') return state;
  if (status?.bypass === characterId || state.joinFor === characterId) return state;
  return { ...state, joinFor: characterId };
}

/** The chat was closed before its line was joined (e.g. while the socket was down). */
export function cancelJoin(state: WaitingRoomState, characterId: string): WaitingRoomState {
  return state.joinFor === characterId ? { ...state, joinFor: null } : state;
}

/**
 * A status fetch failed: an active user gets access, anyone else waits; both ask again after
 * `defaultRetrySeconds`. Neither counts as a wait in line.
 */
export function applyFetchFailure(state: WaitingRoomState, now: number): WaitingRoomState {
  const bypass = state.status?.bypass ?? null;
  if (state.wasActive) {
    return applyStatus(
      state,
      { status: 'access', position: null, timeLeft: null, bypass, retryAfter: defaultRetrySeconds },
      now,
    );
  }
  const previous = state.status?.status === 'waiting' ? state.status : null;
  return {
    ...state,
    status: {
      status: 'waiting',
      position: previous?.position ?? null,
      timeLeft: previous?.timeLeft ?? null,
      bypass,
      retryAfter: defaultRetrySeconds,
    },
    accessEndsAt: null,
  };
}

/** Access whose time ran out by `now` becomes `expired`, which hides the banner and the modal. */
export function tick(state: WaitingRoomState, now: number): WaitingRoomState {
  if (state.status?.status !== 'access' || state.accessEndsAt === null) return state;
  if (now < state.accessEndsAt) return state;
  return {
    ...state,
    status: { ...state.status, status: 'expired', timeLeft: 0, retryAfter: null },
    accessEndsAt: null,
  };
}

/** `expired` sets `refresh`; anything can be asked to refresh (e.g. a send refused with waiting_room). */
export function refresh(state: WaitingRoomState): WaitingRoomState {
  const bypass = state.status?.bypass ?? null;
  return {
    ...state,
    status: { status: 'refresh', position: null, timeLeft: null, bypass, retryAfter: null },
    accessEndsAt: null,
  };
}

/** What the client should do now about its status; an ask with `join` lines the caller up. */
export type NextStep =
  | { kind: 'refresh' }
  | { kind: 'ask'; afterMs: number; join: boolean }
  | { kind: 'expire'; afterMs: number }
  | { kind: 'idle' };

/**
 * The next step for a state at `now`: `expired` moves on to `refresh`, `refresh` asks at once, a
 * server `retryAfter` asks after that many seconds, and so does waiting while the socket is down (no
 * pushes arrive then); access with a known end expires then. An opened chat joins the line at once
 * over the socket (REST never joins, so with the socket down it waits for the reconnect). With the
 * socket up nothing is polled. Access running out never joins by itself: an idle tab stays out of the
 * line until the user opens a chat again or sends.
 */
export function nextStep(state: WaitingRoomState, now: number, isSocketUp: boolean): NextStep {
  const status = state.status;
  const join = state.joinFor !== null && isSocketUp;
  if (status === null || status.status === 'none') {
    return join ? { kind: 'ask', afterMs: 0, join } : { kind: 'idle' };
  }
  if (status.status === 'expired') return { kind: 'refresh' };
  if (status.status === 'refresh') return { kind: 'ask', afterMs: 0, join };
  if (status.retryAfter !== null) return { kind: 'ask', afterMs: status.retryAfter * 1000, join };
  if (status.status === 'waiting' && !isSocketUp) {
    return { kind: 'ask', afterMs: defaultRetrySeconds * 1000, join: false };
  }
  if (status.status === 'access' && state.accessEndsAt !== null) {
    return { kind: 'expire', afterMs: Math.max(0, state.accessEndsAt - now) };
  }
  return { kind: 'idle' };
}

/** The status while the caller waits in line, or null (access, expired, refresh, unknown). */
export function waitingStatus(state: WaitingRoomState): WaitingRoomStatus | null {
  return state.status?.status === 'waiting' ? state.status : null;
}

/** Whether the chat with this character must wait: waiting, and it is not the bypass character. */
export function mustWaitFor(state: WaitingRoomState, characterId: string): boolean {
  const waiting = waitingStatus(state);
  return waiting !== null && waiting.bypass !== characterId;
}

/**
 * Whether the chat's waiting modal is open: the chat must wait and the user has not closed the modal
 * during this stay in line (`closedAt`, the admission count when they closed it). With the modal
 * closed the composer shows the place in line instead.
 */
export function isModalShown(
  state: WaitingRoomState,
  closedAt: number | null,
  characterId: string,
): boolean {
  return mustWaitFor(state, characterId) && closedAt !== state.admissions;
}

/** The estimated wait in words: whole minutes from a minute up, else "less than a minute". */
export function estimatedWaitText(timeLeft: number | null): string | null {
  if (timeLeft === null) return null;
  const minutes = waitMinutes(timeLeft);
  if (minutes === null) return 'less than a minute';
  return `about ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
