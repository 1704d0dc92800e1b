/**
 * Recent chats beside the chat (issue 28, "Beyond"): on a wide screen a guest with two chats sees both
 * beside the open one, which is marked as the current page; choosing the other opens it and moves the
 * mark, from the mouse or the keyboard. At 390px the chat keeps the whole width and lists nothing. axe
 * finds nothing serious in either theme.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFailures } from './axe';
import { characterCards } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const shoot = screenshotsIn('/tmp/shots-recent-chats-aside');

/** Opens the library's card at `index`, sends one message there and waits for the reply. */
async function chatWithCard(page: Page, index: number, ask: string) {
  await page.goto('/');
  await characterCards(page).nth(index).click();
  const name = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(ask);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 60_000 });
  return { name, url: page.url() };
}

test('a guest moves between chats from the list beside the chat @mobile', async ({ page }) => {
  const project = test.info().project.name;
  const first = await chatWithCard(page, 0, 'Tell me about the harbour.');
  const second = await chatWithCard(page, 1, 'And the old mill?');
  const recent = page.getByRole('navigation', { name: 'Recent Chats' });

  if (project === 'mobile') {
    await expect(page.getByRole('log')).toBeVisible();
    await expect(recent).toHaveCount(0);
    return;
  }

  const entry = (name: string) => recent.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(entry(second.name)).toHaveAttribute('aria-current', 'page');
  await expect(entry(first.name)).not.toHaveAttribute('aria-current', 'page');
  await expect(recent.getByRole('link', { name: 'All chats' })).toHaveAttribute('href', '/chats');
  await shoot(page, 'chat', project);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeFailures(page), scheme).toEqual([]);
  }

  await entry(first.name).click();
  await expect(page).toHaveURL(first.url);
  await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(
    'Tell me about the harbour.',
  );
  await expect(entry(first.name)).toHaveAttribute('aria-current', 'page');

  await entry(second.name).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(second.url);
  await expect(entry(second.name)).toHaveAttribute('aria-current', 'page');
});
