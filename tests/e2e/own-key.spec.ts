/**
 * Own API keys (issue 11, item 11): a member sets their OpenAI key in the profile and enables OpenAI
 * mode; the next reply comes from their endpoint (a second wire server of the e2e setup, which answers
 * only their key), and the key itself never reaches any response or page, only its last characters.
 */
import { expect, test } from '@playwright/test';
import { e2eOwnKey, ownKeyReply } from './global-setup';
import { characterCards, signInAsNewMember } from './onboarding-steps';

test.describe.configure({ timeout: 180_000 });

test('a member sets their key, enables OpenAI mode and is answered through it', async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on('response', (response) => {
    void response
      .text()
      .then((text) => bodies.push(text))
      .catch(() => undefined);
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => bodies.push(String(frame.payload)));
  });
  await signInAsNewMember(page, 'ownkey', { name: 'Kay', path: '/profile' });
  await page.getByRole('textbox', { name: 'OpenAI API key' }).fill(e2eOwnKey);
  await page.getByRole('combobox', { name: 'OpenAI mode' }).selectOption('enabled');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  // Only the key's last characters are shown back.
  await page.reload();
  await expect(page.getByText(`••••${e2eOwnKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'OpenAI API key' })).toHaveValue('');

  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Who writes this?');
  await page.getByRole('button', { name: 'Send' }).click();
  const reply = page.getByRole('log').locator('[data-role="bot"]').last();
  await expect(reply).toContainText(ownKeyReply.join(''));
  await expect(reply).not.toContainText('story120');

  expect(await page.content()).not.toContain(e2eOwnKey);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((b) => b.includes(e2eOwnKey))).toEqual([]);
});
