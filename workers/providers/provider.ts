/**
 * The model interface every provider implements (docs/architecture.md, "Model providers"):
 * a chat request in, text chunks streamed out, abortable, with the provider's token counter.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateRequest {
  messages: readonly ChatMessage[];
  maxTokens: number;
  temperature: number;
  /** Nucleus sampling; the provider's default when absent. */
  topP?: number;
  /** Top-k sampling, 0 for off; the provider's default when absent. */
  topK?: number;
  /** The registry model's name upstream, for providers serving several models; theirs when absent. */
  model?: string;
  /** A member's own API key, sent instead of the provider's (workers/generation/own-key.ts). */
  apiKey?: string;
  /** Aborting keeps the text written so far; the result then says `stopReason: 'abort'`. */
  signal: AbortSignal;
  onText: (chunk: string) => void;
}

export interface GenerateResult {
  text: string;
  tokenCount: number;
  stopReason: 'end' | 'length' | 'abort';
}

export interface ModelProvider {
  readonly name: string;
  /** Tokens the model can attend to: the prompt budget is this minus the reply's max tokens. */
  readonly contextSize: number;
  /** Counts tokens as the model does (an estimate where the model's tokenizer is remote). */
  countTokens(text: string): number;
  /** Throws AppError (model_unavailable, model_timeout, generation_failed) when the model fails. */
  generate(request: GenerateRequest): Promise<GenerateResult>;
  close(): Promise<void>;
}
