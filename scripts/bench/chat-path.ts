/**
 * Benchmark of the whole chat path (socket → queue → worker → pub/sub → socket) against calling the same
 * model directly in-process, with the same prompt, for several concurrency levels. Runs baseline (A) and
 * product (B) alternately (A B A B ...) in one process and reports medians and ratios.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import { buildApp } from '#server/app';
import type { Config } from '#server/config';
import { createLogger } from '#server/lib/log';
import { createDb } from '#server/db/database';
import * as characters from '#server/db/repositories/characters.repo';
import {
  serverEvents,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '#shared/realtime/events';
import { defaultUserName } from '#shared/rules/macros';
import { buildPrompt } from '#workers/generation/prompt/build-prompt';
import { createProvider } from '#workers/providers/create-provider';
import type { ModelProvider } from '#workers/providers/provider';
import { startWorkers } from '#workers/start-workers';

export interface Sample {
  ttftMs: number;
  charsPerSecond: number;
}

const character = {
  name: 'Bench',
  persona: 'Bench is a storyteller who tells short stories.',
  scenario: '{{user}} asks Bench for a story.',
  greeting: 'Hello {{user}}! Shall I tell you a story?',
  dialogue: '',
};
export const userText = 'Once upon a time, tell me a story.';

function rate(chars: number, firstAt: number, lastAt: number): number {
  return lastAt > firstAt ? (chars * 1000) / (lastAt - firstAt) : Number.NaN;
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
    await provider.generate({
      messages: prompt.messages,
      maxTokens: config.LLM_MAX_TOKENS,
      temperature: config.LLM_TEMPERATURE,
      signal: new AbortController().signal,
      onText: (chunk) => {
        const now = performance.now();
        if (first === 0) first = now;
        else chars += chunk.length;
        last = now;
      },
    });
    return { ttftMs: first - start, charsPerSecond: rate(chars, first, last) };
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

/** Sends the bench message on a socket holding access and times the reply as a browser sees it. */
export async function timeReply(socket: BenchSocket, characterId: string): Promise<Sample> {
  let first = 0;
  let last = 0;
  let chars = 0;
  const done = new Promise<void>((resolve, reject) => {
    socket.onAny((event: string, raw: unknown) => {
      const now = performance.now();
      if (event === 'generation:delta') {
        const delta = serverEvents['generation:delta'].parse(raw);
        if (first === 0) first = now;
        else chars += delta.text.length;
        last = now;
      } else if (event === 'generation:completed') resolve();
      else if (event === 'generation:failed') reject(new Error('generation failed'));
    });
  });
  const start = performance.now();
  const ack = await socket.emitWithAck('message:send', {
    characterId,
    conversationId: null,
    content: userText,
  });
  if (!ack.ok) throw new Error(ack.error.code);
  await done;
  return { ttftMs: first - start, charsPerSecond: rate(chars, first, last) };
}

/** Product: each conversation sends over a socket and times deltas as the browser would see them. */
export async function productRun(
  url: string,
  characterId: string,
  concurrency: number,
): Promise<Sample[]> {
  const one = async (): Promise<Sample> => {
    const socket = await connectBenchGuest(url);
    try {
      // Through the waiting room as a browser would; its wait is not part of the path's timing.
      const watched = await socket.emitWithAck('waiting-room:watch', {});
      if (!watched.ok) throw new Error(watched.error.code);
      if (watched.data.status !== 'access') {
        await new Promise<void>((resolve) => {
          socket.on('waiting-room:status', (status) => {
            if (status.status === 'access') resolve();
          });
        });
      }
      return await timeReply(socket, characterId);
    } finally {
      socket.close();
    }
  };
  return Promise.all(Array.from({ length: concurrency }, one));
}

export interface PathBench {
  url: string;
  characterId: string;
  provider: ModelProvider;
  close: () => Promise<void>;
}

/** Starts the product (server and workers in this process) and a baseline provider on the same model. */
export async function startPathBench(config: Config): Promise<PathBench> {
  const log = createLogger('warn', 'bench');
  const db = createDb(config.DATABASE_URL, 1);
  const characterId = await characters.upsertBySlug(db, {
    slug: 'bench-storyteller',
    title: 'Tells short stories',
    ...character,
    avatarUrl: null,
    language: 'en',
    tokenCount: 0,
    tags: [],
  });
  await db.destroy();
  const app = await buildApp(config);
  const url = await app.fastify.listen({ host: '127.0.0.1', port: 0 });
  const workers = await startWorkers(config, log);
  const provider = await createProvider(config, log);
  return {
    url,
    characterId,
    provider,
    close: async () => {
      await app.fastify.close();
      await workers.close();
      await provider.close();
    },
  };
}
