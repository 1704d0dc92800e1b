/**
 * Any OpenAI-compatible speech endpoint (POST {base}/audio/speech): OpenAI, or a self-hosted server
 * speaking its wire format. WAV is asked for, so every engine's audio is checked and played alike.
 */
import { Agent } from 'undici';
import type { VoiceId } from '#shared/rules/speech';
import { bearer, postJson, type Engine } from '../lib/engine-request';
import { SpeechEngineError, type SpeechProvider } from './provider';

const engine: Engine = {
  what: 'the speech endpoint',
  error: (message) => new SpeechEngineError(message),
};

/** The endpoint's voice for each of ours. */
const engineVoices: Record<VoiceId, string> = {
  'warm-narrator': 'onyx',
  'bright-guide': 'nova',
  'old-sage': 'echo',
  'quick-wit': 'shimmer',
  'soft-whisper': 'alloy',
};

export class OpenAiSpeechProvider implements SpeechProvider {
  readonly name = 'openai';
  private readonly agent: Agent;

  constructor(
    private readonly settings: {
      baseUrl: string;
      apiKey: string | undefined;
      model: string;
      timeoutMs: number;
    },
  ) {
    this.agent = new Agent({
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connections: 16,
    });
  }

  async *speak(text: string, voice: VoiceId, signal: AbortSignal): AsyncIterable<Buffer> {
    const { baseUrl, apiKey, model } = this.settings;
    const response = await postJson(engine, `${baseUrl.replace(/\/$/, '')}/audio/speech`, {
      dispatcher: this.agent,
      signal,
      headers: bearer(apiKey),
      body: { model, input: text, voice: engineVoices[voice], response_format: 'wav' },
    });
    for await (const chunk of response.body) {
      if (Buffer.isBuffer(chunk)) yield chunk;
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
