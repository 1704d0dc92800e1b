import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { nextSignInMail } from '../support/mail-inbox';
import { characterCards, completeOnboarding } from './onboarding-steps';

/** A fresh address per test, so runs and projects never share a member or a rate limit. */
function uniqueEmail(project: string): string {
  return `reader-${project}-${randomBytes(4).toString('hex')}@example.com`;
}

/** Asks for a code from a Sign In button: the header's, or `from` (the chat's own header at 390px). */
async function requestCode(page: Page, email: string, from = page.getByRole('banner')) {
  await from.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog).toContainText(`sent a 6-digit code to ${email}`);
  return dialog;
}

test.describe('email sign-in', () => {
  test(
    'a guest signs in with the emailed code, keeps their chat, and signs out',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      // As a guest, start a conversation.
      await page.goto('/');
      await characterCards(page).first().click();
      await page.getByRole('link', { name: 'Chat Now' }).click();
      await page.getByRole('textbox', { name: 'Message' }).fill('Hello before signing in.');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
      const conversationUrl = page.url();
      await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

      // Sign in with the code from the mail: at 390px the chat's header is the only one, and offers
      // a guest Sign In.
      const isNarrow = testInfo.project.name === 'mobile';
      const email = uniqueEmail(testInfo.project.name);
      const chatHeader = page.getByRole('main');
      const dialog = await requestCode(page, email, isNarrow ? chatHeader : undefined);
      const { code } = await nextSignInMail(email);
      const codeField = dialog.getByRole('textbox', { name: 'Code' });
      await expect(codeField).toHaveAttribute('inputmode', 'numeric');
      await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
      await codeField.fill(code);
      await expect(dialog).toBeHidden();
      // A new member is sent on to sign-up, under the app's header.
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);

      // A new member finishes sign-up first, then comes back to the chat.
      await completeOnboarding(page, {
        username: `r_${randomBytes(4).toString('hex')}`,
        name: 'Reader',
      });
      await page.goto(conversationUrl);
      await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(
        'Hello before signing in.',
      );

      // A reload restores the session from the refresh cookie: the member's chat loads, with no
      // guest's Sign In (at 390px the chat's header is the only one).
      await page.reload();
      if (isNarrow) {
        await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(
          'Hello before signing in.',
        );
        await expect(page.getByRole('button', { name: 'Sign In' })).toHaveCount(0);
      } else {
        await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
      }

      // The guest's conversation now belongs to the member and is still reachable.
      await page.goto(conversationUrl);
      await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(
        'Hello before signing in.',
      );

      // Sign out from the footer.
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('button', { name: 'Sign Out' }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(
        page.getByRole('contentinfo').getByRole('button', { name: 'Sign In' }),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    },
  );

  test('shows field errors inline, a wrong code included, and resets when closed', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    const emailField = dialog.getByRole('textbox', { name: 'Email' });
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(emailField).toHaveAccessibleDescription('Email can not be empty');
    await emailField.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(emailField).toHaveAccessibleDescription('Please enter a valid email address');

    const email = uniqueEmail(testInfo.project.name);
    await emailField.fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    const { code } = await nextSignInMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const codeField = dialog.getByRole('textbox', { name: 'Code' });
    await codeField.fill(wrong);
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expect(codeField).toHaveAccessibleDescription(/This code is not valid or has expired/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

    // Escape closes it; opening it again starts from an empty email step.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Code' })).toHaveCount(0);
  });

  test('the 6-digit code signs in as soon as it is complete', async ({ page }, testInfo) => {
    await page.goto('/');
    const email = uniqueEmail(testInfo.project.name);
    const dialog = await requestCode(page, email);
    const { code } = await nextSignInMail(email);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  });

  test('the magic link signs in the tab that asked for it too', async ({ page }, testInfo) => {
    await page.goto('/');
    const email = uniqueEmail(testInfo.project.name);
    const dialog = await requestCode(page, email);
    const { linkToken } = await nextSignInMail(email);

    const landing = await page.context().newPage();
    await landing.goto(`/api/auth/email/link?token=${encodeURIComponent(linkToken)}`);
    await expect(landing.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();

    // No reload: the asking tab follows, closes its dialog and goes on to sign-up.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Welcome Aboard' })).toBeVisible();
  });

  test('the dialog links the terms and the privacy policy', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('the magic link signs in once, a used link shows an error, and sign-out reaches every tab', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    const email = uniqueEmail(testInfo.project.name);
    await requestCode(page, email);
    const { linkToken } = await nextSignInMail(email);
    const link = `/api/auth/email/link?token=${encodeURIComponent(linkToken)}`;

    const landing = await page.context().newPage();
    await landing.goto(link);
    // Signed in; a new member is sent to sign-up.
    await expect(landing).toHaveURL(/\/signup$/);
    await expect(landing.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();

    await landing.goto(link);
    const error = landing.getByRole('dialog', { name: 'Error' });
    await expect(error).toContainText('This sign-in link is not valid or has expired.');
    await expect(landing).not.toHaveURL(/signin=/);
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(error).toBeHidden();

    // The first tab shares the cookie; signing out in one tab signs the other out too.
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await landing.getByRole('contentinfo').getByRole('button', { name: 'Sign Out' }).click();
    await expect(
      landing.getByRole('banner').getByRole('button', { name: 'Sign In' }),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
