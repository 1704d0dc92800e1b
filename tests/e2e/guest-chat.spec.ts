import { expect, test } from '@playwright/test';
import { slowReply } from './global-setup';
import { characterCards } from './onboarding-steps';
import { openSeededChatbot } from './product-db';

/** Replies end with this word (see global-setup.ts: 120 words "story1" … "story120"). */
const lastWord = 'story120';

test.describe('a guest chats with a character', () => {
  test(
    'opens a character, watches the reply stream, reloads mid-reply and sees it finish',
    { tag: '@mobile' },
    async ({ page }) => {
      // The context meter is for members: a guest's screen never asks for it.
      const contextCalls: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/conversations\/[^/]+\/context/.test(request.url())) {
          contextCalls.push(request.url());
        }
      });
      await page.goto('/');
      const cards = characterCards(page);
      await expect(cards.first()).toBeVisible();
      await cards.first().click();

      await expect(page).toHaveURL(/\/chatbot\//);
      const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
      expect(name.length).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Chat Now' }).click();

      await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
      const log = page.getByRole('log');
      await expect(log.locator('[data-role="bot"]').first()).toBeVisible();

      const ask = `Tell me a story, please. ${slowReply}`;
      await page.getByRole('textbox', { name: 'Message' }).fill(ask);
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(log.locator('[data-role="user"]').last()).toContainText(ask);
      await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);

      // The reply grows token by token.
      const reply = log.locator('[data-role="bot"]').last();
      await expect(reply).toContainText('story3');
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      const early = (await reply.textContent()) ?? '';
      await expect(reply).toContainText('story12');
      // Poll rather than read once: on a loaded machine the first read may already hold story12.
      await expect
        .poll(async () => ((await reply.textContent()) ?? '').length)
        .toBeGreaterThan(early.length);
      const later = (await reply.textContent()) ?? '';
      expect(later).not.toContain(lastWord);

      // Reload in the middle: the text so far is back and goes on streaming to the end.
      await page.reload();
      const resumed = page.getByRole('log').locator('[data-role="bot"]').last();
      await expect(resumed).toContainText('story1');
      await expect(resumed).toHaveAttribute('data-streaming', 'true');
      await expect(resumed).toContainText(lastWord);
      await expect(resumed).not.toHaveAttribute('data-streaming', 'true');
      await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

      // The whole conversation is still there after another reload.
      await page.reload();
      const messages = page.getByRole('log').locator('[data-role]');
      await expect(messages).toHaveCount(3);
      await expect(messages.nth(1)).toContainText(ask);
      await expect(messages.nth(2)).toContainText(`story1 story2`);
      await expect(messages.nth(2)).toContainText(lastWord);
      await expect(page.getByRole('meter')).toHaveCount(0);
      expect(contextCalls).toEqual([]);
    },
  );

  test('stops a reply and keeps what was written', async ({ page }) => {
    await page.goto('/');
    await characterCards(page).nth(1).click();
    await page.getByRole('link', { name: 'Chat Now' }).click();
    await page.getByRole('textbox', { name: 'Message' }).fill(`Start a story. ${slowReply}`);
    await page.getByRole('button', { name: 'Send' }).click();
    const reply = page.getByRole('log').locator('[data-role="bot"]').last();
    await expect(reply).toContainText('story4');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(reply).not.toHaveAttribute('data-streaming', 'true');
    const kept = (await reply.textContent()) ?? '';
    expect(kept).toContain('story4');
    expect(kept).not.toContain(lastWord);
    await page.reload();
    await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toHaveText(kept.trim());
  });
});

