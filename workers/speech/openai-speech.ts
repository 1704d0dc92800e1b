/**
 * Any OpenAI-compatible speech endpoint (POST {base}/audio/speech): OpenAI, or a self-hosted server
 * speaking its wire format. WAV is asked for, so every engine's audio is checked and played alike.
 */
import { Agent, request } from 'undici';
import type { VoiceId } from '#shared/rules/speech';
import { SpeechEngineError, type SpeechProvider } from './provider';

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
    const response = await request(`${baseUrl.replace(/\/$/, '')}/audio/speech`, {
      method: 'POST',
      dispatcher: this.agent,
      signal,
      headers: {
        'content-type': 'application/json',
        ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
      },
      body: JSON.stringify({
        model,
        input: text,
        voice: engineVoices[voice],
        response_format: 'wav',
      }),
    }).catch((err: unknown) => {
      throw new SpeechEngineError(
        `the speech endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
    if (response.statusCode !== 200) {
      const body = await response.body.text().catch(() => '');
      throw new SpeechEngineError(
        `the speech endpoint answered ${String(response.statusCode)}: ${body.slice(0, 200)}`,
      );
    }
    for await (const chunk of response.body) {
      if (Buffer.isBuffer(chunk)) yield chunk;
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
