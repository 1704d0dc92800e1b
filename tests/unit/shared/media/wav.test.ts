import { describe, expect, it } from 'vitest';
import { readWavHeader, wavHeader } from '#shared/media/wav';

describe('readWavHeader', () => {
  it('reads back the header wavHeader writes', () => {
    expect(readWavHeader(wavHeader({ sampleRate: 22050, channels: 1 }, 100))).toEqual({
      sampleRate: 22050,
      channels: 1,
      dataOffset: 44,
    });
  });

  it('asks for more bytes, and refuses what is not 16-bit PCM WAV', () => {
    expect(readWavHeader(new Uint8Array(8))).toBe('incomplete');
    expect(readWavHeader(new TextEncoder().encode('<html><body>busy</body></html>'))).toBeNull();
    const eightBit = wavHeader({ sampleRate: 22050, channels: 1 }, 0);
    eightBit[34] = 8;
    expect(readWavHeader(eightBit)).toBeNull();
  });
});
