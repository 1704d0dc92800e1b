/**
 * Coalesces a reply's model text into frames of about 50 ms (docs/performance.md, trap 3): the first
 * chunk goes out at once; later ones go out with the chunk that arrives once an interval has passed
 * since the last frame, so a steady stream sends its frames while the worker is awake for a chunk
 * anyway. A timer sends what waits only when no chunk comes in time, so no text waits longer than an
 * interval. Frames are written in order, one after another. Where frames go, and their seq, is the
 * caller's (server/lib/reply-state.ts writes them); this holds no I/O of its own.
 */

export const frameIntervalMs = 50;

/** Writes one frame: the text it adds. */
export type FrameWriter = (text: string) => Promise<void>;

export class ReplyStream {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;
  private written: Promise<void> = Promise.resolve();
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
    if (Date.now() - this.sentAt >= this.intervalMs) {
      this.send();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.send();
    }, this.intervalMs);
  }

  /** Sends what is pending now; resolves once every frame so far is written. */
  async flush(): Promise<void> {
    this.send();
    await this.written;
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.sentAt = Date.now();
    // Frames are written one after another, so they reach clients in order.
    this.written = this.written.then(() => this.write(text));
  }
}
