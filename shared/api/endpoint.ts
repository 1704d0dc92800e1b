/**
 * One contract per endpoint (docs/style.md, "API contracts"): the server registers routes from these
 * objects and the client builds URLs and parses responses with the same ones.
 */
import type { z } from 'zod';
import type { FeatureFlag } from '../schemas/permission';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint; the server resolves and checks the caller before the handler runs.
 * none: anyone, nobody is resolved; caller: a guest (x-guest-id) or a signed-in member; chat: a caller
 * who may chat (Terminated and held members are refused); member: a signed-in member; create: a member
 * who may create, edit or upload what they publish (Restricted members get account_restricted);
 * admin: a member whose stored role is admin and who is not locked out.
 */
export type AuthLevel = 'none' | 'caller' | 'chat' | 'member' | 'create' | 'admin';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends AuthLevel = AuthLevel,
> {
  method: HttpMethod;
  /** Fastify-style path with `:name` parameters. */
  path: string;
  summary: string;
  /** Who may call it. */
  auth: A;
  /** The feature flag it lives behind: while the flag is off for the caller it is not_found, before any input is read. */
  flag?: FeatureFlag;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
}

/** Declares an endpoint and keeps its literal types. */
export function endpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends AuthLevel,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

/** Fills `:name` parameters of a path. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
