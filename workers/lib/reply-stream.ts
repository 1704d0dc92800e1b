/**
 * Coalesces a reply's model text into frames (docs/performance.md, trap 3): the first
 * chunk goes out at once; later ones go out with the chunk that arrives once an interval has passed
 * since the last frame, so a steady stream sends its frames while the worker is awake for a chunk
 * anyway. A timer sends what waits only when no chunk comes in time, so no text waits longer than an
 * interval. Frames are written in order, one at a time: text that falls due while the reply's last frame
 * is still being written goes out as one frame once that write is answered, so a slow Redis gets fewer,
 * larger frames instead of a queue that grows with every chunk. Where frames go, and their seq, is the
 * caller's (server/lib/reply-state.ts writes them); this holds no I/O of its own.
 *
 * A regular frame going out takes along the text every other reply of the process has had waiting
 * for three quarters of an interval. The frames of many replies then leave in the same moment, so they
 * share one write to Redis, one answer back and one wake-up of the server that delivers them, instead
 * of each reply waking both processes on its own (on a virtual machine a wake-up costs more than the
 * frame's work). A reply's first frame takes nothing along: when many replies start at once, their
 * first tokens would otherwise each pull the others' frames early, and more, smaller frames went out
 * (at 100 chats the delivered rate fell by 1%).
 */
/**
 * The frame interval, chosen from what a reader sees: text that arrives every 40-60 ms reads as smooth
 * (issue 29), so frames leave 45-60 ms apart (60, or three quarters of it when taken along). Every frame
 * costs a Redis write and reply in the worker and a wake-up and a socket write in the server; at 60 ms a
 * 256-chunk reply at 20 ms a chunk takes 87 frames instead of 104 at 50 ms.
 */
export const frameIntervalMs = 60;

/** Writes one frame: the text it adds. */
export type FrameWriter = (text: string) => Promise<void>;

/** The streams of this process with text waiting for its frame. */
const waiting = new Set<ReplyStream>();

/** Sends, with a frame that goes out now, the text other streams have had waiting long enough. */
function sendAlong(now: number): void {
  for (const stream of waiting) stream.sendIfNearlyDue(now);
}

export class ReplyStream {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  /** The frame being written, settled (never rejected) once Redis answers. */
  private writing: Promise<void> | undefined;
  /** Text fell due while a frame was being written: it goes once that write is answered. */
  private isDue = false;
  /** The first failed write: nothing is written after it, and flush fails with it. */
  private failure: { cause: unknown } | undefined;
  /** When the last frame went out; minus infinity before the first, which goes out at once. */
  private sentAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly write: FrameWriter,
    private readonly intervalMs = frameIntervalMs,
  ) {}

  /** Adds model text: sent now if an interval has passed since the last frame, else soon. */
  push(chunk: string): void {
    if (chunk === '') return;
    this.pending += chunk;
    const now = Date.now();
    if (now - this.sentAt >= this.intervalMs) {
      const isFirst = this.sentAt === Number.NEGATIVE_INFINITY;
      this.send(now);
      if (!isFirst) sendAlong(now);
      return;
    }
    waiting.add(this);
    this.timer ??= setTimeout(() => {
      const at = Date.now();
      this.send(at);
      sendAlong(at);
    }, this.intervalMs);
  }

  /** Sends what is pending; resolves once every frame so far is written, fails if one was not. */
  async flush(): Promise<void> {
    this.send(Date.now());
    while (this.writing !== undefined) await this.writing;
    if (this.failure !== undefined) throw this.failure.cause;
  }

  /** Sends what waits if three quarters of an interval have passed since the last frame (see sendAlong). */
  sendIfNearlyDue(now: number): void {
    if (now - this.sentAt >= (this.intervalMs * 3) / 4) this.send(now);
  }

  private send(now: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    waiting.delete(this);
    if (this.pending === '' || this.failure !== undefined) return;
    if (this.writing !== undefined) {
      this.isDue = true;
      return;
    }
    const text = this.pending;
    this.pending = '';
    this.sentAt = now;
    // A failed write fails flush(); a reply that ends without one (its model failed) must not leave a
    // rejection unhandled, so the failure is kept rather than thrown here.
    this.writing = this.write(text).then(
      () => {
        this.writing = undefined;
        if (!this.isDue) return;
        this.isDue = false;
        this.send(Date.now());
      },
      (cause: unknown) => {
        this.writing = undefined;
        this.failure = { cause };
      },
    );
  }
}
