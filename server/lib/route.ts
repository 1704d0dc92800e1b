/**
 * Registers a route from its shared contract: the contract's schemas document the route in /api/docs,
 * parse the request once (bad input → validation_failed naming the field) and serialise the response
 * (unknown fields are stripped, never leaked).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint';
import { parseInput } from './errors';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}

function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown): Out<S> {
  // Out<S> is z.output<S> for a schema and undefined without one.
  return (schema === undefined ? undefined : parseInput(schema, value)) as Out<S>; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- see above
}

export function addRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(
  app: FastifyInstance,
  e: Endpoint<P, Q, B, R>,
  handler: (input: RouteInput<P, Q, B>) => Promise<z.input<R>>,
): void {
  const schema: FastifySchema = {
    summary: e.summary,
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    response: { 200: e.response },
  };
  app.route({
    method: e.method,
    url: e.path,
    schema,
    handler: async (request, reply) =>
      handler({
        params: parsePart(e.params, request.params),
        query: parsePart(e.query, request.query),
        body: parsePart(e.body, request.body),
        request,
        reply,
      }),
  });
}
