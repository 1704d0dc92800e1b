/**
 * Keeps `waitingRoomAtom` current (product-core.md §4, "Waiting queue"): asks over the socket on start
 * and on every (re)connect, applies the server's pushes, uses REST only while the socket is down, and
 * follows `nextStep` for joining from an opened chat, the local countdown, `refresh` and re-polls.
 * Asking never joins the line unless a chat was opened (`requestJoin`). Only the latest answer counts.
 */
import type { ApiClient } from '../../lib/api-client';
import type { ChatSocket } from '../../lib/socket';
import { subscribeServerEvents } from '../../lib/socket';
import type { AppStore } from '../../lib/store';
import { fetchWaitingRoom, watchWaitingRoom } from './api';
import { waitingRoomAtom } from './atoms';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import {
  applyFetchFailure,
  applyStatus,
  nextStep,
  refresh,
  tick,
  type WaitingRoomState,
} from './status-machine';

/** How long to wait for the socket to connect at start before asking over REST instead. */
const connectGraceMs = 3000;

/** Starts watching; returns the function that stops it. */
export function startWaitingRoomWatch(deps: {
  api: ApiClient;
  socket: ChatSocket;
  store: AppStore;
}): () => void {
  const { api, socket, store } = deps;
  let latestAsk = 0;
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let askedFor: WaitingRoomState | null = null;

  const update = (next: (state: WaitingRoomState) => WaitingRoomState) => {
    if (!isStopped) store.set(waitingRoomAtom, next(store.get(waitingRoomAtom)));
  };

  const ask = async (join: boolean) => {
    const ask = ++latestAsk;
    let answer: WaitingRoomStatus | null = null;
    if (socket.connected) {
      const ack = await watchWaitingRoom(socket, join);
      if (ack.ok) answer = ack.data;
    } else {
      answer = await fetchWaitingRoom(api).catch(() => null);
    }
    // A later ask or a push already moved the status on.
    if (ask !== latestAsk) return;
    update((state) =>
      answer === null
        ? applyFetchFailure(state, Date.now())
        : applyStatus(state, answer, Date.now()),
    );
  };

  const schedule = () => {
    clearTimeout(timer);
    if (isStopped) return;
    const state = store.get(waitingRoomAtom);
    const step = nextStep(state, Date.now(), socket.connected);
    switch (step.kind) {
      case 'refresh':
        update(refresh);
        return;
      case 'ask':
        if (step.afterMs === 0) {
          // One ask per refresh state, however often the state is looked at.
          if (askedFor !== state) {
            askedFor = state;
            void ask(step.join);
          }
        } else {
          timer = setTimeout(() => void ask(step.join), step.afterMs);
        }
        return;
      case 'expire':
        timer = setTimeout(() => {
          update((s) => tick(s, Date.now()));
        }, step.afterMs);
        return;
      case 'idle':
        return;
    }
  };

  const unsubscribeAtom = store.sub(waitingRoomAtom, () => {
    queueMicrotask(schedule);
  });
  const unsubscribeEvents = subscribeServerEvents(socket, {
    'waiting-room:status': (status) => {
      latestAsk++;
      update((state) => applyStatus(state, status, Date.now()));
    },
  });
  /** Joins on asking only while an opened chat still waits to join its line. */
  const isJoinPending = () => store.get(waitingRoomAtom).joinFor !== null;
  const onConnect = () => void ask(isJoinPending());
  // Down: no pushes arrive, so ask over REST (schedule then polls while waiting).
  const onDisconnect = () => void ask(false);
  const onConnectError = () => {
    if (store.get(waitingRoomAtom).status === null) void ask(false);
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onConnectError);

  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  if (socket.connected) {
    void ask(isJoinPending());
  } else {
    if (!socket.active) socket.connect();
    graceTimer = setTimeout(() => {
      if (!socket.connected && store.get(waitingRoomAtom).status === null) void ask(false);
    }, connectGraceMs);
  }

  return () => {
    isStopped = true;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    unsubscribeAtom();
    unsubscribeEvents();
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onConnectError);
  };
}
