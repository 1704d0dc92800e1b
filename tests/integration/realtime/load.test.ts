/**
 * Many replies requested at once with the default local provider and default settings: every one
 * completes. Replies beyond the model's sequences wait for one (or in the queue); none fails for lack
 * of one, and each is stored once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCharacter } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInMember } from '../../support/members';
import { startSmtp, type LocalSmtp } from '../../support/smtp-server';
import {
  connectMember,
  nextEvent,
  startStack,
  type ClientSocket,
  type Stack,
} from '../../support/stack';

let stack: Stack;
let smtp: LocalSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  // The defaults: WORKER_CONCURRENCY unset (the local provider's own), the default reply length.
  stack = await startStack(
    testConfig({ SMTP_URL: smtp.url, WORKER_CONCURRENCY: '', LLM_MAX_TOKENS: '' }),
  );
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

/**
 * `perMember` new conversations for each of `members` members, all sent at once. A reply may wait up
 * to `waitMs` (the last of 200 waits for most of the others on a busy machine): one that neither
 * completes nor fails by then counts as failed.
 */
async function burst(members: number, perMember: number, waitMs: number) {
  const characterId = await createCharacter(stack.app.deps.db);
  const sockets: ClientSocket[] = [];
  for (let i = 0; i < members; i++) {
    const member = await signInMember(stack, smtp);
    sockets.push(await connectMember(stack.url, member.session.accessToken));
  }
  const sends = sockets.flatMap((socket) =>
    Array.from({ length: perMember }, async (_, i) => {
      const ack = await socket.emitWithAck('message:send', {
        characterId,
        conversationId: null,
        content: `Story number ${String(i)}, please.`,
      });
      if (!ack.ok) return { socket, error: ack.error.code };
      const done = await Promise.race([
        nextEvent(socket, 'generation:completed', (p) => p.message.id === ack.data.replyId, waitMs),
        nextEvent(socket, 'generation:failed', (p) => p.messageId === ack.data.replyId, waitMs),
      ]);
      return { socket, error: 'error' in done ? done.error.code : null, replyId: ack.data.replyId };
    }),
  );
  const results = await Promise.all(sends);
  const failed = results.filter((r) => r.error !== null).map((r) => r.error);
  const replyIds = results.flatMap((r) => ('replyId' in r && r.error === null ? [r.replyId] : []));
  const stored = await stack.app.deps.db
    .selectFrom('messages')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('id', 'in', replyIds.length > 0 ? replyIds : ['00000000-0000-0000-0000-000000000000'])
    .executeTakeFirstOrThrow();
  for (const s of sockets) s.close();
  return { failed, completed: replyIds.length, stored: Number(stored.n) };
}

it('completes 40 replies requested at once by two members (20 new conversations each)', async () => {
  const { failed, completed, stored } = await burst(2, 20, 150_000);
  expect(failed).toEqual([]);
  expect(completed).toBe(40);
  expect(stored).toBe(40);
}, 180_000);

it('completes 200 replies requested at once by ten members', async () => {
  const { failed, completed, stored } = await burst(10, 20, 380_000);
  expect(failed).toEqual([]);
  expect(completed).toBe(200);
  expect(stored).toBe(200);
}, 400_000);
