/** Listens to a WAV file the way the speech tests need: its length in seconds and how loud it is. */
import { readWavHeader } from '#shared/media/wav';

export interface Heard {
  seconds: number;
  /** Root mean square of the samples, 0..1: silence is about 0. */
  loudness: number;
}

export function listen(bytes: Uint8Array): Heard {
  const format = readWavHeader(bytes);
  if (format === null || format === 'incomplete') throw new Error('not a WAV file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.floor((bytes.length - format.dataOffset) / 2);
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const sample = view.getInt16(format.dataOffset + i * 2, true) / 32768;
    sum += sample * sample;
  }
  return {
    seconds: count / format.channels / format.sampleRate,
    loudness: count === 0 ? 0 : Math.sqrt(sum / count),
  };
}
