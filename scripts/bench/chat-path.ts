/**
 * What every benchmark run shares: the bench character, guests' sockets, a reply timed as a browser
 * sees it (send → first delta → completed, with its outcome counted), and the local model called
 * directly with the prompt the worker would build (the baseline of the local-model row).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { Config } from '#server/config';
import type { Db } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime/events';
import { defaultUserName } from '#shared/rules/macros';
import { buildPrompt } from '#workers/generation/prompt/build-prompt';
import type { ModelProvider } from '#workers/providers/provider';

export interface Sample {
  ttftMs: number;
  /** Time until the send was acknowledged (product only): the server's part of the path. */
  ackMs?: number;
  charsPerSecond: number;
  /** Model chunks delivered (a wire-server word, or a stored reply's words). */
  chunks: number;
  /** Delta frames the reply came in (product only): how much the worker coalesced its chunks. */
  frames?: number;
  /** `lost`: neither completed nor failed in time; `duplicated`: completed more than once. */
  outcome: 'completed' | 'failed' | 'lost' | 'duplicated';
}

const character = {
  name: 'Bench',
  persona: 'Bench is a storyteller who tells short stories.',
  scenario: '{{user}} asks Bench for a story.',
  greeting: 'Hello {{user}}! Shall I tell you a story?',
  dialogue: '',
};
export const userText = 'Once upon a time, tell me a story.';

/** A reply not finished in this long is counted lost. */
export const replyTimeoutMs = 120_000;

export function rate(chars: number, first: number, last: number): number {
  return last > first ? (chars * 1000) / (last - first) : Number.NaN;
}

/** The bench's character, created once per run. */
export async function createBenchCharacter(db: Db): Promise<string> {
  return characters.upsertBySlug(db, {
    slug: 'bench-storyteller',
    title: 'Tells short stories',
    ...character,
    avatarUrl: null,
    creatorUserId: null,
    language: 'en',
    tokenCount: 0,
    tags: [],
  });
}

/** Baseline: the provider called directly with the prompt the worker would build. */
export async function directRun(
  provider: ModelProvider,
  config: Config,
  concurrency: number,
): Promise<Sample[]> {
  const prompt = buildPrompt({
    character,
    userName: defaultUserName,
    history: [
      { role: 'bot', content: character.greeting.replace('{{user}}', defaultUserName) },
      { role: 'user', content: userText },
    ],
    contextSize: provider.contextSize,
    maxTokens: config.LLM_MAX_TOKENS,
    countTokens: (t) => provider.countTokens(t),
  });
  const one = async (): Promise<Sample> => {
    const start = performance.now();
    let first = 0;
    let last = 0;
    let chars = 0;
    let chunks = 0;
    await provider.generate({
      messages: prompt.messages,
      maxTokens: config.LLM_MAX_TOKENS,
      temperature: config.LLM_TEMPERATURE,
      signal: new AbortController().signal,
      onText: (chunk) => {
        const now = performance.now();
        if (first === 0) first = now;
        else chars += chunk.length;
        chunks += 1;
        last = now;
      },
    });
    return {
      ttftMs: first - start,
      charsPerSecond: rate(chars, first, last),
      chunks,
      outcome: 'completed',
    };
  };
  return Promise.all(Array.from({ length: concurrency }, one));
}

export type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A new guest's socket, connected. */
export async function connectBenchGuest(url: string): Promise<BenchSocket> {
  const socket: BenchSocket = io(url, {
    auth: { guestId: randomUUID() },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * Sends the bench message in a new conversation and times the reply as a browser sees it. Never
 * throws: a refused send or a failed reply is `failed`, no end in time is `lost`, and a reply completed
 * twice is `duplicated`.
 */
export async function timeReply(socket: BenchSocket, characterId: string): Promise<Sample> {
  // Frames are kept per reply: a socket may have several conversations replying at once, and a
  // short reply in a burst may even end before the acknowledgement says which reply is this one.
  const streams = new Map<string, { first: number; last: number; chars: number; frames: number }>();
  const endings = new Map<string, { completions: number; text: string; isFailed: boolean }>();
  const endingOf = (id: string) => {
    const known = endings.get(id) ?? { completions: 0, text: '', isFailed: false };
    endings.set(id, known);
    return known;
  };
  // An object, not a `let`: the acknowledgement callback sets it while the promise below waits.
  const reply: { id: string | null } = { id: null };
  let ackMs = Number.NaN;
  const start = performance.now();
  const onDelta = (delta: { messageId: string; text: string }) => {
    const now = performance.now();
    const held = streams.get(delta.messageId);
    if (held === undefined) {
      streams.set(delta.messageId, { first: now, last: now, chars: 0, frames: 1 });
    } else {
      held.last = now;
      held.chars += delta.text.length;
      held.frames += 1;
    }
  };
  /** Ends the wait once the reply is named and has ended, whichever came first (set below). */
  const waiting: { settle: () => void } = { settle: () => undefined };
  const onCompleted = ({ message }: { message: { id: string; content: string } }) => {
    const ending = endingOf(message.id);
    ending.completions += 1;
    ending.text = message.content;
    waiting.settle();
  };
  const onFailed = ({ messageId }: { messageId: string }) => {
    endingOf(messageId).isFailed = true;
    waiting.settle();
  };
  socket.on('generation:delta', onDelta);
  socket.on('generation:completed', onCompleted);
  socket.on('generation:failed', onFailed);
  const outcome = await new Promise<Sample['outcome']>((resolve) => {
    const timer = setTimeout(() => {
      resolve('lost');
    }, replyTimeoutMs);
    waiting.settle = () => {
      const ending = reply.id === null ? undefined : endings.get(reply.id);
      if (ending === undefined) return;
      waiting.settle = () => undefined;
      clearTimeout(timer);
      if (ending.isFailed) {
        resolve('failed');
        return;
      }
      // A second completion of the same reply would arrive within this grace.
      setTimeout(() => {
        resolve(ending.completions > 1 ? 'duplicated' : 'completed');
      }, 200);
    };
    socket
      .emitWithAck('message:send', { characterId, conversationId: null, content: userText })
      .then(
        (ack) => {
          ackMs = performance.now() - start;
          if (ack.ok) {
            reply.id = ack.data.replyId;
            waiting.settle();
          } else {
            clearTimeout(timer);
            resolve('failed');
          }
        },
        () => {
          clearTimeout(timer);
          resolve('failed');
        },
      );
  });
  socket.off('generation:delta', onDelta);
  socket.off('generation:completed', onCompleted);
  socket.off('generation:failed', onFailed);
  const stream = reply.id === null ? undefined : streams.get(reply.id);
  const text = reply.id === null ? '' : (endings.get(reply.id)?.text ?? '');
  return {
    ttftMs: stream === undefined ? Number.NaN : stream.first - start,
    ackMs,
    charsPerSecond:
      stream === undefined ? Number.NaN : rate(stream.chars, stream.first, stream.last),
    chunks: text.trim() === '' ? 0 : text.trim().split(/\s+/).length,
    frames: stream?.frames ?? 0,
    outcome,
  };
}
