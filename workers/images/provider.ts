/**
 * The image provider interface (issue 26 item 2): an AUTOMATIC1111-compatible HTTP API
 * (/sdapi/v1/txt2img, as ComfyUI bridges and SD.Next speak it too) or an OpenAI-compatible
 * /v1/images/generations endpoint, chosen by IMAGE_PROVIDER. A provider answers the image's bytes;
 * the processor checks them (a PNG of the size asked for) before anyone sees them.
 */
import type { GenerateImageJob } from '#shared/jobs/images';

export type ImageRequest = Pick<
  GenerateImageJob,
  'prompt' | 'negativePrompt' | 'lora' | 'width' | 'height'
>;

export interface ImageProvider {
  readonly name: string;
  /** Draws the image; reports how far it is (0 to 1) when the provider says; stops when `signal` aborts. */
  generate(
    request: ImageRequest,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<Buffer>;
  close(): Promise<void>;
}

/** A failure of the provider, with what to tell the member and the log. */
export class ImageEngineError extends Error {}

/** The most bytes of an answer read (a base64 image of 2048² is far below it). */
export const maxAnswerBytes = 32 * 1024 * 1024;

/** Reads a JSON answer of at most maxAnswerBytes, or fails with what was wrong. */
export async function readJson(body: AsyncIterable<unknown>, what: string): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (!Buffer.isBuffer(chunk)) continue;
    size += chunk.length;
    if (size > maxAnswerBytes) throw new ImageEngineError(`${what} sent an answer too large`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ImageEngineError(`${what} sent something that is not JSON`);
  }
}

/** Decodes a base64 image (a data: URL prefix allowed), or fails. */
export function decodeImage(value: string, what: string): Buffer {
  const base64 = value.replace(/^data:image\/[a-z]+;base64,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(base64)) {
    throw new ImageEngineError(`${what} sent an image that is not base64`);
  }
  return Buffer.from(base64, 'base64');
}
