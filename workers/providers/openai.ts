/**
 * The `openai` provider: streams from any OpenAI-compatible `/chat/completions` endpoint (vLLM,
 * llama.cpp server, Ollama, OpenRouter, OpenAI) with undici, parsing server-sent events as they arrive.
 */
import { errors, request } from 'undici';
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

/** Splits a growing SSE buffer into complete events; returns the events and the unfinished rest. */
export function takeSseEvents(buffer: string): { events: string[]; rest: string } {
  const text = buffer.includes('\r') ? buffer.replace(/\r\n?/g, '\n') : buffer;
  const events: string[] = [];
  let start = 0;
  for (let end = text.indexOf('\n\n'); end !== -1; end = text.indexOf('\n\n', start)) {
    const data = dataOf(text.slice(start, end));
    if (data !== '') events.push(data);
    start = end + 2;
  }
  return { events, rest: text.slice(start) };
}

/** The data of one event: its `data:` lines joined (comments and other fields dropped). */
function dataOf(event: string): string {
  if (event.startsWith('data: ') && !event.includes('\n')) return event.slice(6);
  return event
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
}

interface Chunk {
  content: string;
  finishReason: string | null;
  completionTokens: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads one streamed chunk (upstream output, checked here once): the first choice's text, its finish
 * reason and the usage count when sent. Done by hand rather than with zod: it runs for every chunk
 * (docs/performance.md, trap 10).
 */
export function readChunk(data: string): Chunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new AppError('generation_failed', { message: 'The model sent a malformed chunk.' });
  }
  if (!isRecord(value)) {
    throw new AppError('generation_failed', { message: 'The model sent a malformed chunk.' });
  }
  const choice: unknown = Array.isArray(value.choices) ? value.choices[0] : undefined;
  const delta = isRecord(choice) ? choice.delta : undefined;
  const content = isRecord(delta) ? delta.content : undefined;
  const finish = isRecord(choice) ? choice.finish_reason : undefined;
  const usage = isRecord(value.usage) ? value.usage.completion_tokens : undefined;
  if (
    (content !== undefined && content !== null && typeof content !== 'string') ||
    (value.choices !== undefined && !Array.isArray(value.choices))
  ) {
    throw new AppError('generation_failed', { message: 'The model sent a malformed chunk.' });
  }
  return {
    content: typeof content === 'string' ? content : '',
    finishReason: typeof finish === 'string' ? finish : null,
    completionTokens: typeof usage === 'number' ? usage : null,
  };
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
      // Events rather than an async iterator: one callback per arriving piece, no promise per piece.
      let buffer = '';
      const body = response.body;
      body.setEncoding('utf8');
      const isDone = await new Promise<boolean>((resolve, reject) => {
        const onData = (piece: string) => {
          try {
            const { events, rest } = takeSseEvents(buffer + piece);
            buffer = rest;
            for (const data of events) {
              if (data === '[DONE]') {
                body.off('data', onData);
                resolve(true);
                return;
              }
              const chunk = readChunk(data);
              if (chunk.content !== '') {
                text += chunk.content;
                tokenCount += 1;
                req.onText(chunk.content);
              }
              if (chunk.finishReason === 'length') stopReason = 'length';
              if (chunk.completionTokens !== null) tokenCount = chunk.completionTokens;
            }
          } catch (err) {
            body.off('data', onData);
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        };
        body.on('data', onData);
        body.once('end', () => {
          resolve(false);
        });
        body.once('error', reject);
      });
      // Whatever follows [DONE] is drained, so the connection goes back to the pool.
      body.resume();
      if (!isDone) {
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
