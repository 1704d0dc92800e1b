/**
 * Without AUTH_SECRET, every process of an install uses one generated secret kept in AUTH_SECRET_FILE:
 * the file's rules, then the real start command twice, where a session of the first start still works
 * after the restart. Production refuses to start without a secret.
 */
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionSchema } from '#shared/api/auth';
import { ConfigError, loadConfig } from '#server/config';
import { withAuthSecret } from '#server/lib/auth-secret';
import { redisEnv, testConfig } from '../../support/config';
import { freePort, startProcess } from '../../../testkit/processes';
import { signInSecrets, startSmtp } from '../../support/smtp-server';

const fileIn = (dir = mkdtempSync(path.join(tmpdir(), 'charchat-secret-'))) =>
  path.join(dir, 'data', 'auth-secret');

describe('withAuthSecret', () => {
  it('keeps AUTH_SECRET when it is set, writing nothing', () => {
    const file = fileIn();
    const secret = 'a'.repeat(40);
    const config = withAuthSecret(loadConfig({ AUTH_SECRET: secret, AUTH_SECRET_FILE: file }));
    expect(config.AUTH_SECRET).toBe(secret);
    expect(() => statSync(file)).toThrow();
  });

  it('generates a random secret once, readable by its owner only, and reads it back after', () => {
    const file = fileIn();
    const first = withAuthSecret(loadConfig({ AUTH_SECRET_FILE: file })).AUTH_SECRET;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(withAuthSecret(loadConfig({ AUTH_SECRET_FILE: file })).AUTH_SECRET).toBe(first);
    expect(withAuthSecret(loadConfig({ AUTH_SECRET_FILE: fileIn() })).AUTH_SECRET).not.toBe(first);
  });

  it('refuses a file that holds no usable secret, or a path it cannot use, naming it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'charchat-secret-'));
    const short = path.join(dir, 'short');
    writeFileSync(short, 'too short\n');
    expect(() => withAuthSecret(loadConfig({ AUTH_SECRET_FILE: short }))).toThrow(ConfigError);
    expect(() => withAuthSecret(loadConfig({ AUTH_SECRET_FILE: short }))).toThrow(short);
    expect(() => withAuthSecret(loadConfig({ AUTH_SECRET_FILE: dir }))).toThrow(ConfigError);
  });
});

describe('npm run start:server without AUTH_SECRET', () => {
  it('keeps the generated secret across two starts, so a session survives a restart', async () => {
    const smtp = await startSmtp();
    const config = testConfig();
    const file = fileIn();
    const port = await freePort();
    const env = {
      AUTH_SECRET: '',
      AUTH_SECRET_FILE: file,
      DATABASE_URL: config.DATABASE_URL,
      ...redisEnv(),
      REDIS_PREFIX: config.REDIS_PREFIX,
      SMTP_URL: smtp.url,
      PORT: String(port),
      LOG_LEVEL: 'info',
    };
    const url = `http://127.0.0.1:${String(port)}`;
    const post = (route: string, body: unknown) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const me = (token: string) =>
      fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    try {
      const first = await startProcess('server/main.ts', env, /Server listening/);
      const email = `restart-${String(port)}@example.com`;
      await post('/api/auth/email', { email });
      const { code } = signInSecrets(await smtp.nextMailTo(email));
      const session = SessionSchema.parse(
        await (await post('/api/auth/email/verify', { email, code })).json(),
      );
      expect((await me(session.accessToken)).status).toBe(200);
      await first.stop();
      expect(statSync(file).mode & 0o777).toBe(0o600);

      const second = await startProcess('server/main.ts', env, /Server listening/);
      try {
        expect((await me(session.accessToken)).status).toBe(200);
      } finally {
        await second.stop();
      }
    } finally {
      await smtp.close();
    }
  });

  it('refuses to start in production, saying why in one line', async () => {
    const config = testConfig();
    const started = startProcess(
      'server/main.ts',
      {
        NODE_ENV: 'production',
        AUTH_SECRET: '',
        AUTH_SECRET_FILE: fileIn(),
        DATABASE_URL: config.DATABASE_URL,
        ...redisEnv(),
        PORT: String(await freePort()),
      },
      /Server listening/,
    );
    await expect(started).rejects.toThrow(
      /exited with 1:\nConfiguration error: AUTH_SECRET is missing/,
    );
  });
});
