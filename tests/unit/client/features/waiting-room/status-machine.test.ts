import { describe, expect, it } from 'vitest';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import {
  applyFetchFailure,
  applyStatus,
  cancelJoin,
  defaultRetrySeconds,
  estimatedWaitText,
  initialWaitingRoomState,
  isModalShown,
  mustWaitFor,
  nextStep,
  refresh,
  requestJoin,
  tick,
  type WaitingRoomState,
} from '../../../../../client/features/waiting-room/status-machine';

const now = 1_000_000;
const bypass = '7c9f7a53-2d36-4f4e-9d8e-3c7bbf1f0a11';
const other = '0b6d9d0e-5c3a-4c1e-8d7f-2a1b3c4d5e6f';

function status(overrides: Partial<WaitingRoomStatus>): WaitingRoomStatus {
  return {
    status: 'access',
    position: null,
    timeLeft: null,
    bypass: null,
    retryAfter: null,
    ...overrides,
  };
}

const waiting = status({ status: 'waiting', position: 3, timeLeft: 240 });
const access = status({ status: 'access', timeLeft: 60 });
const none = status({ status: 'none' });

function after(...steps: ((s: WaitingRoomState) => WaitingRoomState)[]): WaitingRoomState {
  return steps.reduce((s, step) => step(s), initialWaitingRoomState);
}

describe('applyStatus', () => {
  it('counts access down from timeLeft and marks the caller active', () => {
    const state = applyStatus(initialWaitingRoomState, access, now);
    expect(state.accessEndsAt).toBe(now + 60_000);
    expect(state.wasActive).toBe(true);
  });

  it('keeps access without timeLeft unlimited (callers who never wait)', () => {
    const state = applyStatus(initialWaitingRoomState, status({ timeLeft: null }), now);
    expect(state.accessEndsAt).toBeNull();
    expect(nextStep(state, now, true)).toEqual({ kind: 'idle' });
  });

  it('counts an admission only when access follows a wait in line', () => {
    const direct = applyStatus(initialWaitingRoomState, access, now);
    expect(direct.admissions).toBe(0);
    const admitted = after(
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, status({ status: 'waiting', position: 1, timeLeft: 30 }), now),
      (s) => applyStatus(s, access, now),
    );
    expect(admitted.admissions).toBe(1);
    // A refresh in between (a refused send) does not hide that the caller was in line.
    const viaRefresh = after(
      (s) => applyStatus(s, waiting, now),
      refresh,
      (s) => applyStatus(s, access, now),
    );
    expect(viaRefresh.admissions).toBe(1);
  });

  it('does not count access for a fresh visitor, whether let in at once or after browsing', () => {
    const browsedThenChatted = after(
      (s) => applyStatus(s, none, now),
      (s) => requestJoin(s, other),
      (s) => applyStatus(s, access, now),
    );
    expect(browsedThenChatted.admissions).toBe(0);
  });

  it('does not count access after a failed fetch, which only guessed the caller was waiting', () => {
    const guessed = after(
      (s) => applyFetchFailure(s, now),
      (s) => applyStatus(s, access, now),
    );
    expect(guessed.status?.status).toBe('access');
    expect(guessed.admissions).toBe(0);
  });

  it('does not count skipping the line (unlimited access, e.g. after signing in to a paid plan)', () => {
    const skipped = after(
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, status({ timeLeft: null }), now),
    );
    expect(skipped.admissions).toBe(0);
  });

  it('forgets a wait that ended out of line (a new identity, or a place lost), so no turn follows', () => {
    const signedIn = after(
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, none, now),
      (s) => requestJoin(s, other),
      (s) => applyStatus(s, access, now),
    );
    expect(signedIn.admissions).toBe(0);
  });

  it('counts every real wait once', () => {
    const twice = after(
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, access, now),
      (s) => tick(s, now + 60_000),
      refresh,
      (s) => applyStatus(s, none, now),
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, access, now),
    );
    expect(twice.admissions).toBe(2);
  });
});

describe('joining the line', () => {
  it('does nothing until a chat is opened: browsing never asks to join', () => {
    const browsing = applyStatus(initialWaitingRoomState, none, now);
    expect(browsing.joinFor).toBeNull();
    expect(nextStep(browsing, now, true)).toEqual({ kind: 'idle' });
  });

  it('joins over the socket at once when a chat is opened', () => {
    const opened = requestJoin(applyStatus(initialWaitingRoomState, none, now), other);
    expect(opened.joinFor).toBe(other);
    expect(nextStep(opened, now, true)).toEqual({ kind: 'ask', afterMs: 0, join: true });
    // Before the first answer too: the first ask is the join.
    expect(nextStep(requestJoin(initialWaitingRoomState, other), now, true)).toEqual({
      kind: 'ask',
      afterMs: 0,
      join: true,
    });
  });

  it('waits for the socket to join (REST never joins)', () => {
    const opened = requestJoin(applyStatus(initialWaitingRoomState, none, now), other);
    expect(nextStep(opened, now, false)).toEqual({ kind: 'idle' });
  });

  it('is done once the server answers with a place or access', () => {
    const opened = requestJoin(applyStatus(initialWaitingRoomState, none, now), other);
    expect(applyStatus(opened, waiting, now).joinFor).toBeNull();
    expect(applyStatus(opened, access, now).joinFor).toBeNull();
    // A look that crossed the join (none) keeps it pending.
    expect(applyStatus(opened, none, now).joinFor).toBe(other);
  });

  it('is not needed while holding access or waiting, nor for the bypass character', () => {
    const holding = applyStatus(initialWaitingRoomState, access, now);
    expect(requestJoin(holding, other)).toBe(holding);
    const inLine = applyStatus(initialWaitingRoomState, waiting, now);
    expect(requestJoin(inLine, other)).toBe(inLine);
    const withBypass = applyStatus(initialWaitingRoomState, { ...none, bypass }, now);
    expect(requestJoin(withBypass, bypass)).toBe(withBypass);
  });

  it('is cancelled when that chat closes first', () => {
    const opened = requestJoin(initialWaitingRoomState, other);
    expect(cancelJoin(opened, bypass)).toBe(opened);
    expect(cancelJoin(opened, other).joinFor).toBeNull();
  });

  it('never happens by itself when access runs out: the refresh only looks', () => {
    const expired = tick(applyStatus(initialWaitingRoomState, access, now), now + 60_000);
    expect(nextStep(refresh(expired), now, true)).toEqual({ kind: 'ask', afterMs: 0, join: false });
    expect(nextStep(applyStatus(refresh(expired), none, now), now, true)).toEqual({
      kind: 'idle',
    });
  });
});

