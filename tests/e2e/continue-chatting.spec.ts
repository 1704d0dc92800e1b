/**
 * Continue chatting (issue 28, "Beyond"): home shows nothing of the kind to a guest without chats;
 * after a chat, a row of the latest chats leads straight back into the conversation, and axe finds
 * nothing serious in it in either theme.
 */
import { expect, test } from '@playwright/test';
import { axeFailures } from './axe';
import { characterCards } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const shoot = screenshotsIn('/tmp/shots-continue-chatting');

test('a guest goes back into their chat from home @mobile', async ({ page }) => {
  const project = test.info().project.name;
  await page.goto('/');
  await expect(characterCards(page).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Continue chatting' })).toHaveCount(0);

  await characterCards(page).first().click();
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('link', { name: 'Chat Now' }).click();
  const ask = 'Remember the lighthouse?';
  await page.getByRole('textbox', { name: 'Message' }).fill(ask);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
  const chatUrl = page.url();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });

  await page.goto('/');
  const row = page.getByRole('list', { name: 'Continue chatting' });
  const chat = row.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(chat).toBeVisible();
  await expect(page.getByRole('link', { name: 'All chats' })).toHaveAttribute('href', '/chats');
  await shoot(page, 'home', project);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeFailures(page), scheme).toEqual([]);
  }

  await chat.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(chatUrl);
  await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(ask);
});
