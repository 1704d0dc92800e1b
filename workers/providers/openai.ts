/**
 * The `openai` provider: streams from any OpenAI-compatible `/chat/completions` endpoint (vLLM,
 * llama.cpp server, Ollama, OpenRouter, OpenAI) with undici, parsing server-sent events as they arrive.
 */
import { errors, request } from 'undici';
import { z } from 'zod';
import { AppError } from '#server/lib/errors';
import type { GenerateRequest, GenerateResult, ModelProvider } from './provider';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  contextSize: number;
  /** Longest wait for the response headers and between two chunks of the stream. */
  timeoutMs: number;
}

const ChunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  usage: z.object({ completion_tokens: z.number() }).nullish(),
});

/** Splits a growing SSE buffer into complete events; returns the events and the unfinished rest. */
export function takeSseEvents(buffer: string): { events: string[]; rest: string } {
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? '';
  const events = parts.map((part) =>
    part
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''))
      .join('\n'),
  );
  return { events: events.filter((e) => e !== ''), rest };
}

/** Maps a failure to its code; a connection lost once the stream began is a failed generation. */
function classify(err: unknown, isStreaming: boolean): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof errors.HeadersTimeoutError || err instanceof errors.BodyTimeoutError) {
    return new AppError('model_timeout', { cause: err });
  }
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'UND_ERR_SOCKET'];
  if (!isStreaming && unreachable.includes(code)) {
    return new AppError('model_unavailable', { cause: err });
  }
  return new AppError('generation_failed', { cause: err });
}

export class OpenAiProvider implements ModelProvider {
  readonly name = 'openai';
  readonly contextSize: number;

  constructor(private readonly opts: OpenAiProviderOptions) {
    this.contextSize = opts.contextSize;
  }

  /** The remote tokenizer is unknown: about four characters a token, rounded up. */
  countTokens(text: string): number {
    return Math.ceil(text.length / 4);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    let text = '';
    let tokenCount = 0;
    let stopReason: GenerateResult['stopReason'] = 'end';
    let isStreaming = false;
    try {
      const response = await request(`${this.opts.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        signal: req.signal,
        headersTimeout: this.opts.timeoutMs,
        bodyTimeout: this.opts.timeoutMs,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.opts.model,
          messages: req.messages,
          stream: true,
          max_tokens: req.maxTokens,
          temperature: req.temperature,
        }),
      });
      if (response.statusCode !== 200) {
        const detail = (await response.body.text()).slice(0, 300);
        throw new AppError(response.statusCode >= 500 ? 'model_unavailable' : 'generation_failed', {
          message: `The model endpoint answered ${response.statusCode}.`,
          details: { status: response.statusCode, body: detail },
        });
      }
      isStreaming = true;
      let buffer = '';
      let done = false;
      response.body.setEncoding('utf8');
      for await (const piece of response.body) {
        buffer += String(piece);
        const { events, rest } = takeSseEvents(buffer);
        buffer = rest;
        for (const data of events) {
          if (data === '[DONE]') {
            done = true;
            break;
          }
          const chunk = ChunkSchema.safeParse(JSON.parse(data));
          if (!chunk.success)
            throw new AppError('generation_failed', {
              message: 'The model sent a malformed chunk.',
            });
          const choice = chunk.data.choices[0];
          const content = choice?.delta?.content ?? '';
          if (content !== '') {
            text += content;
            tokenCount += 1;
            req.onText(content);
          }
          if (choice?.finish_reason === 'length') stopReason = 'length';
          if (chunk.data.usage) tokenCount = chunk.data.usage.completion_tokens;
        }
        if (done) break;
      }
      if (!done) {
        throw new AppError('generation_failed', {
          message: 'The model stream ended before it finished.',
        });
      }
      return { text, tokenCount, stopReason };
    } catch (err) {
      if (req.signal.aborted) return { text, tokenCount, stopReason: 'abort' };
      throw classify(err, isStreaming);
    }
  }

  async close(): Promise<void> {
    // undici's global dispatcher keeps no per-provider state.
  }
}
