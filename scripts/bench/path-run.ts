/**
 * The path run (issue 9; docs/performance.md, G1b): the same paced OpenAI-wire server reached three
 * ways, interleaved in one run at each concurrency: directly (the model's own timing), through a bare
 * proxy that pipes its bytes (the SillyTavern-like peer), and through the product (socket → server →
 * queue → worker → wire → worker → Redis → server → socket). Reports the time to first token each adds,
 * the delivered rate, the CPU and wake-ups per 1,000 delivered chunks of the proxy and of the
 * product's server and worker processes, and every failed, lost or duplicated reply.
 */
import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { readChunk, takeSseEvents } from '#workers/providers/openai';
import {
  connectBenchGuest,
  rate,
  replyTimeoutMs,
  timeReply,
  userText,
  type Sample,
} from './chat-path';
import { measureCpu, settle, startHelper, startProduct, type Child } from './processes';

export type Side = 'direct' | 'proxy' | 'product';

export interface PathWindow {
  side: Side;
  concurrency: number;
  samples: Sample[];
  /** CPU of the side's own processes during the window (proxy; product server + worker). */
  cpuMs: number;
  /** The product's server alone (the relay from Redis to the sockets); 0 for the other sides. */
  serverCpuMs: number;
  /** Times those processes were woken during the window. */
  wakeUps: number;
}

/** One streamed chat straight to an OpenAI-wire endpoint (the model server, or the proxy). */
async function streamChat(baseUrl: string): Promise<Sample> {
  const start = performance.now();
  let first = 0;
  let last = 0;
  let chars = 0;
  let chunks = 0;
  let isDone = false;
  const abort = new AbortController();
  const timer = setTimeout(() => {
    abort.abort();
  }, replyTimeoutMs);
  try {
    const res = await request(`${baseUrl}/chat/completions`, {
      method: 'POST',
      signal: abort.signal,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'wire',
        stream: true,
        messages: [{ role: 'user', content: userText }],
      }),
    });
    if (res.statusCode !== 200) return { ttftMs: 0, charsPerSecond: 0, chunks, outcome: 'failed' };
    res.body.setEncoding('utf8');
    let buffer = '';
    for await (const piece of res.body) {
      const now = performance.now();
      const { events, rest } = takeSseEvents(buffer + String(piece));
      buffer = rest;
      for (const data of events) {
        if (data === '[DONE]') {
          isDone = true;
          continue;
        }
        const { content } = readChunk(data);
        if (content === '') continue;
        if (first === 0) first = now;
        else chars += content.length;
        chunks += 1;
        last = now;
      }
    }
  } catch {
    return { ttftMs: first - start, charsPerSecond: 0, chunks, outcome: 'lost' };
  } finally {
    clearTimeout(timer);
  }
  return {
    ttftMs: first - start,
    charsPerSecond: rate(chars, first, last),
    chunks,
    outcome: isDone ? 'completed' : 'failed',
  };
}

export interface PathTargets {
  wireUrl: string;
  proxyUrl: string;
  productUrl: string;
  characterId: string;
  proxy: Child;
  product: { server: Child; worker: Child };
}

/**
 * Starts the paced wire server, the bare proxy in front of it and the product on `env` pointed at the
 * wire; `stop` ends them all.
 */
export async function startPathTargets(
  env: Record<string, string>,
  characterId: string,
): Promise<PathTargets & { stop: () => Promise<void> }> {
  const wire = await startHelper('scripts/bench/wire-main.ts', {}, /wire listening at (\S+)/);
  const proxy = await startHelper(
    'scripts/bench/proxy-main.ts',
    { PROXY_UPSTREAM: wire.url },
    /proxy listening at (\S+)/,
  );
  const product = await startProduct({
    ...env,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.url,
    LLM_MODEL: 'wire',
  });
  return {
    wireUrl: wire.url,
    proxyUrl: proxy.url,
    productUrl: product.url,
    characterId,
    proxy: proxy.child,
    product: { server: product.server, worker: product.worker },
    stop: async () => {
      await product.stop();
      await proxy.child.stop();
      await wire.child.stop();
    },
  };
}

async function runSide(t: PathTargets, side: Side, concurrency: number): Promise<PathWindow> {
  if (side === 'product') {
    // Sockets connect before the window: the path measured is the chat, not the handshake.
    const sockets = await Promise.all(
      Array.from({ length: concurrency }, () => connectBenchGuest(t.productUrl)),
    );
    try {
      const { server, worker } = t.product;
      const { result, cpuMs, cpuMsEach, wakeUps } = await measureCpu([server, worker], () =>
        Promise.all(sockets.map((s) => timeReply(s, t.characterId))),
      );
      return { side, concurrency, samples: result, cpuMs, serverCpuMs: cpuMsEach[0] ?? 0, wakeUps };
    } finally {
      for (const s of sockets) s.close();
    }
  }
  const url = side === 'direct' ? t.wireUrl : t.proxyUrl;
  const { result, cpuMs, wakeUps } = await measureCpu(side === 'proxy' ? [t.proxy] : [], () =>
    Promise.all(Array.from({ length: concurrency }, () => streamChat(url))),
  );
  return { side, concurrency, samples: result, cpuMs, serverCpuMs: 0, wakeUps };
}

/** Every side at every level, A B C rotated each round so none always goes first. */
export async function pathRun(
  t: PathTargets,
  plan: readonly { concurrency: number; rounds: number }[],
): Promise<PathWindow[]> {
  const sides: Side[] = ['direct', 'proxy', 'product'];
  // Warm-up: the first stream of each path pays for connections and JIT.
  for (const side of sides) await runSide(t, side, 1);
  await settle([t.proxy, t.product.server, t.product.worker]);
  const windows: PathWindow[] = [];
  for (const { concurrency, rounds } of plan) {
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < sides.length; i++) {
        const side = sides[(r + i) % sides.length];
        if (side !== undefined) windows.push(await runSide(t, side, concurrency));
      }
    }
  }
  return windows;
}
