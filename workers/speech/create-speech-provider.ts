/** The configured speech engine (SPEECH_PROVIDER): espeak-ng here, or an OpenAI-compatible endpoint. */
import type { Config } from '#server/config';
import { EspeakProvider } from './espeak';
import { OpenAiSpeechProvider } from './openai-speech';
import type { SpeechProvider } from './provider';

export function createSpeechProvider(config: Config): SpeechProvider {
  if (config.SPEECH_PROVIDER === 'local') return new EspeakProvider();
  return new OpenAiSpeechProvider({
    baseUrl: config.SPEECH_BASE_URL,
    apiKey: config.SPEECH_API_KEY,
    model: config.SPEECH_MODEL,
    timeoutMs: config.SPEECH_TIMEOUT_MS,
  });
}
