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
