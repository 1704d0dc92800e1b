/**
 * A paced OpenAI-wire server in a process of its own for the path run (the model stand-in): its CPU is
 * neither the product's nor the clients'. Prints its base URL.
 *
 * With WIRE_STAMP set (the ceiling run's worker side), each piece is a stamp instead (stream-frames.ts):
 * the time it leaves, and the window its request's message names if it leaves within the span the run
 * set for that window (else no window, -1). Commands at its control address: `span` sets a window's
 * span, `sent` answers how many pieces went out within it.
 */
import { z } from 'zod';
import { startWireServer, words } from '../../testkit/openai-wire-server';
import { serveControl } from './control';
import { monotonicMs, stamp } from './stream-frames';

const SpanSchema = z.object({ window: z.number(), from: z.number(), to: z.number() });
const SentSchema = z.object({ window: z.number() });

/** Each request's window, read once from its body (`ceiling window <n>` in the user's message). */
const windows = new WeakMap<object, number>();
function windowOf(body: unknown): number {
  if (typeof body !== 'object' || body === null) return -1;
  let window = windows.get(body);
  if (window === undefined) {
    window = Number(/ceiling window (\d+)/.exec(JSON.stringify(body))?.[1] ?? -1);
    windows.set(body, window);
  }
  return window;
}

const spans = new Map<number, { from: number; to: number; sent: number }>();

function stampOf(body: unknown): string {
  const at = monotonicMs();
  const window = windowOf(body);
  const span = spans.get(window);
  if (span === undefined || at < span.from || at > span.to) return ` ${stamp(-1, at)}`;
  span.sent += 1;
  return ` ${stamp(window, at)}`;
}

const isStamping = process.env.WIRE_STAMP !== undefined;
if (isStamping) {
  await serveControl('wire control', {
    span: (body) => {
      const { window, from, to } = SpanSchema.parse(body);
      spans.set(window, { from, to, sent: 0 });
      return Promise.resolve({});
    },
    sent: (body) => Promise.resolve({ sent: spans.get(SentSchema.parse(body).window)?.sent ?? 0 }),
  });
}
const wire = await startWireServer({
  tokens: words(Number(process.env.WIRE_CHUNKS ?? 256)),
  firstTokenDelayMs: Number(process.env.WIRE_FIRST_MS ?? 20),
  tokenDelayMs: Number(process.env.WIRE_GAP_MS ?? 20),
  atWrite: isStamping ? (_piece, body) => stampOf(body) : undefined,
});
process.stdout.write(`wire listening at ${wire.baseUrl}\n`);
process.on('SIGTERM', () => {
  void wire.close().then(() => process.exit(0));
});
