/**
 * Plays a spoken clip while it streams (issue 26 item 1): the WAV header is read from the first bytes
 * (#shared/media/wav), then each chunk of 16-bit samples is queued on a Web Audio clock right after
 * the one before, so the voice starts with the first piece and never waits for the whole message.
 */
import { readWavHeader, type WavFormat } from '#shared/media/wav';

export interface Playback {
  /** Settles when the last sample has played (or playback was stopped). */
  done: Promise<void>;
  stop: () => void;
}

export function playWavStream(body: ReadableStream<Uint8Array>): Playback {
  const context = new AudioContext();
  const reader = body.getReader();
  const sources: AudioBufferSourceNode[] = [];
  let isStopped = false;
  let endsAt = 0;

  const schedule = (format: WavFormat, pcm: Uint8Array) => {
    const frameBytes = 2 * format.channels;
    const frames = Math.floor(pcm.length / frameBytes);
    if (frames === 0) return;
    const buffer = context.createBuffer(format.channels, frames, format.sampleRate);
    const view = new DataView(pcm.buffer, pcm.byteOffset, frames * frameBytes);
    for (let channel = 0; channel < format.channels; channel++) {
      const data = buffer.getChannelData(channel);
      for (let i = 0; i < frames; i++) {
        data[i] = view.getInt16(i * frameBytes + channel * 2, true) / 32768;
      }
    }
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    const startAt = Math.max(endsAt, context.currentTime + 0.05);
    source.start(startAt);
    endsAt = startAt + buffer.duration;
    sources.push(source);
  };

  const run = async () => {
    let format: WavFormat | null = null;
    let pending: Uint8Array = new Uint8Array(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done || isStopped) break;
      const joined = new Uint8Array(pending.length + value.length);
      joined.set(pending);
      joined.set(value, pending.length);
      if (format === null) {
        const header = readWavHeader(joined);
        if (header === null) throw new Error('not WAV audio');
        if (header === 'incomplete') {
          pending = joined;
          continue;
        }
        format = header;
        pending = joined.subarray(header.dataOffset);
      } else {
        pending = joined;
      }
      const usable = pending.length - (pending.length % (2 * format.channels));
      schedule(format, pending.subarray(0, usable));
      pending = pending.slice(usable);
    }
    const last = sources.at(-1);
    if (!isStopped && last !== undefined && context.currentTime < endsAt) {
      await new Promise<void>((resolve) => {
        last.onended = () => {
          resolve();
        };
      });
    }
  };

  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    void reader.cancel().catch(() => undefined);
    for (const source of sources) source.stop();
    void context.close();
  };

  const done = run().finally(stop);
  return { done, stop };
}
