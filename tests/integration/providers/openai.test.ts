import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors';
import { OpenAiProvider } from '#workers/providers/openai';
import { startWireServer, words, type WireServer } from '../../../testkit/openai-wire-server';

let wire: WireServer;
let provider: OpenAiProvider;

beforeAll(async () => {
  wire = await startWireServer();
  provider = new OpenAiProvider({
    baseUrl: wire.baseUrl,
    apiKey: 'sk-test',
    model: 'wire-model',
    contextSize: 4096,
    timeoutMs: 1000,
  });
});
afterAll(async () => {
  await wire.close();
});
beforeEach(() => {
  wire.behaviour = { tokens: words(6), firstTokenDelayMs: 0, tokenDelayMs: 0 };
});

const request = (
  signal = new AbortController().signal,
  onText: (c: string) => void = () => undefined,
) => ({
  messages: [
    { role: 'system' as const, content: 'You are Mara.' },
    { role: 'user' as const, content: 'Hello' },
  ],
  maxTokens: 64,
  temperature: 0.7,
  signal,
  onText,
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('OpenAiProvider', () => {
  it('streams chunks as they arrive and sends the model, messages and key', async () => {
    const chunks: string[] = [];
    const result = await provider.generate(request(undefined, (c) => chunks.push(c)));
    expect(chunks).toEqual(words(6));
    expect(result).toEqual({ text: words(6).join(''), tokenCount: 6, stopReason: 'end' });
    expect(wire.requests.at(-1)).toMatchObject({
      model: 'wire-model',
      stream: true,
      max_tokens: 64,
      messages: [
        { role: 'system', content: 'You are Mara.' },
        { role: 'user', content: 'Hello' },
      ],
    });
  });

  it('fails with generation_failed when the stream is cut before it ends', async () => {
    wire.behaviour = {
      tokens: words(6),
      firstTokenDelayMs: 0,
      tokenDelayMs: 0,
      failAfterTokens: 2,
    };
    expect((await failure(provider.generate(request()))).code).toBe('generation_failed');
  });

  it('fails with model_unavailable on a 5xx and generation_failed on a 4xx', async () => {
    wire.behaviour = { ...wire.behaviour, status: 502 };
    expect((await failure(provider.generate(request()))).code).toBe('model_unavailable');
    wire.behaviour = { ...wire.behaviour, status: 400 };
    expect((await failure(provider.generate(request()))).code).toBe('generation_failed');
  });

  it('fails with model_timeout when the first token takes too long', async () => {
    wire.behaviour = { tokens: words(2), firstTokenDelayMs: 1500, tokenDelayMs: 0 };
    expect((await failure(provider.generate(request()))).code).toBe('model_timeout');
  });

  it('stops on abort and returns the text so far', async () => {
    wire.behaviour = { tokens: words(100), firstTokenDelayMs: 0, tokenDelayMs: 10 };
    const controller = new AbortController();
    const seen: string[] = [];
    const result = await provider.generate(
      request(controller.signal, (c) => {
        seen.push(c);
        if (seen.length === 3) controller.abort();
      }),
    );
    expect(result.stopReason).toBe('abort');
    expect(result.text).toBe(words(3).join(''));
  });
});
