import { expect, test } from '@playwright/test';
import { completeOnboarding, signInWithCode, uniqueSuffix } from './onboarding-steps';

test.describe('account: sign-up, profile, restrictions', () => {
  test('signs up, edits the profile, and signs out', async ({ page }, testInfo) => {
    const suffix = uniqueSuffix();
    const email = `member-${testInfo.project.name}-${suffix}@example.com`;
    await page.goto('/');
    await signInWithCode(page, email);

    // A member without a username is sent to sign-up; the first step checks its fields.
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(
      page.getByRole('checkbox', { name: 'I confirm that I am 18 years or older' }),
    ).toHaveAccessibleDescription('You must confirm that you are 18 years or older.');
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
      'This field is required',
    );

    await completeOnboarding(page, {
      username: `m_${suffix}`,
      name: 'Mira',
      interests: ['Female', 'Non-Binary'],
    });
    await expect(page).toHaveURL(/\/$/);

    // A reload keeps the member in the app: onboarding is done.
    await page.reload();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect(name).toHaveValue('Mira');
    await name.fill('Mira Nova');
    await page.getByRole('textbox', { name: 'Highlights' }).fill('Loves long fantasy stories.');
    await page.getByRole('switch', { name: 'Show NSFW content' }).check();
    await page.getByRole('combobox', { name: 'Chat language' }).selectOption('fr');

    // Leaving with unsaved changes asks first; Update saves them.
    await page.getByRole('link', { name: 'CharChat home' }).click();
    const warning = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/$/);

    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(name).toHaveValue('Mira');
    await name.fill('Mira Nova');
    await page.getByRole('textbox', { name: 'Highlights' }).fill('Loves long fantasy stories.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Profile saved successfully.' }),
    ).toBeVisible();
    await page.reload();
    await expect(name).toHaveValue('Mira Nova');
    await expect(page.getByRole('textbox', { name: 'Highlights' })).toHaveValue(
      'Loves long fantasy stories.',
    );

    // Sign out from the profile.
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Another new member cannot take the same username.
    await signInWithCode(page, `other-${testInfo.project.name}-${suffix}@example.com`);
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByRole('textbox', { name: 'Username' }).fill(`M_${suffix}`);
    await expect(page.getByRole('status').filter({ hasText: 'Not Available' })).toBeVisible();
  });

  test('a Terminated member sees only the Terminated screen', async ({ page }, testInfo) => {
    const suffix = uniqueSuffix();
    await page.goto('/');
    await signInWithCode(page, `ended-${testInfo.project.name}-${suffix}@example.com`);
    await completeOnboarding(page, { username: `t_${suffix}`, name: 'Tess' });
    // The restriction itself is set by moderators; here GET /api/me answers with one.
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const me: unknown = await response.json();
      const body = typeof me === 'object' && me !== null ? me : {};
      await route.fulfill({
        json: { ...body, restriction: { type: 'restriction_full', expiresAt: null } },
      });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Terminated' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discover characters' })).toHaveCount(0);
  });

  test('the Sign In modal offers the listed providers; a failed OAuth landing shows an error', async ({
    page,
  }) => {
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { providers: ['discord', 'google'] } }),
    );
    await page.goto('/?signin=oauth-failed');
    const error = page.getByRole('dialog', { name: 'Error' });
    await expect(error).toContainText(
      'Signing in with that provider did not work. Please try again.',
    );
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Continue with X' })).toHaveCount(0);
    const start = page.waitForRequest((request) =>
      request.url().endsWith('/api/auth/oauth/google'),
    );
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await start;
  });

  test('a guest opening the profile sees the 403 page', async ({ page }) => {
    await page.goto('/profile');
    await expect(
      page.getByRole('heading', {
        name: 'Access Denied - You are Not Authorized to access this page',
      }),
    ).toBeVisible();
  });
});
