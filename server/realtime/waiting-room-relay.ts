/**
 * Pushes waiting-room positions to the waiters whose sockets this server holds. Each admission tick
 * broadcasts only the head of the line and the tickets left empty; every waiter's position follows from
 * their ticket, and the updates go out in slices so a long line never blocks the event loop
 * (docs/performance.md, trap 4). Each is written as its packet (lib/event-packets.ts): with thousands
 * at each advance, what Socket.IO allocates around an emit is most of the garbage an advance makes.
 */
import type { Socket } from 'socket.io';
import { WaitingRoomMovedSchema, type WaitingRoomMoved } from '#shared/realtime/frames';
import type { WaitingRoomStatus } from '#shared/schemas/waiting-room';
import { eventPacket } from '../lib/event-packets';
import type { Logger } from '../lib/log';
import { positionOf } from '../lib/waiting-room';
import type { WaitingRoom } from '../services/waiting-room.service';

/**
 * Sockets emitted to before yielding to the event loop. With 10,000 waiters moving at each advance
 * (`BENCH_ONLY=waiters npm run bench`), 50 kept the server's longest event-loop block at 26-29 ms and
 * every update within 300 ms of its advance; 100 gave 31-39 ms and 500 gave 69-114 ms.
 */
const sliceSize = 50;
/** How often this server tells Redis its waiters are still there. */
const touchEveryMs = 20_000;

interface Waiter {
  socket: Socket;
  userId: string;
  ticket: number;
  position: number;
}

export class WaitingRoomRelay {
  private readonly waiters = new Map<string, Waiter>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly waitingRoom: WaitingRoom,
    private readonly log: Logger,
  ) {
    this.timer = setInterval(() => {
      const ids = [...new Set([...this.waiters.values()].map((w) => w.userId))];
      this.waitingRoom.store.touch(ids).catch((err: unknown) => {
        this.log.warn({ err }, 'could not mark waiters as present');
      });
    }, touchEveryMs);
    this.timer.unref();
  }

  /** Follows a socket while its caller waits; a caller with access needs no updates. */
  watch(socket: Socket, userId: string, status: WaitingRoomStatus, ticket: number | null): void {
    if (status.status === 'waiting' && ticket !== null && status.position !== null) {
      this.waiters.set(socket.id, { socket, userId, ticket, position: status.position });
    } else {
      this.waiters.delete(socket.id);
    }
  }

  forget(socketId: string): void {
    this.waiters.delete(socketId);
  }

  /** Handles a raw message of the waiting-room channel. */
  onMessage(raw: string): void {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = WaitingRoomMovedSchema.safeParse(data);
    if (!parsed.success) {
      this.log.warn('dropped an invalid waiting-room message');
      return;
    }
    void this.moved(parsed.data).catch((err: unknown) => {
      this.log.error({ err }, 'waiting-room update failed');
    });
  }

  private async moved(moved: WaitingRoomMoved): Promise<void> {
    // Every tick reaches every server; one with nobody waiting on it has nothing to read or tell.
    if (this.waiters.size === 0) return;
    const admitted = new Set(moved.admitted);
    const bypass = this.waitingRoom.settings.bypassCharacterId;
    const estimate = await this.waitingRoom.estimator();
    const accessSeconds = this.waitingRoom.admissionSeconds;
    const updates: [Waiter, WaitingRoomStatus][] = [];
    const lost: Waiter[] = [];
    for (const [id, waiter] of this.waiters) {
      if (admitted.has(waiter.userId)) {
        this.waiters.delete(id);
        updates.push([
          waiter,
          { status: 'access', position: null, timeLeft: accessSeconds, bypass, retryAfter: null },
        ]);
        continue;
      }
      const position = positionOf(waiter.ticket, moved.head, moved.holes);
      // Head past this ticket without admitting it: the waiter left the line (unseen); ask again.
      if (moved.head === 0 || position < 1) {
        lost.push(waiter);
        continue;
      }
      if (position === waiter.position) continue;
      waiter.position = position;
      updates.push([
        waiter,
        {
          status: 'waiting',
          position,
          timeLeft: estimate(position),
          bypass,
          retryAfter: null,
        },
      ]);
    }
    for (const waiter of lost) {
      this.waiters.delete(waiter.socket.id);
      updates.push([
        waiter,
        { status: 'refresh', position: null, timeLeft: null, bypass, retryAfter: null },
      ]);
    }
    for (let i = 0; i < updates.length; i += sliceSize) {
      for (const [waiter, status] of updates.slice(i, i + sliceSize)) {
        waiter.socket.conn.write(eventPacket('waiting-room:status', status));
      }
      if (i + sliceSize < updates.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.waiters.clear();
  }
}
