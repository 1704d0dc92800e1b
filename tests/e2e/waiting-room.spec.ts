/**
 * The waiting room with room for one (product-core.md §4, "Waiting queue"; issue 7 part 9), against its
 * own product (database, Redis prefix, a short idle time): the first guest opens a chat, is let in at
 * once and never hears "It's your turn". A second guest only browses, so the third, opening a chat, is
 * first in line; the second then opens one and is second, finds the plans behind "Upgrade to skip the
 * line", and sees the banner back on home. The first guest's messages keep their access; the third
 * waits with the modal closed and the composer showing the place, keeps a refused message in the box,
 * and when the first guest goes idle is let in: the composer says it's their turn (covering nothing)
 * and the message goes out.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { startWireServer, words, type WireServer } from '../../testkit/openai-wire-server';
import { freePort, startProcess, type Child } from '../../testkit/processes';
import { adminUrl, dropDatabase, redisUrl, testDatabaseUrl } from '../support/services';

const lastWord = 'line3';
const turnMessage = 'It’s your turn: you can chat now.';
let wire: WireServer | undefined;
let product: Child | undefined;
let database = '';
let baseURL = '';

test.describe.configure({ timeout: 240_000 });

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
      // Long enough for the others to line up between two messages of the first guest, also on a
      // loaded machine (30 s ran out there).
      WAITING_ROOM_IDLE_SECONDS: '60',
      WAITING_ROOM_ACCESS_SECONDS: '3600',
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

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

async function expectReply(page: Page, text: string) {
  const log = page.getByRole('log');
  await expect(log.locator('[data-role="user"]').last()).toContainText(text);
  await expect(log.locator('[data-role="bot"]').last()).toContainText(lastWord);
}

test('only opening a chat lines a guest up; only a guest who waited hears it is their turn', async ({
  browser,
}, testInfo) => {
  const first = await newGuest(browser, testInfo);
  const second = await newGuest(browser, testInfo);
  const third = await newGuest(browser, testInfo);
  try {
    // The first guest opens a chat and is let in at once: no modal, no "your turn".
    await first.page.goto('/');
    const card = first.page.getByRole('list', { name: 'Characters' }).getByRole('link').first();
    await expect(card).toBeVisible();
    const href = (await card.getAttribute('href')) ?? '';
    const characterId = href.split('/').pop() ?? '';
    expect(characterId).toMatch(/^[0-9a-f-]{36}$/);
    await first.page.goto(`/chat/${characterId}`);
    await expect(first.page).toHaveURL(/\/chat\/[\w-]+\/new$/);
    await send(first.page, 'Hello, I am first.');
    await expectReply(first.page, 'Hello, I am first.');
    await expect(first.page.getByRole('dialog')).toHaveCount(0);
    await expect(first.page.getByText(turnMessage)).toHaveCount(0);

    // The second guest only browses: no banner, and no place taken.
    await second.page.goto('/');
    await expect(
      second.page.getByRole('list', { name: 'Characters' }).getByRole('link').first(),
    ).toBeVisible();
    const secondBanner = second.page.getByRole('status', { name: 'Waiting line' });
    await expect(secondBanner).toBeEmpty();

    // So the third guest, opening a chat, is first in line.
    await third.page.goto(`/chat/${characterId}`);
    const modal = third.page.getByRole('dialog', { name: 'You’re in line' });
    await expect(modal).toBeVisible();
    await expect(modal.locator('dd').first()).toHaveText('1');
    await expect(modal.getByRole('link', { name: 'Upgrade to skip the line' })).toHaveAttribute(
      'href',
      '/subscribe',
    );

    // The second guest opens the chat now: second in line, and home shows it from then on.
    await second.page.goto(`/chat/${characterId}`);
    const secondModal = second.page.getByRole('dialog', { name: 'You’re in line' });
    await expect(secondModal.locator('dd').first()).toHaveText('2');
    // "Upgrade to skip the line" leads to the plans, not to a missing page.
    await secondModal.getByRole('link', { name: 'Upgrade to skip the line' }).click();
    await expect(second.page).toHaveURL(/\/subscribe$/);
    await expect(second.page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    // Every tier is sold annually.
    await second.page.getByRole('tab', { name: 'Annually' }).click();
    for (const plan of ['Get a Taste', 'True Supporter', 'I’m All In']) {
      await expect(second.page.getByRole('heading', { level: 2, name: plan })).toBeVisible();
    }
    await second.page.goto('/');
    await expect(secondBanner).toContainText('You are number 2 in line to chat.');

    // A message renews the first guest's access: the line stays where it is.
    await send(first.page, 'Still here.');
    await expectReply(first.page, 'Still here.');

    // With the modal closed, the composer shows the place in line; a send is refused, the modal is
    // back and the text stays; closed again, the place is back above the box.
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    const place = third.page.getByRole('status', { name: 'Your place in line' });
    await expect(place).toContainText('You are number 1 in line to chat.');
    const box = third.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello from the line.');
    await third.page.getByRole('button', { name: 'Send' }).click();
    await expect(modal).toBeVisible();
    await expect(box).toHaveValue('Hello from the line.');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(place).toContainText('You are number 1 in line to chat.');
    await place.getByRole('button', { name: 'Details' }).click();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();

    // The first guest goes quiet: their access ends and the third guest is let in. The composer says
    // so, below the chat's header, and there is no floating toast over the page.
    await expect(place).toContainText(turnMessage, { timeout: 150_000 });
    const header = await third.page.getByRole('heading', { level: 1 }).boundingBox();
    const notice = await place.boundingBox();
    expect(header).not.toBeNull();
    expect(notice).not.toBeNull();
    if (header !== null && notice !== null) {
      expect(notice.y).toBeGreaterThanOrEqual(header.y + header.height);
    }
    await expect(third.page.getByRole('status', { name: 'Your turn' })).toBeEmpty();
    await expect(box).toHaveValue('Hello from the line.');
    await third.page.getByRole('button', { name: 'Send' }).click();
    await expectReply(third.page, 'Hello from the line.');

    // The first guest, let in without waiting, never heard it was their turn.
    await expect(first.page.getByText(turnMessage)).toHaveCount(0);
  } finally {
    await first.context.close();
    await second.context.close();
    await third.context.close();
  }
});
