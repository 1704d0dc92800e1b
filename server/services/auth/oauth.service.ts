/**
 * Sign-in through an OAuth provider: the authorization URL with state and PKCE, then the callback that
 * exchanges the code, reads who the person is, and finds or creates the member.
 */
import { CodeChallengeMethod, generateCodeVerifier, generateState } from 'arctic';
import { displayNameFrom } from '#shared/rules/display-name';
import { isMailable } from '#shared/rules/email-notifications';
import * as oauthAccounts from '../../db/repositories/oauth-accounts.repo';
import * as users from '../../db/repositories/users.repo';
import { AppError } from '../../lib/errors';
import { startMemberSession, type AuthDeps, type SignedIn } from './auth.service';
import type { OAuthProvider } from './oauth-providers';

export interface OAuthStart {
  url: URL;
  state: string;
  verifier: string;
}

export function startOAuth(provider: OAuthProvider): OAuthStart {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = provider.client.createAuthorizationURLWithPKCE(
    provider.authorizeUrl,
    state,
    CodeChallengeMethod.S256,
    verifier,
    provider.scopes,
  );
  if (provider.formPost) url.searchParams.set('response_mode', 'form_post');
  return { url, state, verifier };
}

export interface OAuthFinish {
  signedIn: SignedIn;
  /** The member has no usable email yet (none shared, or an Apple relay): send them to /update-email. */
  needsEmail: boolean;
}

export async function finishOAuth(
  deps: AuthDeps,
  provider: OAuthProvider,
  input: { code: string; verifier: string; userAgent: string | null },
): Promise<OAuthFinish> {
  let profile;
  try {
    const tokens = await provider.client.validateAuthorizationCode(
      provider.tokenUrl,
      input.code,
      input.verifier,
    );
    profile = await provider.profile(tokens);
  } catch (err) {
    throw new AppError('oauth_failed', { cause: err });
  }
  let userId = await oauthAccounts.findUserId(deps.db, provider.name, profile.subject);
  if (userId === undefined) {
    const email = profile.email?.toLowerCase() ?? null;
    const user =
      email === null
        ? await users.insertMember(deps.db, displayNameFrom(profile.name))
        : await users.upsertMemberByEmail(deps.db, email);
    await oauthAccounts.link(deps.db, {
      provider: provider.name,
      subject: profile.subject,
      userId: user.id,
      email,
    });
    userId = user.id;
  }
  const user = await users.findById(deps.db, userId);
  if (user?.kind !== 'member') throw new AppError('oauth_failed');
  const signedIn = await startMemberSession(deps, user, {
    guestId: undefined,
    userAgent: input.userAgent,
  });
  const needsEmail = !isMailable(user.email);
  return { signedIn, needsEmail };
}
