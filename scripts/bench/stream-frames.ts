/**
 * The paced streams of the ceiling run (scripts/bench/ceiling.ts): every stream sends a frame each
 * 50 ms, as a reply does (workers/lib/reply-stream.ts), and each frame's text carries its window and
 * stamps; the receiving processes tally each frame's delay and the frames lost or repeated, per window.
 * A frame is a `generation:delta` payload in every part, so every receiver reads the same thing.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerEventPayload } from '#shared/realtime/events';
import { frameIntervalMs } from '#workers/lib/reply-stream';

/** What a receiver reads of a `generation:delta`: its stream, its seq and its stamped text. */
export type Delta = Pick<ServerEventPayload<'generation:delta'>, 'conversationId' | 'seq' | 'text'>;

/**
 * Milliseconds on the monotonic clock (CLOCK_MONOTONIC, which every process of the machine shares), so
 * a stamp written in one process is compared with a receipt in another.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** A frame's text: the window it belongs to and the time it is stamped with. */
export function stamp(window: number, at: number): string {
  return `${String(window)} ${at.toFixed(3)}`;
}

/**
 * The stamps of a frame's text, oldest first: one in a paced frame, one per model chunk in a frame a
 * worker coalesced from several chunks.
 */
export function readStamps(text: string): { window: number; at: number }[] {
  const words = text.trim().split(/\s+/);
  const stamps: { window: number; at: number }[] = [];
  for (let i = 0; i + 1 < words.length; i += 2) {
    stamps.push({ window: Number(words[i]), at: Number(words[i + 1]) });
  }
  return stamps;
}

/** A delta's fields, if `value` is one; a cheap check, since it runs on every frame a receiver gets. */
export function readDelta(value: unknown): Delta | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('seq' in value && 'text' in value && 'conversationId' in value)) return undefined;
  const { seq, text, conversationId } = value;
  if (typeof seq !== 'number' || typeof text !== 'string' || typeof conversationId !== 'string') {
    return undefined;
  }
  return { conversationId, seq, text };
}

/** How often the pacer wakes: in a sender that keeps up, a frame waits at most this long past due. */
const tickMs = 5;

/** One frame due: its stream (an index into the sender's streams), its seq from 1, its due time. */
export interface Slot {
  stream: number;
  seq: number;
  dueAt: number;
}

/**
 * Sends `streams` streams' frames for `windowMs`, open-loop (docs/performance.md, "How to measure"):
 * slot g (stream g mod n, seq g div n + 1) is due g × interval / n ms after the start, so the streams'
 * frames are spread evenly over each interval. Each wake-up sends every slot already due, stamped with
 * its due time, so a sender that falls behind shows as delay rather than as a lower rate. Resolves
 * with the number of frames sent.
 */
export async function paceStreams(
  streams: number,
  windowMs: number,
  send: (due: Slot[]) => void,
): Promise<number> {
  const total = streams * Math.floor(windowMs / frameIntervalMs);
  const slotMs = frameIntervalMs / streams;
  const start = monotonicMs();
  let sent = 0;
  while (sent < total) {
    const dueNow = Math.min(total, Math.floor((monotonicMs() - start) / slotMs) + 1);
    const due: Slot[] = [];
    for (; sent < dueNow; sent++) {
      due.push({
        stream: sent % streams,
        seq: Math.floor(sent / streams) + 1,
        dueAt: start + sent * slotMs,
      });
    }
    if (due.length > 0) send(due);
    await sleep(tickMs);
  }
  return total;
}

/** What a receiving process saw of one window. */
export interface WindowTally {
  /** Receipt time less the newest stamp, per frame. */
  delaysMs: number[];
  /** Stamps received once (paced frames: frames; a worker's frames: the model chunks they carry). */
  received: number;
  /** Frames whose seq was not above their stream's last (a stream's frames come in order). */
  duplicated: number;
}

/** What a receiving process answers for a window. */
export interface ReceiverReport extends WindowTally {
  /** Sockets that could not connect or join, or dropped, since the last report. */
  failed: number;
}

/**
 * A receiver's tally, window by window. Taking a window's tally closes it: a frame of that window
 * arriving later is not counted, so it shows as lost. Stamps of no window (negative: outside the span
 * a worker's window measures) are not counted either.
 */
export class FrameTally {
  private readonly windows = new Map<number, WindowTally & { lastSeq: Map<string, number> }>();
  private closedThrough = -1;

  record(delta: Delta, receivedAt: number): void {
    const stamps = readStamps(delta.text).filter((s) => s.window > this.closedThrough);
    const newest = stamps.at(-1);
    if (newest === undefined) return;
    let tally = this.windows.get(newest.window);
    if (tally === undefined) {
      tally = { delaysMs: [], received: 0, duplicated: 0, lastSeq: new Map() };
      this.windows.set(newest.window, tally);
    }
    const last = tally.lastSeq.get(delta.conversationId) ?? 0;
    if (delta.seq <= last) {
      tally.duplicated += 1;
      return;
    }
    tally.lastSeq.set(delta.conversationId, delta.seq);
    tally.delaysMs.push(receivedAt - newest.at);
    tally.received += stamps.length;
  }

  take(window: number): WindowTally {
    const tally = this.windows.get(window);
    this.windows.delete(window);
    this.closedThrough = Math.max(this.closedThrough, window);
    return {
      delaysMs: tally?.delaysMs ?? [],
      received: tally?.received ?? 0,
      duplicated: tally?.duplicated ?? 0,
    };
  }
}
