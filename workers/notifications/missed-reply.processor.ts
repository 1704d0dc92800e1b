/**
 * The `missed-reply` job (shared/jobs/notifications.ts): mails the member about the newest reply of a
 * conversation that finished while nobody watched it, if they still have not opened it, consented to
 * missed_reply, have an address to mail, and the conversation was not mailed within the cooldown. The
 * send is claimed in PostgreSQL first: a job retried after its mail went out finds the claim and stops;
 * a mail the server refused gives the claim back and the job is retried.
 */
import { unsubscribeApiPath, unsubscribePagePath } from '#shared/api/email-notifications';
import type { MissedReplyJob } from '#shared/jobs/notifications';
import { isMailable } from '#shared/rules/email-notifications';
import type { Db } from '#server/db/database';
import * as notices from '#server/db/repositories/email-notifications.repo';
import type { Applications } from '#server/lib/applications';
import type { Logger } from '#server/lib/log';
import type { Mailer } from '#server/lib/mailer';
import { clearMissedReplies, missedReplyOf } from '#server/lib/missed-replies';
import type { Redis } from '#server/lib/redis';
import { signUnsubscribeToken } from '#server/lib/unsubscribe-token';
import { missedReplyMail } from './missed-reply-mail';

export interface MissedReplyDeps {
  db: Db;
  redis: Redis;
  prefix: string;
  mailer: Mailer;
  applications: Applications;
  log: Logger;
  /** Signs the unsubscribe link (the server secret). */
  secret: string;
  cooldownMs: number;
  now?: () => Date;
}

/** Answers whether a mail was sent (tests count them). */
export async function processMissedReply(
  deps: MissedReplyDeps,
  job: MissedReplyJob,
): Promise<boolean> {
  const { conversationId } = job;
  // The newest missed reply, unless the member opened the conversation since.
  const replyId = await missedReplyOf(deps.redis, deps.prefix, conversationId);
  if (replyId === null) return false;
  const notice = await notices.missedReplyNotice(deps.db, { conversationId, replyId });
  if (notice === undefined || !notice.isMember || notice.applicationId === null) return false;
  if (!isMailable(notice.email)) return false;
  const now = deps.now?.() ?? new Date();
  const claim = { conversationId, replyId, now };
  if (!(await notices.claimSend(deps.db, { ...claim, cooldownMs: deps.cooldownMs }))) return false;
  const application = deps.applications.of(notice.applicationId);
  const token = encodeURIComponent(
    signUnsubscribeToken(deps.secret, { userId: notice.userId, kind: 'missed_reply' }),
  );
  const site = application.siteUrl;
  const mail = missedReplyMail({
    to: notice.email,
    brandName: application.settings.name,
    speakerName: notice.speakerName,
    replyText: notice.content,
    chatUrl: `${site}/chat/${notice.characterId}/${conversationId}?source=email_notification`,
    unsubscribeUrl: `${site}${unsubscribePagePath}?token=${token}`,
    oneClickUrl: `${site}${unsubscribeApiPath}?token=${token}`,
  });
  try {
    await deps.mailer.send(mail);
  } catch (err) {
    await notices.releaseSend(deps.db, claim);
    throw err;
  }
  await clearMissedReplies(deps.redis, deps.prefix, conversationId);
  deps.log.info({ conversationId, replyId }, 'missed reply mailed');
  return true;
}
