/**
 * The offline speech engine: Debian's espeak-ng, one process per piece of the text (segments.ts), the
 * pieces' samples joined under the first piece's header, so listening starts after the first piece.
 * The text goes in on stdin, never as an argument.
 */
import { spawn } from 'node:child_process';
import { readWavHeader } from '#shared/media/wav';
import type { VoiceId } from '#shared/rules/speech';
import { SpeechEngineError, type SpeechProvider } from './provider';
import { speechSegments } from './segments';

/** espeak-ng's voice and words per minute for each of our voices. */
const engineVoices: Record<VoiceId, { voice: string; speed: number }> = {
  'warm-narrator': { voice: 'en-us+m3', speed: 160 },
  'bright-guide': { voice: 'en-us+f3', speed: 175 },
  'old-sage': { voice: 'en-gb+m7', speed: 140 },
  'quick-wit': { voice: 'en-us+f4', speed: 200 },
  'soft-whisper': { voice: 'en-us+whisper', speed: 150 },
};

export const espeakCommand = 'espeak-ng';

/** espeak-ng's arguments for a voice: WAV on stdout, the text on stdin (the bench runs it bare too). */
export function espeakArgs(voice: VoiceId): string[] {
  const { voice: name, speed } = engineVoices[voice];
  return ['--stdout', '--stdin', '-v', name, '-s', String(speed)];
}

/** The whole WAV output of one espeak-ng run. */
function runEspeak(text: string, voice: VoiceId, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(espeakCommand, espeakArgs(voice), {
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', (e) => {
      const missing = 'code' in e && e.code === 'ENOENT';
      reject(
        new SpeechEngineError(
          missing ? 'espeak-ng is not installed (apt-get install espeak-ng)' : e.message,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new SpeechEngineError(`espeak-ng exited with ${String(code)}: ${err.slice(0, 200)}`),
        );
    });
    child.stdin.end(text);
  });
}

export class EspeakProvider implements SpeechProvider {
  readonly name = 'local';

  async *speak(text: string, voice: VoiceId, signal: AbortSignal): AsyncIterable<Buffer> {
    let isFirst = true;
    for (const piece of speechSegments(text)) {
      const wav = await runEspeak(piece, voice, signal);
      const header = readWavHeader(wav);
      if (header === null || header === 'incomplete') {
        throw new SpeechEngineError('espeak-ng wrote something that is not WAV audio');
      }
      yield isFirst ? wav : wav.subarray(header.dataOffset);
      isFirst = false;
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
