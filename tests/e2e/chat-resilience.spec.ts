/**
 * The chat path when things go wrong under a real browser: the server restarts while a reply streams,
 * and a reply is stopped before its first word. This spec runs a product of its own, split into a
 * server process and a worker process (so the server alone can restart), against its own wire server.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startWireServer, words, type WireServer } from '../../testkit/openai-wire-server';
import { freePort, startProcess, type Child } from '../../testkit/processes';
import { redisUrl } from '../support/services';
import { e2eDatabaseUrl } from './global-setup';
import { characterCards } from './onboarding-steps';

const reply = words(50, 'tale');
let wire: WireServer;
let worker: Child;
let server: Child;
let port: number;
let env: Record<string, string>;

function startServer(): Promise<Child> {
  return startProcess(
    'scripts/start.ts',
    { ...env, RUN_WORKERS: 'false' },
    /is running at/,
    120_000,
  );
}

test.beforeAll(async () => {
  wire = await startWireServer({ tokens: reply, firstTokenDelayMs: 300, tokenDelayMs: 120 });
  port = await freePort();
  env = {
    PORT: String(port),
    DATABASE_URL: e2eDatabaseUrl(),
    REDIS_URL: redisUrl,
    // Queues of its own, so the suite's main product never takes these replies.
    REDIS_PREFIX: `e2e-resilience-${randomBytes(3).toString('hex')}:`,
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: wire.baseUrl,
    LLM_MODEL: 'wire',
    WAITING_ROOM_MAX: '0',
    LOG_LEVEL: 'info',
    PUBLIC_URL: `http://127.0.0.1:${String(port)}`,
  };
  worker = await startProcess(
    'workers/main.ts',
    { ...env, WORKER_QUEUES: 'generation' },
    /workers started/,
  );
  server = await startServer();
});

test.afterAll(async () => {
  await server.stop();
  await worker.stop();
  await wire.close();
});

async function openChat(page: Page): Promise<void> {
  await page.goto(`http://127.0.0.1:${String(port)}/`);
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
}

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(text);
}

test('a reply streaming while the server restarts arrives whole without a reload', async ({
  page,
}) => {
  await openChat(page);
  await send(page, 'Tell me a long tale.');
  const bot = page.getByRole('log').locator('[data-role="bot"]').last();
  await expect(bot).toContainText('tale3');

  await server.stop();
  server = await startServer();

  // Without a reload: the socket reconnects by itself, resyncs, and the reply streams to its end.
  await expect(bot).toContainText('tale50', { timeout: 30_000 });
  await expect(bot).not.toHaveAttribute('data-streaming', 'true');
  await expect(bot).toContainText('tale1 tale2 tale3');
  await expect(page.getByText('Reconnecting')).toHaveCount(0);

  // And the chat goes on.
  await send(page, 'Another one.');
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText('tale2');
});

test('stopping before the first word is a stop, not an error, before and after a reload', async ({
  page,
}) => {
  wire.behaviour.firstTokenDelayMs = 20_000;
  try {
    await openChat(page);
    await send(page, 'Wait, never mind.');
    await page.getByRole('button', { name: 'Stop' }).click();
    const note = page.getByText('You stopped this reply before it began.');
    await expect(note).toBeVisible();
    await expect(page.getByText('No reply arrived for your last message.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByText('You stopped this reply before it began.')).toBeVisible();
    await expect(page.getByText('No reply arrived for your last message.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

    // The stopped reply offers Regenerate, which writes it again.
    wire.behaviour.firstTokenDelayMs = 300;
    await page.getByRole('button', { name: 'Regenerate' }).click();
    const bot = page.getByRole('log').locator('[data-role="bot"]').last();
    await expect(bot).not.toHaveAttribute('data-streaming', 'true', { timeout: 30_000 });
    await expect(bot).toContainText('tale1 tale2');
    await expect(page.getByText('You stopped this reply before it began.')).toHaveCount(0);
  } finally {
    wire.behaviour.firstTokenDelayMs = 300;
  }
});
