/**
 * The `local` provider: a GGUF model in-process through node-llama-cpp. One context with a sequence
 * per concurrent generation (batched), with the configured thread count (docs/performance.md, trap 1).
 * The sequences are made once and lent out: a reply beyond them waits for one, never fails for lack
 * of one (a sequence given back to node-llama-cpp is reclaimed only later, asynchronously).
 */
import {
  LlamaChat,
  LlamaLogLevel,
  getLlama,
  resolveChatWrapper,
  type ChatHistoryItem,
  type ChatWrapper,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaModel,
} from 'node-llama-cpp';
import { AppError } from '#server/lib/errors';
import type { ChatMessage, GenerateRequest, GenerateResult, ModelProvider } from './provider';
import { TokenCounts } from './token-counts';

export interface LocalProviderOptions {
  modelPath: string;
  threads: number;
  contextSize: number;
  sequences: number;
}

function toHistory(messages: readonly ChatMessage[]): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = messages.map((m): ChatHistoryItem => {
    if (m.role === 'system') return { type: 'system', text: m.content };
    if (m.role === 'user') return { type: 'user', text: m.content };
    return { type: 'model', response: [m.content] };
  });
  history.push({ type: 'model', response: [] });
  return history;
}

/** The context's sequences, lent one per generation; a borrower waits in arrival order. */
export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly waiters: ((sequence: LlamaContextSequence) => void)[] = [];

  constructor(sequences: LlamaContextSequence[]) {
    this.free = [...sequences];
  }

  /** A free sequence, or the next one given back; rejects if the signal aborts while waiting. */
  acquire(signal: AbortSignal): Promise<LlamaContextSequence> {
    const sequence = this.free.pop();
    if (sequence !== undefined) return Promise.resolve(sequence);
    return new Promise((resolve, reject) => {
      const waiter = (s: LlamaContextSequence) => {
        signal.removeEventListener('abort', onAbort);
        resolve(s);
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error('aborted while waiting for a sequence'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(sequence: LlamaContextSequence): void {
    const next = this.waiters.shift();
    if (next !== undefined) next(sequence);
    else this.free.push(sequence);
  }
}

export class LocalProvider implements ModelProvider {
  readonly name = 'local';

  private readonly pool: SequencePool;
  private readonly tokenCounts: TokenCounts;

  private constructor(
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly chatWrapper: ChatWrapper,
    sequences: number,
  ) {
    this.pool = new SequencePool(Array.from({ length: sequences }, () => context.getSequence()));
    this.tokenCounts = new TokenCounts((text) => model.tokenize(text).length);
  }

  static async load(opts: LocalProviderOptions): Promise<LocalProvider> {
    let model: LlamaModel;
    try {
      const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error });
      model = await llama.loadModel({ modelPath: opts.modelPath });
    } catch (err) {
      throw new AppError('model_unavailable', {
        message: `The local model could not be loaded from ${opts.modelPath}.`,
        cause: err,
      });
    }
    const context = await model.createContext({
      contextSize: Math.min(opts.contextSize, model.trainContextSize),
      sequences: opts.sequences,
      threads: opts.threads,
    });
    const chatWrapper = resolveChatWrapper(model);
    return new LocalProvider(model, context, chatWrapper, opts.sequences);
  }

  get contextSize(): number {
    return this.context.contextSize;
  }

  countTokens(text: string): number {
    return this.tokenCounts.count(text);
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    let sequence: LlamaContextSequence;
    try {
      sequence = await this.pool.acquire(request.signal);
    } catch {
      return { text: '', tokenCount: 0, stopReason: 'abort' };
    }
    const chat = new LlamaChat({
      contextSequence: sequence,
      chatWrapper: this.chatWrapper,
      autoDisposeSequence: false,
    });
    let tokenCount = 0;
    let written = '';
    try {
      const result = await chat.generateResponse(toHistory(request.messages), {
        maxTokens: request.maxTokens,
        temperature: request.temperature,
        topP: request.topP,
        topK: request.topK,
        signal: request.signal,
        stopOnAbortSignal: true,
        onToken: (tokens) => {
          tokenCount += tokens.length;
        },
        onTextChunk: (chunk) => {
          written += chunk;
          request.onText(chunk);
        },
      });
      const reason = result.metadata.stopReason;
      return {
        text: result.response,
        tokenCount,
        stopReason: reason === 'abort' ? 'abort' : reason === 'maxTokens' ? 'length' : 'end',
      };
    } catch (err) {
      if (request.signal.aborted) return { text: written, tokenCount, stopReason: 'abort' };
      throw new AppError('generation_failed', { cause: err });
    } finally {
      chat.dispose({ disposeSequence: false });
      this.pool.release(sequence);
    }
  }

  async close(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}
