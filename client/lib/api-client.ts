/**
 * REST calls built from the shared endpoint contracts (docs/style.md, "API contracts"): the URL comes
 * from the endpoint object, the guest id travels as `x-guest-id`, and the response is parsed with the
 * endpoint's own schema. Failures throw an ApiError carrying the error code.
 */
import type { z } from 'zod';
import { buildPath, type Endpoint } from '#shared/api/endpoint';
import { ErrorBodySchema, type AppErrorBody, type ErrorCode } from '#shared/errors';
import { applicationHeader } from '#shared/schemas/application';

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  /** The HTTP status the server answered, when one did. */
  readonly status: number | undefined;

  constructor(body: Pick<AppErrorBody, 'code' | 'message' | 'field' | 'details'>, status?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.code = body.code;
    this.field = body.field;
    this.details = body.details;
    this.status = status;
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
  /** Headers of this call only, over the identity headers (a partner token being checked). */
  headers?: Record<string, string>;
  /**
   * A public read (the library): sent at once with the identity known now, instead of waiting for the
   * start-up session restore, since the answer is the same for everyone.
   */
  isPublic?: boolean;
}

/** A file answered by the server. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (its UTF-8 `filename*` when given), else "download". */
  fileName: string;
}

/** The file name a Content-Disposition header gives (RFC 6266). */
export function fileNameOf(disposition: string | null): string {
  const exact = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (exact !== undefined) {
    try {
      return decodeURIComponent(exact);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] ?? 'download';
}

export interface UploadInput {
  /** The multipart body (for example an image under the endpoint's field name). */
  form: FormData;
  /** Called with the share of the body sent so far, 0 to 1, when the browser can tell. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
    endpoint: Endpoint<P, Q, B, R>,
    input?: RequestInput<P, Q, B>,
  ): Promise<z.output<R>>;
  /** GETs a file an endpoint answers (an export), with the name its Content-Disposition gives. */
  download<P extends z.ZodType, Q extends z.ZodType>(
    endpoint: Endpoint<P, Q>,
    input?: Pick<RequestInput<P, Q, z.ZodType>, 'params' | 'query' | 'signal'>,
  ): Promise<DownloadedFile>;
  /** GETs what an endpoint streams (audio as it is spoken): the body as it arrives. */
  stream<P extends z.ZodType, Q extends z.ZodType>(
    endpoint: Endpoint<P, Q>,
    input?: Pick<RequestInput<P, Q, z.ZodType>, 'params' | 'query' | 'signal'>,
  ): Promise<ReadableStream<Uint8Array>>;
  /** Sends multipart form data to a body-less endpoint, reporting upload progress. */
  upload<R extends z.ZodType>(
    endpoint: Endpoint<z.ZodType, z.ZodType, z.ZodType, R>,
    input: UploadInput,
  ): Promise<z.output<R>>;
}

/** Keeps the defined values of a parsed object as strings, for paths and query strings. */
/** A query string from parsed query input; a list becomes a repeated parameter (`tags=a&tags=b`). */
function toSearchParams(value: unknown): URLSearchParams {
  const search = new URLSearchParams();
  if (typeof value !== 'object' || value === null) return search;
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    const items: unknown[] = Array.isArray(v) ? v : [v];
    for (const item of items) search.append(key, String(item));
  }
  return search;
}

function toStringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && v !== null);
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

/**
 * Parses what a call sends with its contract, as the server would: bad input (a malformed id in the
 * address bar, say) fails as `validation_failed` naming the field, like the server's answer, instead of
 * escaping as a ZodError no caller handles.
 */
function parseInput(schema: z.ZodType | undefined, value: unknown): unknown {
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ApiError({
    code: 'validation_failed',
    message: issue?.message ?? 'Some input is not valid.',
    field: issue?.path.join('.'),
  });
}

function errorOf(status: number, json: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(json);
  if (parsed.success) return new ApiError(parsed.data.error, status);
  if (status === 413) {
    return new ApiError({ code: 'validation_failed', message: 'The file is too large.' }, status);
  }
  return new ApiError(
    {
      code: status >= 500 ? 'service_unavailable' : 'internal',
      message: `The server answered ${status}.`,
    },
    status,
  );
}

