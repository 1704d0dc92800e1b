/**
 * The mail about a missed reply (issue 25 item 6): the brand's name, who replied, a short plain-text
 * excerpt, the link that opens the chat (`?source=email_notification`, product-core.md "Chat screen")
 * and the unsubscribe link, with RFC 8058's one-click headers. Every text in the HTML is escaped.
 */
import { replyExcerpt } from '#shared/rules/email-notifications';
import type { Mail } from '#server/lib/mailer';

export interface MissedReplyMailInput {
  to: string;
  brandName: string;
  speakerName: string;
  replyText: string;
  chatUrl: string;
  /** The page that confirms, linked in the text. */
  unsubscribeUrl: string;
  /** The API a mail client posts to for one-click unsubscribe (RFC 8058). */
  oneClickUrl: string;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

export function missedReplyMail(input: MissedReplyMailInput): Mail {
  const excerpt = replyExcerpt(input.replyText);
  const heading = `${input.speakerName} replied while you were away`;
  const text = [
    `${heading}:`,
    '',
    `"${excerpt}"`,
    '',
    `Read the reply on ${input.brandName}:`,
    input.chatUrl,
    '',
    `You get this mail because you turned on emails about replies you missed on ${input.brandName}.`,
    `Unsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5; color: #1a1a1a;">
<p style="font-size: 18px; font-weight: 600;">${e(heading)}</p>
<blockquote style="margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #888;">${e(excerpt)}</blockquote>
<p><a href="${e(input.chatUrl)}">Read the reply on ${e(input.brandName)}</a></p>
<p style="font-size: 12px; color: #555;">You get this mail because you turned on emails about replies you missed on ${e(input.brandName)}. <a href="${e(input.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to: input.to,
    subject: `${input.speakerName} replied on ${input.brandName}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
