/** A real SMTP server on localhost that keeps every mail it receives, for sign-in tests. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  nextMailTo: (to: string, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

export async function startSmtp(): Promise<LocalSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A mail under way when a test ends is not waited for (the default grace is 30 s).
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port =
    address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
  const nextMailTo = async (to: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.find((m) => !taken.has(m) && m.to.includes(to));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    nextMailTo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's text: quoted-printable soft line breaks joined and =XX escapes decoded. */
export function decodedBody(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The 6-digit code and the magic link token in a sign-in mail. */
export function signInSecrets(mail: ReceivedMail): { code: string; linkToken: string } {
  const body = decodedBody(mail);
  const code = /sign-in code is (\d{6})/.exec(body)?.[1];
  const linkToken = /token=([\w%-]+)/.exec(body)?.[1];
  if (code === undefined || linkToken === undefined)
    throw new Error(`no code or link in:\n${body}`);
  return { code, linkToken: decodeURIComponent(linkToken) };
}

/** The 6-digit code in any mail that carries one ("… code … is 123456"). */
export function codeIn(mail: ReceivedMail): string {
  const code = /is (\d{6})/.exec(mail.raw)?.[1];
  if (code === undefined) throw new Error(`no code in:\n${mail.raw}`);
  return code;
}
