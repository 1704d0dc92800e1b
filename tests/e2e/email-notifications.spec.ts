/**
 * Email notifications (issue 25 item 6): a member turns on mails about replies they miss, closes the
 * chat while a reply is being written, gets one mail in the local inbox, opens the reply from it, and
 * its unsubscribe link works signed out (a forged one is refused).
 */
import { expect, test } from '@playwright/test';
import { nextMail } from '../support/mail-inbox';
import { slowReply } from './global-setup';
import { characterCards, signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

test.describe.configure({ timeout: 120_000 });

const shoot = screenshotsIn('/tmp/shots-email-notifications');

test('a member turns on missed-reply mails, gets one and unsubscribes signed out @mobile', async ({
  page,
  browser,
}) => {
  const project = test.info().project.name;
  const { email } = await signInAsNewMember(page, 'notify', { name: 'Nia', path: '/profile' });
  const toggle = page.getByRole('switch', { name: "A reply arrives while I'm away" });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(
    page.getByRole('status').filter({ hasText: 'Email notifications on.' }),
  ).toBeVisible();
  await toggle.scrollIntoViewIfNeeded();
  await shoot(page, 'settings', project);

  // A reply is being written when the member closes the tab: nobody sees it finish.
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(`Tell me a story ${slowReply}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText('story2');
  const context = page.context();
  await page.close();

  const mail = await nextMail(email);
  expect(mail).toContain('replied while you were away');
  expect(mail).toContain('story1 story2 story3');
  const chatLink = /(http:\/\/\S+\/chat\/\S+\?source=email_notification)/.exec(mail)?.[1];
  const unsubscribeLink = /^Unsubscribe: (http:\/\/\S+\/unsubscribe\?token=\S+)$/m.exec(mail)?.[1];
  expect(chatLink).toBeDefined();
  expect(unsubscribeLink).toBeDefined();

  // The mail's link opens the chat with the whole reply.
  const chat = await context.newPage();
  await chat.goto(chatLink ?? '');
  await expect(chat.getByRole('log').locator('[data-role="bot"]').last()).toContainText('story120');

  // Signed out, in another browser: a forged link is refused, the mail's link unsubscribes.
  const signedOut = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
  });
  const outside = await signedOut.newPage();
  const forged = (unsubscribeLink ?? '').replace(/token=u1\.[0-9a-f]/, 'token=u1.0');
  await outside.goto(forged === unsubscribeLink ? `${forged}x` : forged);
  await expect(outside.getByRole('alert')).toContainText('This unsubscribe link is not valid.');
  await outside.goto(unsubscribeLink ?? '');
  await expect(
    outside.getByText(/Stop emails about replies that arrive while you are away from \S+/),
  ).toBeVisible();
  await shoot(outside, 'unsubscribe', project);
  await outside.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(outside.getByRole('status').filter({ hasText: 'Done.' })).toBeVisible();
  await shoot(outside, 'unsubscribed', project);
  await signedOut.close();

  await chat.goto('/profile');
  await expect(
    chat.getByRole('switch', { name: "A reply arrives while I'm away" }),
  ).not.toBeChecked();
});
