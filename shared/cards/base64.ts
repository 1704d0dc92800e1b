/**
 * Base64 of UTF-8 text without Node's Buffer (card chunks hold base64 JSON, docs/formats.md §1.4), so the
 * same code runs in the browser. atob/btoa work on "binary strings" of one byte per character.
 */

/** Bytes as a string of one character per byte (Latin-1). */
export function binaryString(bytes: Uint8Array): string {
  let binary = '';
  // In slices of 4 KB: String.fromCharCode with a huge argument list overflows the stack, and is
  // applied to the typed array itself, as spreading it walks an iterator (several times slower on
  // the megabytes of a card).
  for (let i = 0; i < bytes.length; i += 0x1000) {
    binary += String(Reflect.apply(String.fromCharCode, null, bytes.subarray(i, i + 0x1000)));
  }
  return binary;
}

/** Encodes text as UTF-8, then base64. */
export function utf8ToBase64(text: string): string {
  return btoa(binaryString(new TextEncoder().encode(text)));
}

/** Decodes base64 (whitespace allowed) to bytes; undefined when it is not base64. */
export function base64ToBytes(base64: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(base64.replace(/\s+/g, ''));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Strict UTF-8 decoding; undefined for bytes that are not UTF-8 text. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
