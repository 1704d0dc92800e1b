import { describe, expect, it } from 'vitest';
import { missedReplyMail } from '#workers/notifications/missed-reply-mail';

const input = {
  to: 'ana@example.com',
  brandName: 'Moon & Co',
  speakerName: 'Aria <b>',
  replyText: '<script>alert(1)</script> "hi" & bye',
  chatUrl: 'https://chat.example/chat/a/b?source=email_notification',
  unsubscribeUrl: 'https://chat.example/unsubscribe?token=t',
  oneClickUrl: 'https://chat.example/api/email-notifications/unsubscribe?token=t',
};

describe('missedReplyMail', () => {
  it('names the brand and who replied, quotes the reply and links the chat and unsubscribe', () => {
    const mail = missedReplyMail(input);
    expect(mail.subject).toBe('Aria <b> replied on Moon & Co');
    expect(mail.text).toContain('"<script>alert(1)</script> "hi" & bye"');
    expect(mail.text).toContain(input.chatUrl);
    expect(mail.text).toContain(input.unsubscribeUrl);
  });

  it('escapes every text in the HTML', () => {
    const html = missedReplyMail(input).html ?? '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;hi&quot; &amp; bye');
    expect(html).toContain('Moon &amp; Co');
    expect(html).toContain('href="https://chat.example/chat/a/b?source=email_notification"');
  });

  it('carries the one-click unsubscribe headers of RFC 8058', () => {
    expect(missedReplyMail(input).headers).toEqual({
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
