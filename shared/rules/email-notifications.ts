/**
 * Email notifications (issue 25 item 6): the kinds a member can opt in to, how often a conversation
 * may mail, and the reply's excerpt a mail carries. Off until the member opts in; each kind on its own.
 */
import { z } from 'zod';

/**
 * missed_reply: a reply (a chatbot's, or a group chat's members answering each other) finished while
 * no screen of the member had its conversation open, and they had not opened it since.
 */
export const emailNotificationKinds = ['missed_reply'] as const;
export const EmailNotificationKindSchema = z.enum(emailNotificationKinds);
export type EmailNotificationKind = z.infer<typeof EmailNotificationKindSchema>;

/** Apple's private relay addresses cannot receive our mail (the member is asked for a real one). */
export const appleRelayDomain = 'privaterelay.appleid.com';

/**
 * Whether an account's address can be mailed: members' addresses are verified (a sign-in code, an
 * email change's code, or a provider that verified it), but a relay address reaches nobody.
 */
export function isMailable(email: string | null): email is string {
  return email !== null && !email.toLowerCase().endsWith(`@${appleRelayDomain}`);
}

/** The cooldown's start at `now`: a conversation mailed after it stays quiet. */
export function cooldownStart(now: Date, cooldownMs: number): Date {
  return new Date(now.getTime() - cooldownMs);
}

/** Whether a conversation last mailed at `lastSentAt` must stay quiet at `now`. */
export function isCoolingDown(lastSentAt: Date | null, now: Date, cooldownMs: number): boolean {
  return lastSentAt !== null && lastSentAt > cooldownStart(now, cooldownMs);
}

/** The longest excerpt of a reply a mail quotes, in characters. */
export const excerptMaxLength = 280;

/** The reply's opening as one line of plain text, cut at a word with an ellipsis when longer. */
export function replyExcerpt(text: string, maxLength = excerptMaxLength): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const cut = flat.slice(0, maxLength - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxLength / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}
