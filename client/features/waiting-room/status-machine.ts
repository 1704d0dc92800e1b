/**
 * The waiting-room status as the client holds it (product-core.md §4, "Waiting queue"), as pure
 * functions so every transition is unit-tested: answers and pushes from the server, access counted down
 * locally to `expired` and then `refresh` (which asks again), the fetch-failure rule, and when to poll.
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
  /** Waited in line since access was last held, so the next access is the caller's turn. */
  isInLine: boolean;
  /** How many times waiting in line turned into access; each one is announced. */
  admissions: number;
}

export const initialWaitingRoomState: WaitingRoomState = {
  status: null,
  accessEndsAt: null,
  wasActive: false,
  isInLine: false,
  admissions: 0,
};

/** Applies a status from the server (an answer or a push) received at `now`. */
export function applyStatus(
  state: WaitingRoomState,
  status: WaitingRoomStatus,
  now: number,
): WaitingRoomState {
  if (status.status === 'access') {
    return {
      status,
      accessEndsAt: status.timeLeft === null ? null : now + status.timeLeft * 1000,
      wasActive: true,
      isInLine: false,
      admissions: state.isInLine ? state.admissions + 1 : state.admissions,
    };
  }
  return {
    ...state,
    status,
    accessEndsAt: null,
    isInLine: state.isInLine || status.status === 'waiting',
  };
}

/**
 * A status fetch failed: an active user gets access, anyone else waits; both ask again after
 * `defaultRetrySeconds`.
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
  return applyStatus(
    state,
    {
      status: 'waiting',
      position: previous?.position ?? null,
      timeLeft: previous?.timeLeft ?? null,
      bypass,
      retryAfter: defaultRetrySeconds,
    },
    now,
  );
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

/** What the client should do now about its status. */
export type NextStep =
  | { kind: 'refresh' }
  | { kind: 'ask'; afterMs: number }
  | { kind: 'expire'; afterMs: number }
  | { kind: 'idle' };

/**
 * The next step for a state at `now`: `expired` moves on to `refresh`, `refresh` asks at once, a
 * server `retryAfter` asks after that many seconds, and so does waiting while the socket is down (no
 * pushes arrive then); access with a known end expires then. With the socket up nothing is polled.
 */
export function nextStep(state: WaitingRoomState, now: number, isSocketUp: boolean): NextStep {
  const status = state.status;
  if (status === null) return { kind: 'idle' };
  if (status.status === 'expired') return { kind: 'refresh' };
  if (status.status === 'refresh') return { kind: 'ask', afterMs: 0 };
  if (status.retryAfter !== null) return { kind: 'ask', afterMs: status.retryAfter * 1000 };
  if (status.status === 'waiting' && !isSocketUp) {
    return { kind: 'ask', afterMs: defaultRetrySeconds * 1000 };
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

/** The estimated wait in words: whole minutes from a minute up, else "less than a minute". */
export function estimatedWaitText(timeLeft: number | null): string | null {
  if (timeLeft === null) return null;
  const minutes = waitMinutes(timeLeft);
  if (minutes === null) return 'less than a minute';
  return `about ${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
