/**
 * The one error model over HTTP: AppError → its status and body; Fastify's and its plugins' own client
 * errors (bad JSON, body too large, unsupported media type, a malformed or too long URL, a request the
 * HTTP parser refuses) → the code for their status; anything else → `internal` with the request id, the
 * cause logged and never echoed (docs/style.md, "Hide internals"). Every answer is `{ error }`.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorCode, errorStatus } from '#shared/errors';
import { AppError } from '../lib/errors';

/** The code of a client error the framework raised, by its HTTP status; other 4xx are bad input. */
const codeOfStatus: Partial<Record<number, ErrorCode>> = {
  403: 'forbidden',
  404: 'not_found',
  // @fastify/multipart answers 406 to a body that is not multipart: the wrong media type.
  406: 'unsupported_media_type',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  431: 'headers_too_large',
};

function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('statusCode' in err)) return undefined;
  return typeof err.statusCode === 'number' ? err.statusCode : undefined;
}

/** The AppError a thrown value stands for, or undefined when it is not the client's fault. */
function clientError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  const status = statusOf(err);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const code = codeOfStatus[status] ?? 'validation_failed';
  // Fastify's messages for bad input say what was wrong ("Body is not valid JSON…") and hold nothing
  // internal; the others get the code's own text.
  const message =
    code === 'validation_failed' && err instanceof Error ? { message: err.message } : {};
  return new AppError(code, { ...message, cause: err });
}

/** Sends an error in the product's shape; for the few places outside the error handler's reach. */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).send({ error: error.toBody() });
}

export function registerErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((err, request, reply) => {
    const known = clientError(err);
    if (known) return sendError(reply, known);
    request.log.error({ err }, 'request failed');
    return sendError(
      reply,
      new AppError('internal', {
        message: `Something went wrong on our side (request ${request.id}).`,
      }),
    );
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode (400) or a path parameter over
 * `maxParamLength` (414), raised before any route or error handler runs.
 */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = clientError(err);
  if (!known) request.log.error({ err }, 'request failed');
  void sendError(reply, known ?? new AppError('internal'));
}

/**
 * The HTTP server's `clientError`: a request Node's parser refuses (a NUL or other control byte in a
 * header, a malformed request line, headers over the size limit, too slow to arrive) gets our body on
 * the raw socket, which is then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'validation_failed';
  const status = errorStatus[code];
  const body = JSON.stringify({
    error: new AppError(code, {
      message: code === 'validation_failed' ? 'The request is malformed.' : undefined,
    }).toBody(),
  });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
