/** The member's profile settings and account removal. */
import type { Profile } from '#shared/api/profile';
import type { Db } from '../db/database';
import * as users from '../db/repositories/users.repo';
import type { UserRow } from '../db/tables';
import { AppError } from '../lib/errors';
import { openSecret, sealSecret } from '../lib/secret-box';
import { deleteMemberKeepingRestrictions } from './carried-restrictions.service';
import type { Caller } from './identity.service';

function memberId(caller: Caller): string {
  if (caller.kind !== 'member') throw new AppError('sign_in_required');
  return caller.userId;
}

function toProfile(secret: string, user: UserRow): Profile {
  const key =
    user.openai_api_key_encrypted === null
      ? null
      : openSecret(secret, user.openai_api_key_encrypted);
  return {
    name: user.name,
    highlights: user.highlights,
    avatarUrl: user.avatar_url,
    hasOpenaiApiKey: key !== null,
    openaiApiKeyHint: key === null ? null : key.slice(-4),
    openaiMode: user.openai_mode,
    showNsfw: user.show_nsfw,
    blurNsfw: user.blur_nsfw,
    chatLanguage: user.chat_language,
  };
}

export async function getProfile(
  deps: { db: Db; secret: string },
  caller: Caller,
): Promise<Profile> {
  const user = await users.findById(deps.db, memberId(caller));
  if (!user) throw new AppError('sign_in_required');
  return toProfile(deps.secret, user);
}

export async function updateProfile(
  deps: { db: Db; secret: string },
  caller: Caller,
  patch: {
    name?: string | undefined;
    highlights?: string | undefined;
    openaiApiKey?: string | null | undefined;
    openaiMode?: Profile['openaiMode'] | undefined;
    showNsfw?: boolean | undefined;
    blurNsfw?: boolean | undefined;
    chatLanguage?: string | undefined;
  },
): Promise<Profile> {
  const id = memberId(caller);
  const current = await users.findById(deps.db, id);
  if (!current) throw new AppError('sign_in_required');
  const changes: users.ProfileChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.highlights !== undefined) changes.highlights = patch.highlights;
  if (patch.openaiApiKey !== undefined) {
    changes.openai_api_key_encrypted =
      patch.openaiApiKey === null ? null : sealSecret(deps.secret, patch.openaiApiKey);
  }
  if (patch.showNsfw !== undefined) changes.show_nsfw = patch.showNsfw;
  if (patch.blurNsfw !== undefined) changes.blur_nsfw = patch.blurNsfw;
  if (patch.chatLanguage !== undefined) changes.chat_language = patch.chatLanguage;
  // Routing replies through the member's own key needs a key; removing the key turns it off.
  const hasKey =
    changes.openai_api_key_encrypted !== undefined
      ? changes.openai_api_key_encrypted !== null
      : current.openai_api_key_encrypted !== null;
  const mode = patch.openaiMode ?? current.openai_mode;
  if (mode !== 'disabled' && !hasKey) {
    if (patch.openaiMode !== undefined) {
      throw new AppError('validation_failed', {
        field: 'openaiMode',
        message: 'Add your OpenAI key first.',
      });
    }
    changes.openai_mode = 'disabled';
  } else if (patch.openaiMode !== undefined) {
    changes.openai_mode = patch.openaiMode;
  }
  const user = await users.updateProfile(deps.db, id, changes);
  if (!user) throw new AppError('sign_in_required');
  return toProfile(deps.secret, user);
}

/**
 * Deletes the member's account (conversations, sessions and identities go with it); active
 * restrictions stay with the identities. Answers the session to end so its sockets can be dropped.
 */
export async function deleteAccount(
  db: Db,
  secret: string,
  caller: Caller,
): Promise<string | null> {
  await deleteMemberKeepingRestrictions(db, secret, memberId(caller));
  return caller.sessionFamily;
}
