/**
 * Sign-in with Google, Apple, X or Discord. The start route keeps state and the PKCE verifier in a
 * short-lived signed cookie; the callback checks it, signs the member in and sends the browser back to
 * the app (or to /update-email when no usable email came with the account).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { OAuthProviderSchema, listSignInProviders, oauthPaths } from '#shared/api/auth';
import { publicUrl } from '../config';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/log';
import { addRoute } from '../lib/route';
import { finishOAuth, startOAuth } from '../services/auth/oauth.service';
import { configuredProviders, type OAuthProvider } from '../services/auth/oauth-providers';
import { setRefreshCookie } from './auth-cookies';

const flowCookie = 'cc_oauth';
const flowSeconds = 600;

const FlowSchema = z.object({
  provider: OAuthProviderSchema,
  state: z.string(),
  verifier: z.string(),
});
const CallbackSchema = z.object({ code: z.string().min(1), state: z.string().min(1) });

export function oauthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const providers = configuredProviders(deps.config, publicUrl(deps.config));
  const flowCookieOptions = (provider: OAuthProvider) => ({
    httpOnly: true,
    signed: true,
    path: '/api/auth/oauth',
    maxAge: flowSeconds,
    // Apple posts its callback from its own site, which a Lax cookie would not follow.
    sameSite: provider.formPost ? ('none' as const) : ('lax' as const),
    secure: provider.formPost || deps.config.NODE_ENV === 'production',
  });

  function providerOf(request: FastifyRequest): OAuthProvider {
    const name = OAuthProviderSchema.safeParse(
      z.object({ provider: z.string() }).parse(request.params).provider,
    );
    const provider = name.success ? providers.get(name.data) : undefined;
    if (!provider) throw new AppError('not_found');
    return provider;
  }

  addRoute(app, listSignInProviders, () => Promise.resolve({ providers: [...providers.keys()] }));

  app.get(oauthPaths.start, { schema: { hide: true } }, async (request, reply) => {
    const provider = providerOf(request);
    const flow = startOAuth(provider);
    void reply.setCookie(
      flowCookie,
      JSON.stringify({ provider: provider.name, state: flow.state, verifier: flow.verifier }),
      flowCookieOptions(provider),
    );
    return reply.redirect(flow.url.toString());
  });

  const callback = async (request: FastifyRequest, reply: FastifyReply, log: Logger) => {
    const provider = providerOf(request);
    void reply.clearCookie(flowCookie, flowCookieOptions(provider));
    try {
      const query = CallbackSchema.safeParse(
        request.method === 'POST' ? request.body : request.query,
      );
      const raw = request.cookies[flowCookie];
      const unsigned = raw === undefined ? undefined : request.unsignCookie(raw);
      const flow = unsigned?.valid ? FlowSchema.safeParse(JSON.parse(unsigned.value)) : undefined;
      if (
        !query.success ||
        !flow?.success ||
        flow.data.provider !== provider.name ||
        flow.data.state !== query.data.state
      ) {
        throw new AppError('oauth_failed', { message: 'The sign-in state did not match.' });
      }
      const finished = await finishOAuth(deps, provider, {
        code: query.data.code,
        verifier: flow.data.verifier,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, deps.config, finished.signedIn);
      return await reply.redirect(finished.needsEmail ? '/update-email' : '/?signin=oauth');
    } catch (err) {
      log.warn({ err, provider: provider.name }, 'oauth sign-in failed');
      return reply.redirect('/?signin=oauth-failed');
    }
  };

  app.get(oauthPaths.callback, { schema: { hide: true } }, (request, reply) =>
    callback(request, reply, request.log),
  );
  // Apple answers with a form post (response_mode=form_post).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.post(oauthPaths.callback, { schema: { hide: true } }, (request, reply) =>
    callback(request, reply, request.log),
  );
}
