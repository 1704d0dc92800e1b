/**
 * The speech engine interface (issue 26 item 1): the offline espeak-ng engine (the default) or any
 * OpenAI-compatible /v1/audio/speech endpoint, chosen by SPEECH_PROVIDER. An engine yields WAV bytes
 * (header first) as it makes them; the processor checks them before anyone hears a byte.
 */
import type { VoiceId } from '#shared/rules/speech';

export interface SpeechProvider {
  readonly name: string;
  /** Speaks `text` in `voice`; stops when `signal` aborts. */
  speak(text: string, voice: VoiceId, signal: AbortSignal): AsyncIterable<Buffer>;
  close(): Promise<void>;
}

/** A failure of the engine, with what to tell the listener and the log. */
export class SpeechEngineError extends Error {}
