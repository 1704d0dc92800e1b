/**
 * Email notifications (issue 25 item 6): members' consent per kind, what a missed-reply mail says, and
 * each conversation's last mail, claimed atomically so the cooldown holds across workers and a
 * retried job never mails twice.
 */
import {
  cooldownStart,
  emailNotificationKinds,
  type EmailNotificationKind,
} from '#shared/rules/email-notifications';
import type { Db } from '../database';

/** The kinds a member opted in to. */
export async function consentsOf(db: Db, userId: string): Promise<EmailNotificationKind[]> {
  const rows = await db
    .selectFrom('email_notification_consents')
    .select('kind')
    .where('user_id', '=', userId)
    .execute();
  return emailNotificationKinds.filter((kind) => rows.some((r) => r.kind === kind));
}

/** Turns a kind on (through the brand the member is on) or off. */
export async function setConsent(
  db: Db,
  input: { userId: string; kind: EmailNotificationKind; isOn: boolean; applicationId: string },
): Promise<void> {
  if (!input.isOn) {
    await db
      .deleteFrom('email_notification_consents')
      .where('user_id', '=', input.userId)
      .where('kind', '=', input.kind)
      .execute();
    return;
  }
  await db
    .insertInto('email_notification_consents')
    .values({ user_id: input.userId, kind: input.kind, application_id: input.applicationId })
    .onConflict((oc) =>
      oc.columns(['user_id', 'kind']).doUpdateSet({ application_id: input.applicationId }),
    )
    .execute();
}

/** What a mail about a missed reply needs; the consent's brand is null while missed_reply is off. */
export interface MissedReplyNotice {
  userId: string;
  isMember: boolean;
  email: string | null;
  /** The brand the member opted in through; null: they did not (or no longer) opt in. */
  applicationId: string | null;
  characterId: string;
  /** The chatbot, or in a group chat the member who spoke. */
  speakerName: string;
  content: string;
}

export async function missedReplyNotice(
  db: Db,
  ref: { conversationId: string; replyId: string },
): Promise<MissedReplyNotice | undefined> {
  const row = await db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('characters as ch', 'ch.id', 'c.character_id')
    .leftJoin('characters as speaker', 'speaker.id', 'm.sub_character_id')
    .leftJoin('email_notification_consents as consent', (join) =>
      join.onRef('consent.user_id', '=', 'u.id').on('consent.kind', '=', 'missed_reply'),
    )
    .select([
      'u.id as userId',
      'u.kind',
      'u.email',
      'consent.application_id as applicationId',
      'c.character_id as characterId',
      'ch.name as characterName',
      'speaker.name as speakerName',
      'm.content',
    ])
    .where('m.id', '=', ref.replyId)
    .where('m.conversation_id', '=', ref.conversationId)
    .where('m.role', '=', 'bot')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.userId,
    isMember: row.kind === 'member',
    email: row.email,
    applicationId: row.applicationId,
    characterId: row.characterId,
    speakerName: row.speakerName ?? row.characterName,
    content: row.content,
  };
}

/**
 * Claims the conversation's next mail for a reply: true unless it was mailed within the cooldown (or
 * this reply's mail was claimed already). One statement, so two workers never both claim.
 */
export async function claimSend(
  db: Db,
  input: { conversationId: string; replyId: string; now: Date; cooldownMs: number },
): Promise<boolean> {
  const row = await db
    .insertInto('email_notification_sends')
    .values({
      conversation_id: input.conversationId,
      message_id: input.replyId,
      sent_at: input.now,
    })
    .onConflict((oc) =>
      oc
        .column('conversation_id')
        .doUpdateSet({ message_id: input.replyId, sent_at: input.now })
        .where('email_notification_sends.sent_at', '<=', cooldownStart(input.now, input.cooldownMs))
        .where('email_notification_sends.message_id', '!=', input.replyId),
    )
    .returning('conversation_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back after its mail could not be sent, so the retried job can send it. */
export async function releaseSend(
  db: Db,
  claim: { conversationId: string; replyId: string; now: Date },
): Promise<void> {
  await db
    .deleteFrom('email_notification_sends')
    .where('conversation_id', '=', claim.conversationId)
    .where('message_id', '=', claim.replyId)
    .where('sent_at', '=', claim.now)
    .execute();
}
