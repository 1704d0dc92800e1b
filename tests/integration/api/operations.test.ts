/**
 * Operating the pool: Prometheus metrics at /metrics (with the workers' reply timing), guarded by
 * METRICS_TOKEN when set, and the queue dashboard at /admin/queues for admins only.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema } from '#shared/api/auth';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter, newGuestId } from '../../support/factories';
import { testConfig } from '../../support/config';
import { signInSecrets, startSmtp, type LocalSmtp } from '../../support/smtp-server';
import { connectGuest, nextEvent, startStack, type Stack } from '../../support/stack';

const metricsToken = 'metrics-token-for-tests-0123456789';
let stack: Stack;
let smtp: LocalSmtp;

const inject = (opts: InjectOptions) => stack.app.fastify.inject(opts);

async function signIn(role: 'admin' | 'free_tier'): Promise<string> {
  const email = `ops-${randomUUID()}@example.com`;
  const user = await users.upsertMemberByEmail(stack.app.deps.db, email);
  await users.setRole(stack.app.deps.db, user.id, role);
  await inject({ method: 'POST', url: '/api/auth/email', payload: { email } });
  const { code } = signInSecrets(await smtp.nextMailTo(email));
  const res = await inject({
    method: 'POST',
    url: '/api/auth/email/verify',
    payload: { email, code },
  });
  return SessionSchema.parse(res.json()).accessToken;
}

beforeAll(async () => {
  smtp = await startSmtp();
  stack = await startStack(testConfig({ SMTP_URL: smtp.url, METRICS_TOKEN: metricsToken }));
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

describe('/metrics', () => {
  it('reports queues, the waiting room, sockets, failures and reply timing', async () => {
    const characterId = await createCharacter(stack.app.deps.db);
    const socket = await connectGuest(stack.url, newGuestId());
    const sent = await socket.emitWithAck('message:send', {
      characterId,
      conversationId: null,
      content: 'Once upon a time',
    });
    if (!sent.ok) throw new Error(sent.error.code);
    await nextEvent(socket, 'generation:completed');

    const res = await inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    for (const line of [
      'charchat_queue_jobs{queue="generation",state="wait"} 0',
      'charchat_queue_jobs{queue="waiting-room",state="active"}',
      'charchat_generation_waiting_by_priority{priority="5"} 0',
      'charchat_waiting_room_waiting 0',
      'charchat_waiting_room_access',
      'charchat_waiting_room_admissions_total',
      'charchat_active_sockets 1',
      'charchat_time_to_first_token_seconds_bucket{le="+Inf"} 1',
      'charchat_time_to_first_token_seconds_count 1',
      'charchat_tokens_per_second_count 1',
      'charchat_server_process_resident_memory_bytes',
    ]) {
      expect(body).toContain(line);
    }
    socket.close();
  });

  it('refuses a scrape without the token', async () => {
    expect((await inject({ url: '/metrics' })).statusCode).toBe(403);
    const wrong = await inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(403);
  });
});

describe('the queue dashboard', () => {
  it('opens for an admin through the dashboard cookie, and for nobody else', async () => {
    expect((await inject({ url: '/admin/queues' })).statusCode).toBe(403);

    const member = await signIn('free_tier');
    const refused = await inject({
      method: 'POST',
      url: '/api/admin/queue-board',
      headers: { authorization: `Bearer ${member}` },
    });
    expect(refused.statusCode).toBe(403);

    const admin = await signIn('admin');
    const opened = await inject({
      method: 'POST',
      url: '/api/admin/queue-board',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ url: '/admin/queues' });
    const cookie = opened.cookies.find((c) => c.name === 'cc_queue_board');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/admin/queues' });
    const cookies = { cc_queue_board: cookie?.value ?? '' };

    const page = await inject({ url: '/admin/queues', cookies });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html');
    const api = await inject({ url: '/admin/queues/api/queues', cookies });
    expect(api.statusCode).toBe(200);
    const names = api.json<{ queues: { name: string }[] }>().queues.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['generation', 'maintenance', 'waiting-room']));

    // A forged cookie is refused.
    const forged = await inject({
      url: '/admin/queues',
      cookies: { cc_queue_board: `${randomUUID()}.${String(Date.now() + 60_000)}` },
    });
    expect(forged.statusCode).toBe(403);
  });
});