test(
  'the empty message box stays one line beside Autopilot and Send, whatever the name',
  { tag: '@mobile' },
  async ({ page }) => {
    // The longest name in the seeded library (other journeys' chatbots may push it off the home page).
    await openSeededChatbot(page, 'vesper-thornquill');
    await page.getByRole('link', { name: 'Chat Now' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(lastWord);
    await expect(page.getByRole('button', { name: 'Autopilot' })).toBeVisible();
    await expect(box).toHaveValue('');
    const emptyHeight = (await box.boundingBox())?.height;
    await box.fill('Hi');
    const oneLineHeight = (await box.boundingBox())?.height;
    expect(emptyHeight).toBe(oneLineHeight);
  },
);

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('This page is gone.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('**bold** in a message is bold, *actions* italic, and HTML stays text', async ({ page }) => {
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('I am **very brave** and *wave hello* <b>not bold</b>');
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = page.getByRole('log').locator('[data-role="user"]').last();
  await expect(mine.locator('strong')).toHaveText('very brave');
  await expect(mine.locator('em')).toHaveText('wave hello');
  await expect(mine).toHaveText('I am very brave and wave hello <b>not bold</b>');
  await expect(mine.locator('b')).toHaveCount(0);
});

test('a malformed chatbot id is the 404 page, not an error', async ({ page }) => {
  for (const path of ['/chatbot/not-a-real-id', '/chat/not-a-real-id/new']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test(
  'the theme toggle switches between light and dark, is remembered, and can follow the system again',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.goto('/');
    const toDark = page.getByRole('button', { name: 'Switch to dark theme' });
    const toLight = page.getByRole('button', { name: 'Switch to light theme' });
    const first = (await toDark.count()) > 0 ? toDark : toLight;
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const before = await background();
    await first.click();
    await expect.poll(background).not.toBe(before);
    const after = await background();
    await page.reload();
    await expect.poll(background).toBe(after);

    // Switching back follows the system again: the page then changes with it (issue 28 §14).
    const back = page.getByRole('button', { name: /\(follow the system\)$/ });
    await back.click();
    await expect.poll(background).toBe(before);
    const system = first === toDark ? 'light' : 'dark';
    await page.emulateMedia({ colorScheme: system === 'light' ? 'dark' : 'light' });
    await expect.poll(background).toBe(after);
    await page.reload();
    await expect.poll(background).toBe(after);
  },
);

test(
  'the message box keeps its width while Stop takes the place of Autopilot',
  { tag: '@mobile' },
  async ({ page }) => {
    await openSeededChatbot(page, 'vesper-thornquill');
    await page.getByRole('link', { name: 'Chat Now' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    const autopilot = page.getByRole('button', { name: 'Autopilot' });
    const stop = page.getByRole('button', { name: 'Stop' });
    const widthOf = async () => (await box.boundingBox())?.width ?? 0;
    // Before the first message Autopilot has nothing to answer, but holds its place.
    await expect(autopilot).toBeDisabled();
    const width = await widthOf();
    expect(width).toBeGreaterThan(0);

    await box.fill(`Tell me a story. ${slowReply}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(stop).toBeVisible();
    await expect(autopilot).toHaveCount(0);
    expect(await widthOf()).toBe(width);
    await stop.click();
    await expect(autopilot).toBeEnabled();
    await expect(stop).toHaveCount(0);
    expect(await widthOf()).toBe(width);
  },
);

test('a code block in a message is boxed and scrolls rather than widen the bubble', async ({
  page,
}) => {
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  const code = `const harbour = ${'"a very long line of code that goes on and on", '.repeat(4)};`;
  await page.getByRole('textbox', { name: 'Message' }).fill(`Look:\n\n\`\`\`\n${code}\n\`\`\``);
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = page.getByRole('log').locator('[data-role="user"]').last();
  const block = mine.locator('pre');
  await expect(block).toHaveText(code);
  await expect(block).toHaveCSS('border-top-style', 'solid');
  await expect(block).toHaveCSS('overflow-x', 'auto');
  const [blockBox, bubbleBox, logBox] = await Promise.all([
    block.boundingBox(),
    mine.boundingBox(),
    page.getByRole('log').boundingBox(),
  ]);
  expect((blockBox?.x ?? 0) + (blockBox?.width ?? 0)).toBeLessThanOrEqual(
    (bubbleBox?.x ?? 0) + (bubbleBox?.width ?? 0),
  );
  expect((bubbleBox?.x ?? 0) + (bubbleBox?.width ?? 0)).toBeLessThanOrEqual(
    (logBox?.x ?? 0) + (logBox?.width ?? 0),
  );
  expect(await block.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});
