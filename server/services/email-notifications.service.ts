/**
 * Email notifications (issue 25 item 6): the member's consent per kind (off until they opt in; each
 * kind on its own) and the unsubscribe link, which works without signing in: its signed token names
 * the member and the kind (lib/unsubscribe-token.ts). The mails themselves are sent by the workers'
 * notifications queue, never in a request.
 */
import type { EmailNotificationSettings, UnsubscribeLink } from '#shared/api/email-notifications';
import { isMailable, type EmailNotificationKind } from '#shared/rules/email-notifications';
import type { Db } from '../db/database';
import * as notices from '../db/repositories/email-notifications.repo';
import * as users from '../db/repositories/users.repo';
import type { Application } from '../lib/applications';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { verifyUnsubscribeToken } from '../lib/unsubscribe-token';

export async function emailNotificationsOf(
  db: Db,
  caller: MemberCaller,
): Promise<EmailNotificationSettings> {
  const [kinds, user] = await Promise.all([
    notices.consentsOf(db, caller.userId),
    users.findById(db, caller.userId),
  ]);
  return { missedReply: kinds.includes('missed_reply'), hasEmail: isMailable(user?.email ?? null) };
}

/** Turns the kinds sent on or off; a kind turned on remembers the brand it was turned on through. */
export async function updateEmailNotifications(
  db: Db,
  caller: MemberCaller,
  application: Application,
  changes: { missedReply?: boolean | undefined },
): Promise<EmailNotificationSettings> {
  const kinds: [EmailNotificationKind, boolean | undefined][] = [
    ['missed_reply', changes.missedReply],
  ];
  for (const [kind, isOn] of kinds) {
    if (isOn === undefined) continue;
    await notices.setConsent(db, {
      userId: caller.userId,
      kind,
      isOn,
      applicationId: application.settings.id,
    });
  }
  return emailNotificationsOf(db, caller);
}

function claimOf(secret: string, token: string) {
  const claim = verifyUnsubscribeToken(secret, token);
  if (claim === null) throw new AppError('unsubscribe_link_invalid', { field: 'token' });
  return claim;
}

/** What a link turns off, for its page; a forged or altered link is unsubscribe_link_invalid. */
export function readUnsubscribeLink(
  secret: string,
  application: Application,
  token: string,
): UnsubscribeLink {
  return { kind: claimOf(secret, token).kind, brandName: application.settings.name };
}

/** Turns the link's kind off for its member; a second click changes nothing and answers the same. */
export async function unsubscribeByLink(
  db: Db,
  secret: string,
  application: Application,
  token: string,
): Promise<UnsubscribeLink> {
  const claim = claimOf(secret, token);
  await notices.setConsent(db, {
    userId: claim.userId,
    kind: claim.kind,
    isOn: false,
    applicationId: application.settings.id,
  });
  return { kind: claim.kind, brandName: application.settings.name };
}
