/**
 * Registers a route from its shared contract: the contract's schemas document the route in /api/docs,
 * parse the request once (bad input → validation_failed naming the field) and serialise the response
 * (unknown fields are stripped, never leaked). Its `auth` level says who may call it: the caller is
 * resolved and checked before the handler runs (docs/style.md, "Ownership"), so no handler does it.
 * A route behind a feature flag (`flag`) answers not_found while the flag is off, before its input.
 * A caller's request by any method but GET that succeeds is recorded as their write (read-your-writes).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { AuthLevel, Endpoint } from '#shared/api/endpoint';
import type { FeatureFlag } from '#shared/schemas/permission';
import type { Caller, MemberCaller } from './caller';
import { AppError, parseInput } from './errors';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What each auth level hands the handler. */
export interface CallerOfLevel {
  none: undefined;
  caller: Caller;
  chat: Caller;
  member: MemberCaller;
  create: MemberCaller;
  admin: MemberCaller;
}

/**
 * Resolves and checks the caller of a request at each level, throwing the refusal (sign_in_required,
 * account_terminated, forbidden, …). The app installs it (server/plugins/auth.ts).
 */
export type RouteAuth = {
  [A in Exclude<AuthLevel, 'none'>]: (request: FastifyRequest) => Promise<CallerOfLevel[A]>;
};

/** Whether a feature flag is on for a request's caller and application (server/plugins/auth.ts). */
export type RouteFlag = (request: FastifyRequest, flag: FeatureFlag) => Promise<boolean>;

/** Records that a caller's request wrote, for read-your-writes (server/plugins/read-your-writes.ts). */
export type RouteWrote = (caller: Caller) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    routeAuth: RouteAuth;
    routeFlag: RouteFlag;
    routeWrote: RouteWrote;
  }
}

export interface RouteInput<P, Q, B, A extends AuthLevel> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  caller: CallerOfLevel[A];
  request: FastifyRequest;
  reply: FastifyReply;
}

function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown): Out<S> {
  // Out<S> is z.output<S> for a schema and undefined without one.
  return (schema === undefined ? undefined : parseInput(schema, value)) as Out<S>; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- see above
}

const resolvers: {
  [A in AuthLevel]: (auth: RouteAuth, request: FastifyRequest) => Promise<CallerOfLevel[A]>;
} = {
  none: () => Promise.resolve(undefined),
  caller: (auth, request) => auth.caller(request),
  chat: (auth, request) => auth.chat(request),
  member: (auth, request) => auth.member(request),
  create: (auth, request) => auth.create(request),
  admin: (auth, request) => auth.admin(request),
};

export function addRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends AuthLevel,
>(
  app: FastifyInstance,
  e: Endpoint<P, Q, B, R, A>,
  handler: (input: RouteInput<P, Q, B, A>) => Promise<z.input<R>>,
): void {
  const schema: FastifySchema = {
    summary: e.summary,
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    response: { 200: e.response },
  };
  const resolve = resolvers[e.auth];
  const { flag } = e;
  app.route({
    method: e.method,
    url: e.path,
    schema,
    // Before the body is read or validated: a route behind a flag that is off does not exist.
    ...(flag === undefined
      ? {}
      : {
          onRequest: async (request: FastifyRequest) => {
            if (!(await app.routeFlag(request, flag))) throw new AppError('not_found');
          },
        }),
    handler: async (request, reply) => {
      const caller = await resolve(app.routeAuth, request);
      const result = await handler({
        params: parsePart(e.params, request.params),
        query: parsePart(e.query, request.query),
        body: parsePart(e.body, request.body),
        caller,
        request,
        reply,
      });
      if (e.method !== 'GET' && caller !== undefined) await app.routeWrote(caller);
      return result;
    },
  });
}