describe('tick: access running out', () => {
  it('stays access before the end and becomes expired at it', () => {
    const state = applyStatus(initialWaitingRoomState, access, now);
    expect(tick(state, now + 59_999)).toBe(state);
    const expired = tick(state, now + 60_000);
    expect(expired.status?.status).toBe('expired');
    expect(expired.accessEndsAt).toBeNull();
  });

  it('expired moves to refresh, and refresh asks the server at once', () => {
    const expired = tick(applyStatus(initialWaitingRoomState, access, now), now + 60_000);
    expect(nextStep(expired, now, true)).toEqual({ kind: 'refresh' });
    const refreshing = refresh(expired);
    expect(refreshing.status?.status).toBe('refresh');
    expect(nextStep(refreshing, now, true)).toEqual({ kind: 'ask', afterMs: 0, join: false });
  });

  it('schedules the expiry for when access ends', () => {
    const state = applyStatus(initialWaitingRoomState, access, now);
    expect(nextStep(state, now + 20_000, true)).toEqual({ kind: 'expire', afterMs: 40_000 });
  });

  it('hides banner and modal once expired', () => {
    const expired = tick(applyStatus(initialWaitingRoomState, access, now), now + 60_000);
    expect(mustWaitFor(expired, other)).toBe(false);
  });
});

describe('applyFetchFailure', () => {
  it('gives an active user access and asks again after the default delay', () => {
    const state = applyFetchFailure(
      refresh(applyStatus(initialWaitingRoomState, access, now)),
      now,
    );
    expect(state.status).toMatchObject({ status: 'access', retryAfter: defaultRetrySeconds });
    expect(nextStep(state, now, true)).toEqual({
      kind: 'ask',
      afterMs: defaultRetrySeconds * 1000,
      join: false,
    });
  });

  it('makes anyone else wait, retrying after 30 s', () => {
    const state = applyFetchFailure(initialWaitingRoomState, now);
    expect(state.status).toMatchObject({ status: 'waiting', retryAfter: 30 });
    expect(state.wasActive).toBe(false);
    expect(nextStep(state, now, true)).toEqual({ kind: 'ask', afterMs: 30_000, join: false });
  });

  it('keeps the last known place in line of a waiter', () => {
    const state = applyFetchFailure(applyStatus(initialWaitingRoomState, waiting, now), now);
    expect(state.status).toMatchObject({ status: 'waiting', position: 3, timeLeft: 240 });
  });
});

describe('nextStep: polling', () => {
  it('re-polls after a server retryAfter', () => {
    const state = applyStatus(initialWaitingRoomState, { ...waiting, retryAfter: 12 }, now);
    expect(nextStep(state, now, true)).toEqual({ kind: 'ask', afterMs: 12_000, join: false });
  });

  it('does not poll a waiter while the socket is up, and does while it is down', () => {
    const state = applyStatus(initialWaitingRoomState, waiting, now);
    expect(nextStep(state, now, true)).toEqual({ kind: 'idle' });
    expect(nextStep(state, now, false)).toEqual({ kind: 'ask', afterMs: 30_000, join: false });
  });

  it('does nothing before the first answer', () => {
    expect(nextStep(initialWaitingRoomState, now, false)).toEqual({ kind: 'idle' });
  });
});

describe('mustWaitFor', () => {
  it('holds the chat while waiting, except with the bypass character', () => {
    const state = applyStatus(initialWaitingRoomState, { ...waiting, bypass }, now);
    expect(mustWaitFor(state, other)).toBe(true);
    expect(mustWaitFor(state, bypass)).toBe(false);
    expect(mustWaitFor(applyStatus(state, access, now), other)).toBe(false);
    expect(mustWaitFor(applyStatus(state, none, now), other)).toBe(false);
  });
});

describe('isModalShown', () => {
  it('shows while waiting until closed for this stay in line; the composer shows the place then', () => {
    const state = applyStatus(initialWaitingRoomState, waiting, now);
    expect(isModalShown(state, null, other)).toBe(true);
    expect(isModalShown(state, state.admissions, other)).toBe(false);
    expect(isModalShown(state, state.admissions, bypass)).toBe(false);
    // Closed during an earlier stay: shown again on the next.
    const nextStay = after(
      (s) => applyStatus(s, waiting, now),
      (s) => applyStatus(s, access, now),
      (s) => applyStatus(s, waiting, now),
    );
    expect(isModalShown(nextStay, 0, other)).toBe(true);
  });
});

describe('estimatedWaitText', () => {
  it('says minutes from a minute up, and less than a minute below', () => {
    expect(estimatedWaitText(null)).toBeNull();
    expect(estimatedWaitText(30)).toBe('less than a minute');
    expect(estimatedWaitText(60)).toBe('about 1 minute');
    expect(estimatedWaitText(300)).toBe('about 5 minutes');
  });
});
