/**
 * The `openai` provider: streams from any OpenAI-compatible `/chat/completions` endpoint (vLLM,
 * llama.cpp server, Ollama, OpenRouter, OpenAI) with undici, parsing server-sent events as they arrive.
 */
import { StringDecoder } from 'node:string_decoder';
import { Agent, errors, type Dispatcher } from 'undici';
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

/** The parts of an answer the stream reader needs: its status, and the error body when not 200. */
interface Answer {
  status: number;
  errorBody: string;
  isDone: boolean;
}

export class OpenAiProvider implements ModelProvider {
  readonly name = 'openai';
  readonly contextSize: number;
  private readonly url: URL;
  /**
   * The provider's own connection pool. Not undici's global dispatcher: Node's built-in fetch may
   * install its own older undici there, which speaks an older handler interface.
   */
  private readonly agent = new Agent({ keepAliveTimeout: 30_000 });

  constructor(private readonly opts: OpenAiProviderOptions) {
    this.contextSize = opts.contextSize;
    this.url = new URL(`${opts.baseUrl.replace(/\/$/, '')}/chat/completions`);
  }

  /** The remote tokenizer is unknown: about four characters a token, rounded up. */
  countTokens(text: string): number {
    return Math.ceil(text.length / 4);
  }

  async generate(req: GenerateRequest): Promise<GenerateResult> {
    let text = '';
    let tokenCount = 0;
    let stopReason: GenerateResult['stopReason'] = 'end';
    const onEvent = (data: string) => {
      const chunk = readChunk(data);
      if (chunk.content !== '') {
        text += chunk.content;
        tokenCount += 1;
        req.onText(chunk.content);
      }
      if (chunk.finishReason === 'length') stopReason = 'length';
      if (chunk.completionTokens !== null) tokenCount = chunk.completionTokens;
    };
    const answer: Answer = { status: 0, errorBody: '', isDone: false };
    try {
      await this.stream(req, answer, onEvent);
      if (answer.status !== 200) {
        throw new AppError(answer.status >= 500 ? 'model_unavailable' : 'generation_failed', {
          message: `The model endpoint answered ${answer.status}.`,
          details: { status: answer.status, body: answer.errorBody },
        });
      }
      if (!answer.isDone) {
        throw new AppError('generation_failed', {
          message: 'The model stream ended before it finished.',
        });
      }
      return { text, tokenCount, stopReason };
    } catch (err) {
      if (req.signal.aborted) return { text, tokenCount, stopReason: 'abort' };
      throw classify(err, answer.status === 200);
    }
  }

  /**
   * Posts the chat request and feeds each server-sent event to `onEvent` as its bytes arrive. It uses
   * undici's dispatch handler rather than a response stream: the parser hands each piece straight to
   * us, without a Readable's buffering and ticks per piece (the most of a worker's CPU per chunk).
   * Resolves at [DONE] (anything after it is drained by undici) or at the end of the answer.
   */
  private stream(
    req: GenerateRequest,
    answer: Answer,
    onEvent: (data: string) => void,
  ): Promise<void> {
    const decoder = new StringDecoder('utf8');
    let buffer = '';
    const apiKey = req.apiKey ?? this.opts.apiKey;
    return new Promise<void>((resolve, reject) => {
      let isSettled = false;
      const settle = (err?: Error) => {
        if (isSettled) return;
        isSettled = true;
        req.signal.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve();
      };
      let request: Dispatcher.DispatchController | undefined;
      const onAbort = () => {
        const reason = new Error('aborted');
        request?.abort(reason);
        settle(reason);
      };
      if (req.signal.aborted) {
        settle(new Error('aborted'));
        return;
      }
      req.signal.addEventListener('abort', onAbort, { once: true });
      this.agent.dispatch(
        {
          origin: this.url.origin,
          path: this.url.pathname + this.url.search,
          method: 'POST',
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: req.model ?? this.opts.model,
            messages: req.messages,
            stream: true,
            max_tokens: req.maxTokens,
            temperature: req.temperature,
            top_p: req.topP,
            top_k: req.topK,
          }),
        },
        {
          onRequestStart: (controller) => {
            request = controller;
            if (isSettled) controller.abort(new Error('aborted'));
          },
          onResponseStart: (_controller, statusCode) => {
            answer.status = statusCode;
          },
          onResponseData: (controller, piece) => {
            if (isSettled) return;
            if (answer.status !== 200) {
              // The error body goes to the log only (reply.processor.ts), cut short.
              if (answer.errorBody.length < 300) answer.errorBody += decoder.write(piece);
              return;
            }
            try {
              const { events, rest } = takeSseEvents(buffer + decoder.write(piece));
              buffer = rest;
              for (const data of events) {
                if (data === '[DONE]') {
                  answer.isDone = true;
                  settle();
                  return;
                }
                onEvent(data);
              }
            } catch (err) {
              const error = err instanceof Error ? err : new Error(String(err));
              controller.abort(error);
              settle(error);
            }
          },
          onResponseEnd: () => {
            answer.errorBody = answer.errorBody.slice(0, 300);
            settle();
          },
          onResponseError: (_controller, err) => {
            settle(err);
          },
        },
      );
    });
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
