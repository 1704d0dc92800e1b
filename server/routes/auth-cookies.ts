/** The refresh cookie: httpOnly, SameSite=Lax, secure in production, scoped to /api/auth. */
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { SignedIn } from '../services/auth/auth.service';

export const refreshCookie = 'cc_refresh';

export function refreshCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.NODE_ENV === 'production',
    path: '/api/auth',
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, signedIn: SignedIn): void {
  void reply.setCookie(refreshCookie, signedIn.refresh.refreshToken, {
    ...refreshCookieOptions(config),
    expires: signedIn.refresh.expiresAt,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(refreshCookie, refreshCookieOptions(config));
}
