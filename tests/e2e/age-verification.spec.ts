import { expect, test, type Page } from '@playwright/test';
import { signInAsNewMember } from './onboarding-steps';

/** Answers the finalize call for any session with `verified`, as the provider's result would. */
async function fakeFinalize(page: Page, verified: boolean): Promise<void> {
  await page.route('**/api/age-verification/sessions/*/finalize', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: verified ? 'verified' : 'verify', verified }),
    }),
  );
}

test.describe('age verification', () => {
  test('the callback shows the success screen and continues home', async ({ page }) => {
    await fakeFinalize(page, true);
    await page.goto('/age-verification/callback?session=fake-approved');
    await expect(page.getByRole('heading', { name: 'You are verified' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the callback shows the failure screen and offers another method', async ({ page }) => {
    await fakeFinalize(page, false);
    await page.goto('/age-verification/callback?session=fake-declined');
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
    await page.getByRole('link', { name: 'Try another verification method' }).click();
    await expect(page).toHaveURL(/\/age-verification$/);
    await expect(page.getByRole('heading', { name: 'Age verification' })).toBeVisible();
  });

  test('a member verifies with the sandbox provider', async ({ page }) => {
    await signInAsNewMember(page, 'verify', { name: 'Vera', path: '/age-verification' });
    await expect(page.getByText("Don't lose access")).toBeVisible();
    await page.getByRole('button', { name: 'Sandbox ID document check' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();

    await expect(page).toHaveURL(/\/age-verification\/callback\?session=/);
    await expect(page.getByRole('heading', { name: 'You are verified' })).toBeVisible();
    await page.goto('/age-verification');
    await expect(page.getByText('You are verified.')).toBeVisible();
  });

  test('members who must verify get the required dialog once per session', async ({ page }) => {
    await page.route('**/api/age-verification', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'verify',
          deadline: '2025-11-30',
          methods: [{ id: 'sandbox-id', name: 'Sandbox ID document check' }],
        }),
      }),
    );
    await signInAsNewMember(page, 'required', { name: 'Rae' });

    const dialog = page.getByRole('dialog', { name: 'Age verification' });
    await expect(dialog).toContainText('required by November 30, 2025');
    await dialog.getByRole('button', { name: 'Get verified later' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.evaluate(() => {
      sessionStorage.clear();
    });
    await page.reload();
    await dialog.getByRole('button', { name: 'Get verified now' }).click();
    await expect(page).toHaveURL(/\/age-verification$/);
    await expect(
      page.getByText('Age verification is required by November 30, 2025.'),
    ).toBeVisible();
  });
});
