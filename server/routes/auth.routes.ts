/**
 * Sign-in by email (code or magic link), refresh, sign-out and /api/me. The refresh token only ever
 * travels as an httpOnly, SameSite cookie scoped to /api/auth.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  getMe,
  magicLinkPath,
  refreshSession,
  signOut,
  startEmailSignIn,
  verifyEmailCode,
} from '#shared/api/auth';
import type { AppDeps } from '../app-deps';
import { AppError } from '../lib/errors';
import { addRoute } from '../lib/route';
import { clearRefreshCookie, refreshCookie, setRefreshCookie } from './auth-cookies';
import * as auth from '../services/auth/auth.service';
import { endSession } from '../services/auth/sessions.service';
import * as account from '../services/account.service';
import { guestHeader, guestIdOf } from '../services/identity.service';
import { requestApplication } from '../services/applications.service';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const setRefresh = (reply: FastifyReply, signedIn: auth.SignedIn) => {
    setRefreshCookie(reply, deps.config, signedIn);
  };
  const context = (request: FastifyRequest) => ({
    guestId: guestIdOf(request.headers[guestHeader]),
    userAgent: request.headers['user-agent'] ?? null,
  });

  addRoute(app, startEmailSignIn, async ({ body, request }) => {
    await auth.sendSignInMail(deps, {
      email: body.email,
      ip: request.ip,
      application: requestApplication(deps.applications, request),
    });
    return { sent: true as const };
  });

  addRoute(app, verifyEmailCode, async ({ body, request, reply }) => {
    const signedIn = await auth.signInWithCode(deps, {
      ...body,
      ip: request.ip,
      ...context(request),
    });
    setRefresh(reply, signedIn);
    return signedIn.session;
  });

  addRoute(app, refreshSession, async ({ request, reply }) => {
    const token = request.cookies[refreshCookie];
    if (token === undefined) throw new AppError('sign_in_required');
    try {
      const signedIn = await auth.refresh(deps, { refreshToken: token, ...context(request) });
      setRefresh(reply, signedIn);
      return signedIn.session;
    } catch (err) {
      clearRefreshCookie(reply, deps.config);
      throw err;
    }
  });

  addRoute(app, signOut, async ({ request, reply }) => {
    const token = request.cookies[refreshCookie];
    const family = token === undefined ? null : await endSession(deps, token);
    if (family !== null) deps.endSessionSockets(family);
    clearRefreshCookie(reply, deps.config);
    return {};
  });

  addRoute(app, getMe, async ({ caller }) => account.me(deps.db, deps.billing.catalog, caller));

  // The magic link is opened by a browser, not the API client: sign in, then go to the app.
  app.get(magicLinkPath, { schema: { hide: true } }, async (request, reply) => {
    const token = z.object({ token: z.string().min(1) }).safeParse(request.query);
    try {
      if (!token.success) throw new AppError('login_link_invalid');
      setRefresh(
        reply,
        await auth.signInWithLink(deps, { token: token.data.token, ...context(request) }),
      );
      return await reply.redirect('/?signin=link');
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return reply.redirect('/?signin=link-invalid');
    }
  });
}
