/** Signs a new member in the way people do: the emailed code, read from the local SMTP server. */
import { randomUUID } from 'node:crypto';
import { SessionSchema, type Session } from '#shared/api/auth';
import { hashToken, refreshReuseGraceMs } from '#server/services/auth/sessions.service';
import { signInSecrets, type LocalSmtp } from './smtp-server';
import type { Stack } from './stack';

export interface SignedInMember {
  email: string;
  session: Session;
  /** The refresh cookie's value. */
  refresh: string;
  /** Headers that authenticate REST calls as this member. */
  headers: Record<string, string>;
}

export async function signInMember(
  stack: Stack,
  smtp: LocalSmtp,
  email = `member-${randomUUID()}@example.com`,
): Promise<SignedInMember> {
  const inject = stack.app.fastify.inject.bind(stack.app.fastify);
  await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
  const { code } = signInSecrets(await smtp.nextMailTo(email));
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
  });
  const session = SessionSchema.parse(res.json());
  const refresh = res.cookies.find((c) => c.name === 'cc_refresh')?.value ?? '';
  return { email, session, refresh, headers: { authorization: `Bearer ${session.accessToken}` } };
}

/** Moves a used refresh token's rotation back past the grace window, as if it were used long ago. */
export async function ageRefreshRotation(stack: Stack, refresh: string): Promise<void> {
  await stack.app.deps.db
    .updateTable('sessions')
    .set({ rotated_at: new Date(Date.now() - refreshReuseGraceMs - 60_000) })
    .where('token_hash', '=', hashToken(refresh))
    .execute();
}
