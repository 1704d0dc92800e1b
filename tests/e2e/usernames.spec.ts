/**
 * Usernames as members type them (product-rules.md §4 "Profile", §5 "Username"): the live states
 * (invalid, Checking, Available, Not Available), reserved names refused, and the profile's username
 * and email.
 */
import { expect, test } from '@playwright/test';
import { signInAsNewMember, signInWithCode, uniqueSuffix } from './onboarding-steps';

function uniqueEmail(prefix: string, project: string): string {
  return `${prefix}-${project}-${uniqueSuffix()}@example.com`;
}

test('sign-up shows the username state while typing and refuses reserved names', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await signInWithCode(page, uniqueEmail('names', testInfo.project.name));
  await expect(page.getByRole('heading', { name: 'Welcome Aboard' })).toBeVisible();
  const username = page.getByRole('textbox', { name: 'Username' });
  const status = (text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

  await username.fill('ab');
  await expect(status('Username is too short')).toBeVisible();
  await username.fill('no spaces');
  await expect(status('Username can only contain letters, digits, _ and -')).toBeVisible();
  await username.fill('Admin');
  await expect(status(/^Not Available$/)).toBeVisible();
  await username.fill('support');
  await expect(status(/^Not Available$/)).toBeVisible();
  await username.fill(`n_${uniqueSuffix()}`);
  await expect(status(/^Available$/)).toBeVisible();

  // A reserved name is refused on Continue too, by the same shared rule the server applies.
  await username.fill('moderator');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(username).toHaveAccessibleDescription('Username not available');
});

test('the profile shows the username and email and changes the username', async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix();
  const email = uniqueEmail('profile', testInfo.project.name);
  await signInAsNewMember(page, 'profile', { email, username: `p_${suffix}`, name: 'Pia' });
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();

  const main = page.getByRole('main');
  await expect(main.getByText(`@p_${suffix}`)).toBeVisible();
  await expect(main.getByText(email)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Change email' })).toHaveAttribute(
    'href',
    /^\/update-email/,
  );
  const username = main.getByRole('textbox', { name: 'Username' });
  await expect(username).toHaveValue(`p_${suffix}`);

  // A reserved or taken name is not offered; a free one is saved.
  await username.fill('admin');
  await expect(page.getByRole('status').filter({ hasText: /^Not Available$/ })).toBeVisible();
  await username.fill(`q_${suffix}`);
  await expect(page.getByRole('status').filter({ hasText: /^Available$/ })).toBeVisible();
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile saved successfully.' }),
  ).toBeVisible();
  await page.reload();
  await expect(username).toHaveValue(`q_${suffix}`);
  await expect(main.getByText(`@q_${suffix}`)).toBeVisible();
});
