/**
 * The `local` provider: a GGUF model in-process through node-llama-cpp. One context with a sequence
 * per concurrent generation (batched), with the configured thread count (docs/performance.md, trap 1).
 */
import {
  LlamaChat,
  LlamaLogLevel,
  getLlama,
  resolveChatWrapper,
  type ChatHistoryItem,
  type ChatWrapper,
  type LlamaContext,
  type LlamaModel,
} from 'node-llama-cpp';
import { AppError } from '#server/lib/errors';
import type { ChatMessage, GenerateRequest, GenerateResult, ModelProvider } from './provider';

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

export class LocalProvider implements ModelProvider {
  readonly name = 'local';

  private constructor(
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly chatWrapper: ChatWrapper,
  ) {}

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
    return new LocalProvider(model, context, chatWrapper);
  }

  get contextSize(): number {
    return this.context.contextSize;
  }

  countTokens(text: string): number {
    return this.model.tokenize(text).length;
  }

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const sequence = this.context.getSequence();
    const chat = new LlamaChat({ contextSequence: sequence, chatWrapper: this.chatWrapper });
    let tokenCount = 0;
    let written = '';
    try {
      const result = await chat.generateResponse(toHistory(request.messages), {
        maxTokens: request.maxTokens,
        temperature: request.temperature,
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
      chat.dispose({ disposeSequence: true });
    }
  }

  async close(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
  }
}
