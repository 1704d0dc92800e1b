/**
 * Lets Playwright specs, which run in worker processes, read sign-in mail caught by the local SMTP
 * server that e2e global setup runs: a tiny HTTP endpoint on localhost answers the next mail to an
 * address with its code and link token. Global setup exports its URL as E2E_MAIL_URL.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodedBody, signInSecrets, type LocalSmtp } from './smtp-server';

export const mailInboxEnv = 'E2E_MAIL_URL';

export interface MailInbox {
  url: string;
  close: () => Promise<void>;
}

/**
 * Serves `GET /next?to=<email>` → `{ code, linkToken }` of the next (sign-in) mail to that address, and
 * `GET /mail?to=<email>` → the next mail's whole text, decoded (other mails, such as notifications).
 */
export async function startMailInbox(smtp: LocalSmtp): Promise<MailInbox> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to');
    if ((url.pathname !== '/next' && url.pathname !== '/mail') || to === null) {
      response.writeHead(404).end();
      return;
    }
    const isRaw = url.pathname === '/mail';
    smtp
      .nextMailTo(to, isRaw ? 30_000 : 15_000)
      .then((mail) => {
        if (isRaw) {
          response.writeHead(200, { 'content-type': 'text/plain' }).end(decodedBody(mail));
          return;
        }
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(signInSecrets(mail)));
      })
      .catch((err: unknown) => {
        response.writeHead(504, { 'content-type': 'text/plain' }).end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port =
    address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** From a spec: the code and link token of the next sign-in mail to `email`. */
export async function nextSignInMail(email: string): Promise<{ code: string; linkToken: string }> {
  const base = process.env[mailInboxEnv];
  if (base === undefined)
    throw new Error(`${mailInboxEnv} is not set; run through e2e global setup`);
  const response = await fetch(`${base}/next?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`no sign-in mail to ${email}: ${await response.text()}`);
  const body: unknown = await response.json();
  if (
    typeof body === 'object' &&
    body !== null &&
    'code' in body &&
    'linkToken' in body &&
    typeof body.code === 'string' &&
    typeof body.linkToken === 'string'
  ) {
    return { code: body.code, linkToken: body.linkToken };
  }
  throw new Error(`unexpected inbox answer for ${email}`);
}

/** From a spec: the whole text of the next mail to `email` (headers and body, decoded). */
export async function nextMail(email: string): Promise<string> {
  const base = process.env[mailInboxEnv];
  if (base === undefined)
    throw new Error(`${mailInboxEnv} is not set; run through e2e global setup`);
  const response = await fetch(`${base}/mail?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`no mail to ${email}: ${await response.text()}`);
  return response.text();
}
