/**
 * The `speak` job (issue 26 item 1): speaks a clip with the configured engine, hands each chunk to the
 * listeners as it comes (lib/speech-clips.ts), then stores the clip once (the cache by text and
 * voice). An engine that hangs (no byte for SPEECH_TIMEOUT_MS), errors or sends anything but WAV
 * audio fails this clip alone, with the reason; the listener's next request tries again.
 */
import { UnrecoverableError } from 'bullmq';
import type { SpeakJob } from '#shared/jobs/speech';
import { readWavHeader, wavHeader, type WavFormat } from '#shared/media/wav';
import type { Db } from '#server/db/database';
import { findClip, saveClip } from '#server/db/repositories/speech.repo';
import type { Logger } from '#server/lib/log';
import type { SpeechClips } from '#server/lib/speech-clips';
import type { FileStorage } from '#server/lib/storage';
import { SpeechEngineError, type SpeechProvider } from './provider';

export interface SpeakDeps {
  db: Db;
  storage: FileStorage;
  clips: SpeechClips;
  provider: SpeechProvider;
  log: Logger;
  timeoutMs: number;
}

/** Speaks the clip, or fails it with a reason a person can read. */
export async function speak(deps: SpeakDeps, job: SpeakJob): Promise<void> {
  if ((await findClip(deps.db, job.clipId)) !== null) {
    await deps.clips.finish(job.clipId);
    return;
  }
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const waitForBytes = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      controller.abort(new SpeechEngineError('the speech engine sent no audio in time'));
    }, deps.timeoutMs);
  };
  try {
    waitForBytes();
    const file = await streamAudio(deps, job, controller.signal, waitForBytes);
    const url = await deps.storage.put('speech', 'wav', file);
    const saved = await saveClip(deps.db, {
      id: job.clipId,
      voiceId: job.voiceId,
      url,
      byteLength: file.length,
    });
    if (!saved) await deps.storage.delete(url);
    await deps.clips.finish(job.clipId);
  } catch (err) {
    const reason: unknown = controller.signal.aborted ? controller.signal.reason : err;
    const message = reason instanceof Error ? reason.message : String(reason);
    deps.log.warn({ clipId: job.clipId, err: message }, 'speech failed');
    await deps.clips.fail(job.clipId, message);
    throw new UnrecoverableError(`speech failed: ${message}`);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** Hands the engine's audio to the listeners as it comes; answers the whole file to store. */
async function streamAudio(
  deps: SpeakDeps,
  job: SpeakJob,
  signal: AbortSignal,
  onBytes: () => void,
): Promise<Buffer> {
  let head = Buffer.alloc(0);
  let format: WavFormat | null = null;
  const samples: Buffer[] = [];
  let sampleBytes = 0;
  for await (const chunk of deps.provider.speak(job.text, job.voiceId, signal)) {
    onBytes();
    let audio = chunk;
    if (format === null) {
      head = Buffer.concat([head, chunk]);
      const read = readWavHeader(head);
      if (read === null)
        throw new SpeechEngineError('the speech engine sent something that is not WAV audio');
      if (read === 'incomplete') continue;
      format = read;
      audio = head;
      samples.push(head.subarray(read.dataOffset));
      sampleBytes += head.length - read.dataOffset;
    } else {
      samples.push(chunk);
      sampleBytes += chunk.length;
    }
    await deps.clips.append(job.clipId, audio);
  }
  if (format === null || sampleBytes < format.sampleRate / 10) {
    throw new SpeechEngineError('the speech engine sent no audio');
  }
  return Buffer.concat([wavHeader(format, sampleBytes), ...samples]);
}
