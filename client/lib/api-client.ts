/**
 * REST calls built from the shared endpoint contracts (docs/style.md, "API contracts"): the URL comes
 * from the endpoint object, the guest id travels as `x-guest-id`, and the response is parsed with the
 * endpoint's own schema. Failures throw an ApiError carrying the error code.
 */
import type { z } from 'zod';
import { buildPath, type Endpoint } from '#shared/api/endpoint';
import { ErrorBodySchema, type AppErrorBody, type ErrorCode } from '#shared/errors';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(body: Pick<AppErrorBody, 'code' | 'message' | 'field' | 'details'>) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.field = body.field;
    this.details = body.details;
  }

  toBody(): AppErrorBody {
    return { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) };
  }
}

/** Any thrown value as an ApiError, so callers handle one type. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError({ code: 'internal', message: 'Something went wrong.' });
}

export interface RequestInput<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: z.input<P>;
  query?: z.input<Q>;
  body?: z.input<B>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    input?: RequestInput<P, Q, B>,
  ): Promise<z.output<R>>;
}

/** Keeps the defined values of a parsed object as strings, for paths and query strings. */
function toStringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

async function readError(response: Response): Promise<ApiError> {
  const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return new ApiError(parsed.data.error);
  return new ApiError({
    code: response.status >= 500 ? 'service_unavailable' : 'internal',
    message: `The server answered ${response.status}.`,
  });
}

/** How the client authenticates as a member; absent, every call goes as the guest. */
export interface ApiAuth {
  /** The current access token, rotated first when about to expire; null as a guest. */
  freshAccessToken: () => Promise<string | null>;
  accessToken: () => string | null;
  /** Rotates the session after a 401; resolves true when still signed in. */
  refresh: () => Promise<boolean>;
}

export function createApiClient(options: {
  guestId: string;
  baseUrl?: string;
  auth?: ApiAuth;
}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const { auth } = options;
  return {
    async request(endpoint, input = {}) {
      const params = toStringRecord(endpoint.params?.parse(input.params));
      const query = new URLSearchParams(toStringRecord(endpoint.query?.parse(input.query ?? {})));
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const body =
        endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body.parse(input.body));
      const send = async (token: string | null): Promise<Response> => {
        try {
          return await fetch(`${baseUrl}${buildPath(endpoint.path, params)}${search}`, {
            method: endpoint.method,
            credentials: 'same-origin',
            headers: {
              accept: 'application/json',
              'x-guest-id': options.guestId,
              ...(token === null ? {} : { authorization: `Bearer ${token}` }),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body,
            signal: input.signal,
          });
        } catch (err) {
          if (input.signal?.aborted) throw err;
          throw new ApiError({
            code: 'service_unavailable',
            message: 'Could not reach the server.',
          });
        }
      };
      const token = auth === undefined ? null : await auth.freshAccessToken();
      let response = await send(token);
      // An expired access token: rotate the session once and retry with the new token.
      if (response.status === 401 && token !== null && auth !== undefined) {
        if (await auth.refresh()) response = await send(auth.accessToken());
      }
      if (!response.ok) throw await readError(response);
      const parsed = endpoint.response.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new ApiError({ code: 'internal', message: 'The server sent an unexpected answer.' });
      }
      return parsed.data;
    },
  };
}
