/**
 * Age verification (product-core.md, "Age verification flow"): the caller's status from where they are
 * and when they last verified, sessions with the configured provider, and the NSFW gate.
 */
import { randomUUID } from 'node:crypto';
import type { AgeVerificationStatus } from '#shared/api/age-verification';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { UserRecord } from '../../db/mappers';
import * as users from '../../db/repositories/users.repo';
import { AppError } from '../../lib/errors';
import type { Caller, MemberCaller } from '../../lib/caller';
import type { AgeVerificationProvider } from './provider';

export interface AgeVerificationDeps {
  db: Db;
  config: Config;
  ageVerification: AgeVerificationProvider | null;
}

/** The status of a member (or guest, without a row) in a country. */
export function statusOf(
  config: Config,
  user: Pick<UserRecord, 'ageVerifiedAt'> | undefined,
  country: string | undefined,
): AgeVerificationStatus {
  if (config.AGE_VERIFICATION_PROVIDER === 'disabled') return 'disabled';
  const verifiedAt = user?.ageVerifiedAt ?? null;
  if (verifiedAt !== null) {
    const ageDays = (Date.now() - verifiedAt.getTime()) / 86_400_000;
    return ageDays <= config.AGE_VERIFICATION_VALID_DAYS ? 'verified' : 'reverify';
  }
  const countries = config.AGE_VERIFICATION_COUNTRIES.split(',').filter((c) => c !== '');
  const required = country !== undefined && countries.includes(country);
  return required ? 'verify' : 'inform';
}

const mustVerify = (status: AgeVerificationStatus) => status === 'verify' || status === 'reverify';

/** Refuses turning NSFW on to a member who must verify and has not. */
export function assertMayViewNsfw(status: AgeVerificationStatus): void {
  if (mustVerify(status)) throw new AppError('age_verification_required', { field: 'showNsfw' });
}

/**
 * Whether the caller may chat with an NSFW character (product-core.md §4, "NSFW toggle"): guests are
 * asked to sign up; members need NSFW turned on in their settings and, where the law requires it, a
 * current age verification.
 */
export async function assertMayChatNsfw(
  deps: Pick<AgeVerificationDeps, 'db' | 'config'>,
  caller: Caller,
  country: string | undefined,
): Promise<void> {
  if (caller.kind === 'guest') throw new AppError('sign_up_required');
  const user = await users.findById(deps.db, caller.userId);
  if (!user?.showNsfw) throw new AppError('nsfw_disabled');
  if (mustVerify(statusOf(deps.config, user, country))) {
    throw new AppError('age_verification_required');
  }
}

export async function statusForCaller(
  deps: AgeVerificationDeps,
  caller: Caller,
  country: string | undefined,
): Promise<AgeVerificationStatus> {
  const user = caller.kind === 'member' ? await users.findById(deps.db, caller.userId) : undefined;
  return statusOf(deps.config, user, country);
}

function providerOf(deps: AgeVerificationDeps): AgeVerificationProvider {
  if (!deps.ageVerification) throw new AppError('not_found');
  return deps.ageVerification;
}

export async function startVerification(
  deps: AgeVerificationDeps,
  caller: MemberCaller,
  method: string,
): Promise<{ id: string; url: string }> {
  const provider = providerOf(deps);
  if (!provider.methods().some((m) => m.id === method)) {
    throw new AppError('validation_failed', {
      field: 'method',
      message: 'Choose a verification method.',
    });
  }
  const id = randomUUID();
  const { url } = await provider.start({ id, userId: caller.userId, method });
  return { id, url };
}

export async function finalizeVerification(
  deps: AgeVerificationDeps,
  caller: MemberCaller,
  sessionId: string,
  country: string | undefined,
): Promise<{ status: AgeVerificationStatus; verified: boolean }> {
  const session = await providerOf(deps).result(sessionId);
  if (session?.userId !== caller.userId) throw new AppError('not_found');
  if (session.result === 'approved')
    await users.markAgeVerified(deps.db, caller.userId, session.method);
  return {
    status: await statusForCaller(deps, caller, country),
    verified: session.result === 'approved',
  };
}
