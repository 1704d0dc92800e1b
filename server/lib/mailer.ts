/**
 * Outgoing mail through SMTP (nodemailer). Without SMTP_URL outside production, mail is printed to the
 * log, loudly marked, so sign-in works on a development machine.
 */
import nodemailer from 'nodemailer';
import type { Logger } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML, for mail clients that show it (its text is escaped by the sender). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
  close: () => void;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  log: Logger;
}): Mailer {
  if (opts.smtpUrl === undefined) {
    return {
      send: (mail) => {
        opts.log.warn(
          `\n===== DEVELOPMENT MAIL (SMTP_URL is not set) =====\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n==================================================`,
        );
        return Promise.resolve();
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: opts.from, ...mail });
    },
    close: () => {
      transport.close();
    },
  };
}
