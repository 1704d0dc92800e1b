/**
 * npm run make-admin (issue 25 part 5): the first admin of a fresh install without SQL. Runs the
 * command as an operator does, against the run's database and Redis.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisEnv, testConfig } from '../../support/config';
import { startStack, type Stack } from '../../support/stack';

const run = promisify(execFile);
let stack: Stack;

beforeAll(async () => {
  stack = await startStack(testConfig(), { workers: false });
});
afterAll(async () => {
  await stack.close();
});

function makeAdmin(arg: string) {
  const config = stack.app.deps.config;
  return run('npx', ['tsx', 'scripts/make-admin.ts', arg], {
    env: {
      ...process.env,
      DATABASE_URL: config.DATABASE_URL,
      ...redisEnv(),
      REDIS_PREFIX: config.REDIS_PREFIX,
      AUTH_SECRET: config.AUTH_SECRET,
      LOG_LEVEL: 'silent',
    },
  });
}

async function membersWith(email: string) {
  return stack.app.deps.db
    .selectFrom('users')
    .select(['id', 'role', 'kind'])
    .where('email', '=', email)
    .execute();
}

describe('npm run make-admin', () => {
  it('creates the account of a new email as an admin, audited, and is the same admin when run again', async () => {
    const email = `first-admin-${randomUUID()}@example.com`;
    const out = await makeAdmin(email.toUpperCase());
    expect(out.stdout).toContain(`${email} is an admin now`);
    const [member] = await membersWith(email);
    expect(member).toMatchObject({ role: 'admin', kind: 'member' });
    await makeAdmin(email);
    expect(await membersWith(email)).toHaveLength(1);
    const audit = await stack.app.deps.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action'])
      .where('target_user_id', '=', member?.id ?? '')
      .execute();
    expect(audit).toEqual([
      { actor_user_id: null, action: 'user.role_changed' },
      { actor_user_id: null, action: 'user.role_changed' },
    ]);
  }, 60_000);

  it('makes an existing member an admin, and two runs at once still make one account', async () => {
    const email = `race-admin-${randomUUID()}@example.com`;
    await Promise.all([makeAdmin(email), makeAdmin(email)]);
    const members = await membersWith(email);
    expect(members).toHaveLength(1);
    expect(members[0]?.role).toBe('admin');
  }, 60_000);

  it('refuses something that is not an email, and changes nothing', async () => {
    for (const bad of ['not-an-email', '', 'someone@', `${'x'.repeat(330)}@example.com`]) {
      await expect(makeAdmin(bad)).rejects.toMatchObject({ code: 2 });
    }
  }, 60_000);
});
