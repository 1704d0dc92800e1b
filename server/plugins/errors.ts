/**
 * The one error handler: AppError → its status and body; anything else → `internal` with the request id,
 * the cause logged and never echoed (docs/style.md, "Hide internals").
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

export function registerErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((err, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ error: err.toBody() });
    }
    const status =
      typeof err === 'object' && err !== null && 'statusCode' in err ? Number(err.statusCode) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      const message = err instanceof Error ? err.message : 'Bad request';
      return reply.code(status).send({ error: { code: 'validation_failed', message } });
    }
    request.log.error({ err }, 'request failed');
    const body = new AppError('internal', {
      message: `Something went wrong on our side (request ${request.id}).`,
    }).toBody();
    return reply.code(500).send({ error: body });
  });
}
