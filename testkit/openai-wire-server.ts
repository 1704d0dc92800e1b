/**
 * A local server speaking the OpenAI streaming wire format (POST /v1/chat/completions, server-sent
 * events), with knobs for pacing, mid-stream failure and error statuses. Tests, e2e and the benchmark
 * use it as a real peer of the `openai` provider.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WireBehaviour {
  /** Text pieces streamed in order, one SSE chunk each. */
  tokens: string[];
  firstTokenDelayMs: number;
  tokenDelayMs: number;
  /** Destroys the connection after this many tokens, without [DONE]. */
  failAfterTokens?: number;
  /** Answers this status with a JSON error instead of streaming. */
  status?: number;
  /** The error message of that JSON error. */
  errorMessage?: string;
  /** When set, a request whose bearer key is not one of these is answered 401, as OpenAI does. */
  acceptKeys?: string[];
  /** Chooses the pieces for one request body (a summary answered apart from a reply); `tokens` otherwise. */
  respond?: (body: unknown) => string[] | undefined;
  /** Chooses the pacing for one request body (a slow reply to act on mid-stream); the delays above otherwise. */
  pace?: (body: unknown) => Pick<WireBehaviour, 'firstTokenDelayMs' | 'tokenDelayMs'> | undefined;
  /** Chooses an error status for one request body (one broken request among good ones); `status` otherwise. */
  fail?: (body: unknown) => Pick<WireBehaviour, 'status' | 'errorMessage'> | undefined;
  /** Rewrites each piece as it is written (a benchmark stamps it with the time it leaves). */
  atWrite?: (piece: string, body: unknown) => string;
}

export interface WireServer {
  baseUrl: string;
  behaviour: WireBehaviour;
  /** Bodies of the requests received, newest last. */
  requests: unknown[];
  /** The bearer key of each request received (null without one), in the same order. */
  keys: (string | null)[];
  /** How many streams the client aborted before the end. */
  aborted: number;
  close: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readBody(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return JSON.parse(raw);
}

export function words(n: number, word = 'word'): string[] {
  return Array.from({ length: n }, (_, i) => `${i === 0 ? '' : ' '}${word}${i + 1}`);
}

export async function startWireServer(initial: Partial<WireBehaviour> = {}): Promise<WireServer> {
  const state: WireServer = {
    baseUrl: '',
    behaviour: { tokens: words(5), firstTokenDelayMs: 0, tokenDelayMs: 0, ...initial },
    requests: [],
    keys: [],
    aborted: 0,
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = await readBody(req);
      state.requests.push(body);
      const auth = req.headers.authorization;
      const key = auth?.startsWith('Bearer ') === true ? auth.slice(7) : null;
      state.keys.push(key);
      const b = state.behaviour;
      if (b.acceptKeys !== undefined && (key === null || !b.acceptKeys.includes(key))) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key ?? ''}` } }));
        return;
      }
      const tokens = b.respond?.(body) ?? b.tokens;
      const { firstTokenDelayMs, tokenDelayMs } = b.pace?.(body) ?? b;
      const failure = b.fail?.(body) ?? b;
      if (failure.status !== undefined) {
        res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: failure.errorMessage ?? 'wire server error' } }),
        );
        return;
      }
      // An object property, not a `let`: the 'close' listener flips it while the loop below awaits.
      const stream = { closed: false };
      res.on('close', () => {
        if (!res.writableFinished) {
          stream.closed = true;
          state.aborted += 1;
        }
      });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      await sleep(firstTokenDelayMs);
      for (const [i, token] of tokens.entries()) {
        if (stream.closed) return;
        if (b.failAfterTokens !== undefined && i >= b.failAfterTokens) {
          res.destroy();
          return;
        }
        if (i > 0) await sleep(tokenDelayMs);
        const chunk = {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [
            {
              index: 0,
              delta: { content: b.atWrite?.(token, body) ?? token },
              finish_reason: null,
            },
          ],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      const last = {
        id: 'c1',
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      };
      res.write(`data: ${JSON.stringify(last)}\n\ndata: [DONE]\n\n`);
      res.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- listening on TCP gives an AddressInfo
  state.baseUrl = `http://127.0.0.1:${port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}
