/** Typed HTTP calls for tests: responses are parsed with the same contracts the client uses. */
import { z } from 'zod';
import { ErrorBodySchema, type AppErrorBody } from '#shared/errors';

export async function getJson<S extends z.ZodType>(
  url: string,
  schema: S,
  guestId?: string,
): Promise<z.output<S>> {
  const res = await fetch(url, { headers: guestId ? { 'x-guest-id': guestId } : {} });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return schema.parse(await res.json());
}

/** The error of a failed response body. */
export function errorOf(body: unknown): AppErrorBody {
  return ErrorBodySchema.parse(body).error;
}

/** The error code of a failed response body. */
export function errorCode(body: unknown): string {
  return errorOf(body).code;
}

const RawItemsSchema = z.object({ items: z.array(z.record(z.string(), z.unknown())) });

/**
 * The items of a list body exactly as they arrived. Contracts strip unknown fields, so use this where a
 * test asserts on the wire shape itself (which fields travel).
 */
export function rawItems(body: unknown): Record<string, unknown>[] {
  return RawItemsSchema.parse(body).items;
}

/** An inject body and content type sending one file under `field` as multipart form data. */
export function multipart(
  field: string,
  filename: string,
  content: Uint8Array,
  type = 'application/octet-stream',
) {
  const boundary = `----charchat${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
