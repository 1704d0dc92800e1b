/**
 * The waiting room with room for one (product-core.md §4, "Waiting queue"), against its own product
 * (database, Redis prefix, short access): the first guest is let in and chats; the second waits, sees
 * the banner on home and the modal in a chat, keeps a refused message in the box, and is let in when
 * the first guest's access runs out: the modal closes, the toast says so, and the message goes out.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { startWireServer, words, type WireServer } from '../support/openai-wire-server';
import { freePort, startProcess, type Child } from '../support/processes';
import { adminUrl, dropDatabase, redisUrl, testDatabaseUrl } from '../support/services';

const lastWord = 'line3';
let wire: WireServer | undefined;
let product: Child | undefined;
let database = '';
let baseURL = '';

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  const run = randomBytes(4).toString('hex');
  database = `charchat_e2e_wr_${run}`;
  wire = await startWireServer({
    tokens: words(3, 'line'),
    firstTokenDelayMs: 50,
    tokenDelayMs: 30,
  });
  const port = await freePort();
  baseURL = `http://127.0.0.1:${String(port)}`;
  product = await startProcess(
    'scripts/start.ts',
    {
      PORT: String(port),
      DATABASE_URL: testDatabaseUrl(database),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `e2e-wr-${run}:`,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      LOG_LEVEL: 'warn',
      WAITING_ROOM_MIN: '1',
      WAITING_ROOM_MAX: '1',
      // Long enough for the second guest to reach the chat and be refused while the first chats.
      WAITING_ROOM_ACCESS_SECONDS: '40',
      WAITING_ROOM_TICK_MS: '500',
      PUBLIC_URL: baseURL,
    },
    /is running at/,
    180_000,
  );
});

test.afterAll(async () => {
  await product?.stop();
  await wire?.close();
  if (database !== '') await dropDatabase(adminUrl(), database);
});

/** A fresh guest with this project's screen (desktop or 390 px mobile) on the product of this spec. */
async function newGuest(browser: Browser, testInfo: TestInfo) {
  const { viewport, isMobile, hasTouch, userAgent } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent });
  return { context, page: await context.newPage() };
}

test('the second guest waits in line, keeps the message, and chats when the first one’s access ends', async ({
  browser,
}, testInfo) => {
  const first = await newGuest(browser, testInfo);
  const second = await newGuest(browser, testInfo);
  try {
    // The first guest is let in and chats.
    await first.page.goto('/');
    const card = first.page
      .getByRole('link')
      .filter({ has: first.page.getByRole('img') })
      .first();
    await expect(card).toBeVisible();
    const href = (await card.getAttribute('href')) ?? '';
    const characterId = href.split('/').pop() ?? '';
    expect(characterId).toMatch(/^[0-9a-f-]{36}$/);
    await first.page.goto(`/chat/${characterId}`);
    await expect(first.page).toHaveURL(/\/chat\/[\w-]+\/new$/);
    await first.page.getByRole('textbox', { name: 'Message' }).fill('Hello, I am first.');
    await first.page.getByRole('button', { name: 'Send' }).click();
    const firstLog = first.page.getByRole('log');
    await expect(firstLog.locator('[data-role="user"]').last()).toContainText('Hello, I am first.');
    await expect(firstLog.locator('[data-role="bot"]').last()).toContainText(lastWord);

    // The second guest waits: the banner on home, then the modal in the chat.
    await second.page.goto('/');
    const banner = second.page.getByRole('status', { name: 'Waiting line' });
    await expect(banner).toContainText('You are number 1 in line to chat.');
    await second.page.goto(`/chat/${characterId}`);
    const modal = second.page.getByRole('dialog', { name: 'You’re in line' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Your position');
    await expect(modal.locator('dd').first()).toHaveText('1');
    await expect(modal.getByRole('link', { name: 'Upgrade to skip the line' })).toHaveAttribute(
      'href',
      '/subscribe',
    );

    // Closed, the chat can be typed in; a send is refused, the modal is back and the text stays.
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    const box = second.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello from the line.');
    await second.page.getByRole('button', { name: 'Send' }).click();
    await expect(modal).toBeVisible();
    await expect(box).toHaveValue('Hello from the line.');

    // The first guest's access runs out: the second is let in.
    await expect(modal).toBeHidden({ timeout: 90_000 });
    await expect(second.page.getByText('It’s your turn: you can chat now.')).toBeVisible();
    await expect(box).toHaveValue('Hello from the line.');
    await second.page.getByRole('button', { name: 'Send' }).click();
    const secondLog = second.page.getByRole('log');
    await expect(secondLog.locator('[data-role="user"]').last()).toContainText(
      'Hello from the line.',
    );
    await expect(secondLog.locator('[data-role="bot"]').last()).toContainText(lastWord);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
