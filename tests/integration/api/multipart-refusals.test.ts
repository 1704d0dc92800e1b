/**
 * A refused upload never stalls its keep-alive connection (issue 28, "Must hold"): an upload with the
 * wrong multipart field, a file too large or of the wrong type gets its 4xx, and the next request sent
 * over the same connection (one undici Client, one request at a time) is answered, for one client and
 * for many at once.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatarMaxBytes } from '#shared/api/profile';
import { conversationFileField } from '#shared/api/conversations';
import { testConfig } from '../../support/config';
import { errorOf, multipart } from '../../support/http';
import { signInMember, type SignedInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { startStack, type Stack } from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;
let member: SignedInMember;

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url }), { workers: false });
  member = await signInMember(stack, smtp);
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

/** A file big enough that the parser holds back the rest of the body while it is not read. */
const bigFile = new Uint8Array(1024 * 1024).fill(120);

/** One keep-alive connection: each request waits for the one before it. */
function oneConnection(): Client {
  return new Client(stack.url, { pipelining: 1, headersTimeout: 5_000, bodyTimeout: 5_000 });
}

async function upload(
  client: Client,
  path: string,
  headers: Record<string, string>,
  body: ReturnType<typeof multipart>,
) {
  const res = await client.request({
    method: 'POST',
    path,
    headers: { ...headers, ...body.headers },
    body: body.payload,
  });
  return { status: res.statusCode, body: await res.body.json() };
}

/** The next request on the connection is answered. */
async function answersNext(client: Client, headers: Record<string, string>): Promise<void> {
  const res = await client.request({ method: 'GET', path: '/api/conversations', headers });
  expect(res.statusCode).toBe(200);
  await res.body.dump();
}

describe('refused multipart bodies', () => {
  it('answers the next request after a wrong field, a wrong type and a file too large', async () => {
    const client = oneConnection();
    const auth = member.headers;
    try {
      const wrongField = await upload(
        client,
        '/api/me/avatar',
        auth,
        multipart('picture', 'a.png', bigFile, 'image/png'),
      );
      expect([wrongField.status, errorOf(wrongField.body).field]).toEqual([400, 'avatar']);
      await answersNext(client, auth);

      const wrongType = await upload(
        client,
        '/api/me/avatar',
        auth,
        multipart('avatar', 'a.txt', bigFile, 'text/plain'),
      );
      expect(wrongType.status).toBe(400);
      await answersNext(client, auth);

      const tooLarge = await upload(
        client,
        '/api/me/avatar',
        auth,
        multipart('avatar', 'a.png', new Uint8Array(avatarMaxBytes + 1), 'image/png'),
      );
      expect([tooLarge.status, errorOf(tooLarge.body).code]).toEqual([413, 'payload_too_large']);
      await answersNext(client, auth);
    } finally {
      await client.close();
    }
  });

  it('answers the next request of many guests at once after a wrong field', async () => {
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = oneConnection();
        const guest = { 'x-guest-id': randomUUID() };
        try {
          const refused = await upload(
            client,
            '/api/conversations/import',
            guest,
            multipart(`${conversationFileField}x`, 'chat.jsonl', bigFile),
          );
          expect([refused.status, errorOf(refused.body).field]).toEqual([
            400,
            conversationFileField,
          ]);
          await answersNext(client, guest);
        } finally {
          await client.close();
        }
      }),
    );
  });
});