async function readError(response: Response): Promise<ApiError> {
  return errorOf(response.status, await response.json().catch(() => undefined));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface UploadResult {
  status: number;
  json: unknown;
}

/** One multipart POST with XMLHttpRequest, the one browser API that reports upload progress. */
function sendUpload(
  url: string,
  method: string,
  headers: Record<string, string>,
  input: UploadInput,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      resolve({ status: xhr.status, json: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => {
      reject(new ApiError({ code: 'service_unavailable', message: 'Could not reach the server.' }));
    };
    xhr.onabort = () => {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (input.signal?.aborted) {
      xhr.abort();
      return;
    }
    input.signal?.addEventListener('abort', () => {
      xhr.abort();
    });
    xhr.send(input.form);
  });
}

/** How the client authenticates as a member; absent, every call goes as the guest. */
export interface ApiAuth {
  /** The current access token, rotated first when about to expire; null as a guest. */
  freshAccessToken: () => Promise<string | null>;
  accessToken: () => string | null;
  /** Rotates the session after a 401; resolves true when still signed in. */
  refresh: () => Promise<boolean>;
  /** The partner site's application id (sent as x-application-id), or null on our own site. */
  applicationId?: () => string | null;
}

export function createApiClient(options: {
  guestId: string;
  baseUrl?: string;
  auth?: ApiAuth;
}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const { auth } = options;
  const identityHeaders = (token: string | null): Record<string, string> => {
    const applicationId = auth?.applicationId?.() ?? null;
    return {
      accept: 'application/json',
      'x-guest-id': options.guestId,
      ...(applicationId === null ? {} : { [applicationHeader]: applicationId }),
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    };
  };
  /** GETs a file an endpoint answers, as the member (rotating the session once on a 401). */
  const getFile = async (
    endpoint: Endpoint,
    input: Pick<RequestInput<z.ZodType, z.ZodType, z.ZodType>, 'params' | 'query' | 'signal'>,
  ): Promise<Response> => {
    const params = toStringRecord(parseInput(endpoint.params, input.params));
    const query = new URLSearchParams(
      toStringRecord(parseInput(endpoint.query, input.query ?? {})),
    );
    const url = `${baseUrl}${buildPath(endpoint.path, params)}?${query.toString()}`;
    const send = (token: string | null): Promise<Response> =>
      fetch(url, {
        credentials: 'same-origin',
        headers: { ...identityHeaders(token), accept: '*/*' },
        signal: input.signal,
      }).catch((err: unknown) => {
        if (input.signal?.aborted) throw err;
        throw new ApiError({
          code: 'service_unavailable',
          message: 'Could not reach the server.',
        });
      });
    const token = auth === undefined ? null : await auth.freshAccessToken();
    let response = await send(token);
    if (response.status === 401 && token !== null && auth !== undefined) {
      if (await auth.refresh()) response = await send(auth.accessToken());
    }
    if (!response.ok) throw await readError(response);
    return response;
  };
  return {
    async stream(endpoint, input = {}) {
      const response = await getFile(endpoint, input);
      if (response.body === null)
        throw new ApiError({ code: 'internal', message: 'Nothing came.' });
      return response.body;
    },
    async download(endpoint, input = {}) {
      const response = await getFile(endpoint, input);
      return {
        blob: await response.blob(),
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    },
    async upload(endpoint, input) {
      const url = `${baseUrl}${buildPath(endpoint.path)}`;
      const token = auth === undefined ? null : await auth.freshAccessToken();
      let result = await sendUpload(url, endpoint.method, identityHeaders(token), input);
      if (result.status === 401 && token !== null && auth !== undefined) {
        if (await auth.refresh()) {
          result = await sendUpload(
            url,
            endpoint.method,
            identityHeaders(auth.accessToken()),
            input,
          );
        }
      }
      if (result.status < 200 || result.status >= 300) throw errorOf(result.status, result.json);
      const parsed = endpoint.response.safeParse(result.json);
      if (!parsed.success) {
        throw new ApiError({ code: 'internal', message: 'The server sent an unexpected answer.' });
      }
      return parsed.data;
    },
    async request(endpoint, input = {}) {
      const params = toStringRecord(parseInput(endpoint.params, input.params));
      const query = toSearchParams(parseInput(endpoint.query, input.query ?? {}));
      const search = query.size > 0 ? `?${query.toString()}` : '';
      const body =
        endpoint.body === undefined
          ? undefined
          : JSON.stringify(parseInput(endpoint.body, input.body));
      const send = async (token: string | null): Promise<Response> => {
        try {
          return await fetch(`${baseUrl}${buildPath(endpoint.path, params)}${search}`, {
            method: endpoint.method,
            credentials: 'same-origin',
            headers: {
              ...identityHeaders(token),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...input.headers,
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
      const token =
        auth === undefined
          ? null
          : input.isPublic === true
            ? auth.accessToken()
            : await auth.freshAccessToken();
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
