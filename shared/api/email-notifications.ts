/**
 * Email notifications (issue 25 item 6): the member's consent per kind, and the unsubscribe link every
 * mail carries, which works without signing in (a signed token names the member and the kind). The
 * one-click unsubscribe of RFC 8058 POSTs the same URL the page does.
 */
import { z } from 'zod';
import { EmailNotificationKindSchema } from '../rules/email-notifications';
import { endpoint } from './endpoint';

/** Which kinds of mail the member gets; all off until they opt in. */
export const EmailNotificationSettingsSchema = z.object({
  missedReply: z.boolean(),
  /** Whether the account can receive mail at all (a verified address that is not a relay). */
  hasEmail: z.boolean(),
});
export type EmailNotificationSettings = z.infer<typeof EmailNotificationSettingsSchema>;

export const getEmailNotifications = endpoint({
  method: 'GET',
  path: '/api/me/email-notifications',
  auth: 'member',
  summary: "The member's email notification settings",
  response: EmailNotificationSettingsSchema,
});

/** Turns kinds on or off; only the kinds sent change. */
export const updateEmailNotifications = endpoint({
  method: 'PATCH',
  path: '/api/me/email-notifications',
  auth: 'member',
  summary: "Turn the member's email notifications on or off, per kind",
  body: z.strictObject({ missedReply: z.boolean().optional() }),
  response: EmailNotificationSettingsSchema,
});

/** The page an unsubscribe link opens (it confirms, then posts to the API below). */
export const unsubscribePagePath = '/unsubscribe';
/** The API of an unsubscribe link: GET reads what it turns off, POST turns it off (one-click too). */
export const unsubscribeApiPath = '/api/email-notifications/unsubscribe';

/** The signed token of an unsubscribe link. */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });

export const UnsubscribeLinkSchema = z.object({
  kind: EmailNotificationKindSchema,
  /** The brand the mail came from. */
  brandName: z.string(),
});
export type UnsubscribeLink = z.infer<typeof UnsubscribeLinkSchema>;

/** What an unsubscribe link turns off, for the page that confirms it. */
export const readUnsubscribeLink = endpoint({
  method: 'GET',
  path: unsubscribeApiPath,
  auth: 'none',
  summary: 'What an unsubscribe link turns off',
  query: UnsubscribeQuerySchema,
  response: UnsubscribeLinkSchema,
});

/** Turns the link's kind off; the page's button and mail clients' one-click (RFC 8058) post here. */
export const unsubscribe = endpoint({
  method: 'POST',
  path: unsubscribeApiPath,
  auth: 'none',
  summary: 'Turn off the kind of mail an unsubscribe link names, without signing in',
  query: UnsubscribeQuerySchema,
  response: UnsubscribeLinkSchema,
});
