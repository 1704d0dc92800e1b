/**
 * The token of a mail's unsubscribe link (issue 25 item 6): it names the member and the kind of mail,
 * signed with an HMAC keyed from the server secret, so the link works without signing in and cannot be
 * made for anyone else. It does not expire: an old mail's link still unsubscribes (RFC 8058).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  EmailNotificationKindSchema,
  type EmailNotificationKind,
} from '#shared/rules/email-notifications';

export interface UnsubscribeClaim {
  userId: string;
  kind: EmailNotificationKind;
}

const version = 'u1';

function macOf(secret: string, body: string): Buffer {
  const key = createHmac('sha256', secret).update('email-unsubscribe').digest();
  return createHmac('sha256', key).update(body).digest();
}

/** `u1.<userId>.<kind>.<mac>`: short enough for a URL, readable in a support request. */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const body = `${version}.${claim.userId}.${claim.kind}`;
  return `${body}.${macOf(secret, body).toString('base64url')}`;
}

const ClaimSchema = z.object({ userId: z.uuid(), kind: EmailNotificationKindSchema });

/** The member and kind a token names, or null when it was not made by us or was altered. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== version) return null;
  const [, userId, kind, mac = ''] = parts;
  const expected = macOf(secret, parts.slice(0, 3).join('.'));
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claim = ClaimSchema.safeParse({ userId, kind });
  return claim.success ? claim.data : null;
}
