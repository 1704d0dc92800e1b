import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplyStream, frameIntervalMs } from '#workers/lib/reply-stream';

/** A writer that records frames (numbered in the order written) and can be held, to show frames never overtake each other. */
function recorder() {
  const frames: { seq: number; text: string }[] = [];
  let gate: Promise<void> = Promise.resolve();
  return {
    frames,
    hold() {
      let open: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      return () => {
        open();
      };
    },
    write: async (text: string) => {
      await gate;
      frames.push({ seq: frames.length + 1, text });
    },
  };
}

describe('ReplyStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first chunk at once, then coalesces chunks into one frame per interval', async () => {
    const r = recorder();
    const stream = new ReplyStream(r.write);
    stream.push('Once');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.frames).toEqual([{ seq: 1, text: 'Once' }]);

    await vi.advanceTimersByTimeAsync(20);
    stream.push(' upon');
    await vi.advanceTimersByTimeAsync(20);
    stream.push(' a');
    await vi.advanceTimersByTimeAsync(frameIntervalMs - 41);
    expect(r.frames).toHaveLength(1);
    // A chunk arriving once the interval has passed goes out at once, with what waited.
    await vi.advanceTimersByTimeAsync(1);
    stream.push(' time');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.frames).toEqual([
      { seq: 1, text: 'Once' },
      { seq: 2, text: ' upon a time' },
    ]);
  });

  it('sends what waits after an interval when no further chunk comes', async () => {
    const r = recorder();
    const stream = new ReplyStream(r.write);
    stream.push('Once');
    stream.push(' upon');
    await vi.advanceTimersByTimeAsync(frameIntervalMs - 1);
    expect(r.frames).toEqual([{ seq: 1, text: 'Once' }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.frames).toEqual([
      { seq: 1, text: 'Once' },
      { seq: 2, text: ' upon' },
    ]);
    // Nothing is written twice: the timer went with the frame.
    await vi.advanceTimersByTimeAsync(frameIntervalMs * 3);
    expect(r.frames).toHaveLength(2);
  });

  it('keeps frames an interval apart in a steady stream of chunks, without waiting on its timer', async () => {
    const r = recorder();
    const stream = new ReplyStream(r.write);
    for (let i = 0; i < 12; i++) {
      stream.push(`w${String(i)} `);
      await vi.advanceTimersByTimeAsync(20);
    }
    // Chunks 20 ms apart: a frame with every third chunk (0, 60, 120, 180 ms), none from the timer.
    expect(r.frames.map((f) => f.text)).toEqual(['w0 ', 'w1 w2 w3 ', 'w4 w5 w6 ', 'w7 w8 w9 ']);
    // The stream pauses: what waits goes out an interval after it began to wait.
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    expect(r.frames.at(-1)?.text).toBe('w10 w11 ');
  });

  it('flush sends what is pending and resolves once every frame is written, in seq order', async () => {
    const r = recorder();
    const stream = new ReplyStream(r.write);
    const release = r.hold();
    stream.push('a');
    await vi.advanceTimersByTimeAsync(0);
    stream.push('b');
    const flushed = stream.flush();
    let isFlushed = false;
    void flushed.then(() => {
      isFlushed = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isFlushed).toBe(false);
    release();
    await flushed;
    expect(r.frames).toEqual([
      { seq: 1, text: 'a' },
      { seq: 2, text: 'b' },
    ]);
  });

  it('holds text that falls due while the last frame is written, and sends it as one frame once that write is answered', async () => {
    const r = recorder();
    let writes = 0;
    const stream = new ReplyStream(async (text) => {
      writes += 1;
      await r.write(text);
    });
    const release = r.hold();
    stream.push('A0');
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    stream.push(' A1');
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    stream.push(' A2');
    await vi.advanceTimersByTimeAsync(frameIntervalMs * 2);
    // Redis has not answered the first frame: nothing else is written, nothing is queued behind it.
    expect(writes).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.frames).toEqual([
      { seq: 1, text: 'A0' },
      { seq: 2, text: ' A1 A2' },
    ]);
    // Text that is not due when a write is answered still waits for its interval.
    stream.push(' A3');
    await vi.advanceTimersByTimeAsync(frameIntervalMs - 1);
    expect(r.frames).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(r.frames.at(-1)).toEqual({ seq: 3, text: ' A3' });
  });

  it('writes nothing after a failed write, and fails flush with it', async () => {
    const written: string[] = [];
    let isFailing = true;
    const stream = new ReplyStream((text) => {
      written.push(text);
      return isFailing ? Promise.reject(new Error('Redis went away')) : Promise.resolve();
    });
    stream.push('lost');
    await vi.advanceTimersByTimeAsync(0);
    isFailing = false;
    stream.push(' later');
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    await expect(stream.flush()).rejects.toThrow('Redis went away');
    expect(written).toEqual(['lost']);
  });

  it('ignores empty chunks', async () => {
    const r = recorder();
    const stream = new ReplyStream(r.write);
    stream.push('');
    await vi.advanceTimersByTimeAsync(frameIntervalMs * 2);
    expect(r.frames).toEqual([]);
    stream.push('again');
    await stream.flush();
    expect(r.frames).toEqual([{ seq: 1, text: 'again' }]);
  });

  it("takes along other replies' text waiting for three quarters of an interval, so their frames leave together", async () => {
    const a = recorder();
    const b = recorder();
    const c = recorder();
    const streamA = new ReplyStream(a.write);
    const streamB = new ReplyStream(b.write);
    const streamC = new ReplyStream(c.write);
    const texts = (r: ReturnType<typeof recorder>) => r.frames.map((f) => f.text);
    streamA.push('A0');
    streamB.push('B0');
    await vi.advanceTimersByTimeAsync(10);
    streamB.push(' B1');
    await vi.advanceTimersByTimeAsync(10);
    streamA.push(' A1');
    await vi.advanceTimersByTimeAsync(frameIntervalMs - 20);
    // A's frame is due: B's text goes with it, before B's own timer would send it.
    streamA.push(' A2');
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(a)).toEqual(['A0', ' A1 A2']);
    expect(texts(b)).toEqual(['B0', ' B1']);

    await vi.advanceTimersByTimeAsync(frameIntervalMs - 10);
    streamC.push('C0');
    await vi.advanceTimersByTimeAsync(5);
    streamC.push(' C1');
    await vi.advanceTimersByTimeAsync(5);
    // C's last frame left 10 ms ago, too recently to go along with A's next frame.
    streamA.push(' A3');
    await vi.advanceTimersByTimeAsync(0);
    expect(texts(a)).toEqual(['A0', ' A1 A2', ' A3']);
    expect(texts(c)).toEqual(['C0']);
    // C's text still goes within an interval of its waiting, and once only.
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    expect(texts(c)).toEqual(['C0', ' C1']);
    await Promise.all([streamA.flush(), streamB.flush(), streamC.flush()]);
    expect(texts(b)).toEqual(['B0', ' B1']);
  });

  it("sends a reply's first frame alone, taking no other reply's text along", async () => {
    const a = recorder();
    const b = recorder();
    const streamA = new ReplyStream(a.write);
    const streamB = new ReplyStream(b.write);
    streamA.push('A0');
    await vi.advanceTimersByTimeAsync(frameIntervalMs - 5);
    streamA.push(' A1');
    // B starts while A's text has waited for most of an interval: A's text keeps waiting for its timer.
    streamB.push('B0');
    await vi.advanceTimersByTimeAsync(0);
    expect(a.frames.map((f) => f.text)).toEqual(['A0']);
    expect(b.frames.map((f) => f.text)).toEqual(['B0']);
    await vi.advanceTimersByTimeAsync(frameIntervalMs);
    expect(a.frames.map((f) => f.text)).toEqual(['A0', ' A1']);
  });

  it('fails flush with a failed write, and leaves no rejection unhandled when nobody flushes', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const failing = new ReplyStream(() => Promise.reject(new Error('Redis went away')));
      failing.push('lost');
      await expect(failing.flush()).rejects.toThrow('Redis went away');
      // A reply whose model failed never flushes; its waiting text still goes out with the timer.
      const abandoned = new ReplyStream(() => Promise.reject(new Error('Redis went away')));
      abandoned.push('first');
      abandoned.push(' second');
      await vi.advanceTimersByTimeAsync(frameIntervalMs);
      // Node reports an unhandled rejection once the microtasks are done: give it real time to.
      vi.useRealTimers();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('writes nothing on flush when nothing is pending', async () => {
    const r = recorder();
    await new ReplyStream(r.write).flush();
    expect(r.frames).toEqual([]);
  });
});
