/**
 * WAV (RIFF, 16-bit PCM) as spoken clips travel (issue 26 item 1): every speech engine's audio is
 * checked against this header before a byte reaches a listener, the browser plays the PCM after it as
 * it streams, and the stored clip gets a header with its real length.
 */

/** What a clip's header says of the samples after it. */
export interface WavFormat {
  sampleRate: number;
  channels: number;
  /** Where the samples start. */
  dataOffset: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * Reads a WAV header: its format, 'incomplete' when more bytes are needed, or null when the bytes are
 * not 16-bit PCM WAV (anything else an engine sends is refused as garbage).
 */
export function readWavHeader(bytes: Uint8Array): WavFormat | 'incomplete' | null {
  if (bytes.length < 12) return 'incomplete';
  if (ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let format: Omit<WavFormat, 'dataOffset'> | null = null;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === 'data') {
      return format === null ? null : { ...format, dataOffset: at + 8 };
    }
    if (id === 'fmt ') {
      if (at + 24 > bytes.length) return 'incomplete';
      const isPcm = view.getUint16(at + 8, true) === 1;
      const channels = view.getUint16(at + 10, true);
      const sampleRate = view.getUint32(at + 12, true);
      const bits = view.getUint16(at + 22, true);
      if (!isPcm || bits !== 16 || channels < 1 || channels > 2 || sampleRate < 8000) return null;
      format = { sampleRate, channels };
    }
    at += 8 + size + (size % 2);
    if (at > 1024) return null;
  }
  return 'incomplete';
}

/** A 44-byte header for `dataLength` bytes of 16-bit PCM in `format`. */
export function wavHeader(format: Omit<WavFormat, 'dataOffset'>, dataLength: number): Uint8Array {
  const header = new Uint8Array(44);
  const view = new DataView(header.buffer);
  const write = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) header[at + i] = text.charCodeAt(i);
  };
  write(0, 'RIFF');
  view.setUint32(4, 36 + dataLength, true);
  write(8, 'WAVE');
  write(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, format.channels, true);
  view.setUint32(24, format.sampleRate, true);
  view.setUint32(28, format.sampleRate * format.channels * 2, true);
  view.setUint16(32, format.channels * 2, true);
  view.setUint16(34, 16, true);
  write(36, 'data');
  view.setUint32(40, dataLength, true);
  return header;
}
