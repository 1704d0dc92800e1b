/** The member's profile settings, avatar and account removal. */
import type { Profile } from '#shared/api/profile';
import type { Db } from '../db/database';
import type { UserRecord } from '../db/mappers';
import * as users from '../db/repositories/users.repo';
import { AppError } from '../lib/errors';
import { squareWebp } from '../lib/images';
import type { FileStorage } from '../lib/storage';
import { openSecret, sealSecret } from '../lib/secret-box';
import { endEverySessionOf, type SessionDeps } from './auth/sessions.service';
import { deleteMemberKeepingRestrictions } from './carried-restrictions.service';
import type { MemberCaller } from '../lib/caller';
import { violatedConstraint } from './account.service';

function toProfile(secret: string, user: UserRecord): Profile {
  const key =
    user.openaiApiKeyEncrypted === null ? null : openSecret(secret, user.openaiApiKeyEncrypted);
  return {
    username: user.username,
    email: user.email,
    name: user.name,
    highlights: user.highlights,
    avatarUrl: user.avatarUrl,
    hasOpenaiApiKey: key !== null,
    openaiApiKeyHint: key === null ? null : key.slice(-4),
    openaiMode: user.openaiMode,
    showNsfw: user.showNsfw,
    blurNsfw: user.blurNsfw,
    chatLanguage: user.chatLanguage,
  };
}

export async function getProfile(
  deps: { db: Db; secret: string },
  caller: MemberCaller,
): Promise<Profile> {
  const user = await users.findById(deps.db, caller.userId);
  if (!user) throw new AppError('sign_in_required');
  return toProfile(deps.secret, user);
}

export async function updateProfile(
  deps: { db: Db; secret: string },
  caller: MemberCaller,
  patch: {
    username?: string | undefined;
    name?: string | undefined;
    highlights?: string | undefined;
    openaiApiKey?: string | null | undefined;
    openaiMode?: Profile['openaiMode'] | undefined;
    showNsfw?: boolean | undefined;
    blurNsfw?: boolean | undefined;
    chatLanguage?: string | undefined;
  },
): Promise<Profile> {
  const id = caller.userId;
  const current = await users.findById(deps.db, id);
  if (!current) throw new AppError('sign_in_required');
  const changes: users.ProfileChanges = {};
  if (patch.username !== undefined) changes.username = patch.username;
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.highlights !== undefined) changes.highlights = patch.highlights;
  if (patch.openaiApiKey !== undefined) {
    changes.openaiApiKeyEncrypted =
      patch.openaiApiKey === null ? null : sealSecret(deps.secret, patch.openaiApiKey);
  }
  if (patch.showNsfw !== undefined) changes.showNsfw = patch.showNsfw;
  if (patch.blurNsfw !== undefined) changes.blurNsfw = patch.blurNsfw;
  if (patch.chatLanguage !== undefined) changes.chatLanguage = patch.chatLanguage;
  // Routing replies through the member's own key needs a key; removing the key turns it off.
  const hasKey =
    changes.openaiApiKeyEncrypted !== undefined
      ? changes.openaiApiKeyEncrypted !== null
      : current.openaiApiKeyEncrypted !== null;
  const mode = patch.openaiMode ?? current.openaiMode;
  if (mode !== 'disabled' && !hasKey) {
    if (patch.openaiMode !== undefined) {
      throw new AppError('validation_failed', {
        field: 'openaiMode',
        message: 'Add your OpenAI key first.',
      });
    }
    changes.openaiMode = 'disabled';
  } else if (patch.openaiMode !== undefined) {
    changes.openaiMode = patch.openaiMode;
  }
  const user = await users.updateProfile(deps.db, id, changes).catch((err: unknown) => {
    if (violatedConstraint(err) === 'users_username_key') {
      throw new AppError('username_taken', { field: 'username' });
    }
    throw err;
  });
  if (!user) throw new AppError('sign_in_required');
  return toProfile(deps.secret, user);
}

/** Stores an uploaded image as the member's avatar (a 256 px square WebP); answers its URL. */
export async function setAvatar(
  deps: { db: Db; storage: FileStorage },
  caller: MemberCaller,
  image: Buffer,
): Promise<string> {
  const avatarUrl = await deps.storage.put('avatars', 'webp', await squareWebp(image, 256));
  await users.setAvatar(deps.db, caller.userId, avatarUrl);
  return avatarUrl;
}

/**
 * Deletes the member's account (conversations, sessions and identities go with it); active
 * restrictions stay with the identities. Every session of the member ends first, access tokens
 * included; answers them so their sockets can be dropped.
 */
export async function deleteAccount(
  deps: SessionDeps & { secret: string },
  caller: MemberCaller,
): Promise<string[]> {
  const families = await endEverySessionOf(deps, caller.userId);
  await deleteMemberKeepingRestrictions(deps.db, deps.secret, caller.userId);
  return families;
}
