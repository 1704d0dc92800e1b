/**
 * A POST of JSON to an engine the workers call over HTTP (the image and speech providers): its 200
 * answer, or the engine's own error saying what went wrong: unreachable, or another status with the
 * start of the body it sent.
 */
import { request, type Dispatcher } from 'undici';

export interface Engine {
  /** How errors name it ("the speech endpoint"). */
  what: string;
  /** The engine's own error, carrying a message its processor shows. */
  error: (message: string) => Error;
}

/** The authorization header of a bearer key, or none. */
export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` };
}

/** The text of a thrown error. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function postJson(
  engine: Engine,
  url: string,
  opts: {
    dispatcher: Dispatcher;
    signal: AbortSignal;
    headers: Record<string, string>;
    body: unknown;
  },
): Promise<Dispatcher.ResponseData> {
  const response = await request(url, {
    method: 'POST',
    dispatcher: opts.dispatcher,
    signal: opts.signal,
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: JSON.stringify(opts.body),
  }).catch((err: unknown) => {
    throw engine.error(`${engine.what} could not be reached: ${messageOf(err)}`);
  });
  if (response.statusCode !== 200) {
    const body = await response.body.text().catch(() => '');
    throw engine.error(
      `${engine.what} answered ${String(response.statusCode)}: ${body.slice(0, 200)}`,
    );
  }
  return response;
}
