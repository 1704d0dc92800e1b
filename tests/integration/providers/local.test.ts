import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyModelPath } from '#server/config';
import { LocalProvider } from '#workers/providers/local';
import { resolveLocalModel, tinyModelFile } from '#workers/providers/model-file';
import { createLogger } from '#server/lib/log';

let provider: LocalProvider;

beforeAll(async () => {
  const modelPath = await tinyModelFile(tinyModelPath, '/tmp/charchat-test-models');
  provider = await LocalProvider.load({ modelPath, threads: 1, contextSize: 512, sequences: 2 });
});
afterAll(async () => {
  await provider.close();
});

const messages = [
  { role: 'system' as const, content: 'You are a storyteller.' },
  { role: 'user' as const, content: 'Once upon a time' },
];

describe('LocalProvider (tiny llama model)', () => {
  it('streams text chunks that add up to the result, within max tokens', async () => {
    const chunks: string[] = [];
    const result = await provider.generate({
      messages,
      maxTokens: 24,
      temperature: 0,
      signal: new AbortController().signal,
      onText: (c) => chunks.push(c),
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(result.text);
    expect(result.tokenCount).toBeGreaterThan(0);
    expect(result.tokenCount).toBeLessThanOrEqual(24);
  });

  it('runs two generations at once on its sequences', async () => {
    const run = () =>
      provider.generate({
        messages,
        maxTokens: 16,
        temperature: 0.8,
        signal: new AbortController().signal,
        onText: () => undefined,
      });
    const results = await Promise.all([run(), run()]);
    expect(results.every((r) => r.text.length > 0)).toBe(true);
  });

  it('stops on abort and keeps the text so far', async () => {
    const controller = new AbortController();
    let chunks = 0;
    const result = await provider.generate({
      messages,
      maxTokens: 200,
      temperature: 0.8,
      signal: controller.signal,
      onText: () => {
        chunks += 1;
        if (chunks === 3) controller.abort();
      },
    });
    expect(result.stopReason).toBe('abort');
    expect(result.tokenCount).toBeLessThan(200);
  });

  it('counts tokens with the model tokenizer', () => {
    expect(provider.countTokens('Once upon a time')).toBeGreaterThan(0);
    expect(provider.countTokens('Once upon a time, there was a cat.')).toBeGreaterThan(
      provider.countTokens('Once'),
    );
  });
});

describe('resolveLocalModel', () => {
  it('uses a path as it is and refuses a missing file', async () => {
    const log = createLogger('silent', 'test');
    const opts = {
      defaultUri: 'hf:none/none:Q4',
      fallbackPath: tinyModelPath,
      cacheDir: '/tmp/charchat-test-models',
    };
    expect(await resolveLocalModel({ ...opts, model: tinyModelPath }, log)).toBe(tinyModelPath);
    await expect(resolveLocalModel({ ...opts, model: '/nope/model.gguf' }, log)).rejects.toThrow(
      'LLM_MODEL file not found',
    );
  });
});
