/**
 * Members' pages as a guest and as a new member: a sign-in prompt rather than a refusal, sign-up that
 * is never blank, and a new member taken back to where they started.
 */
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { listLibrary } from '#shared/api/library';
import { completeOnboarding, signInWithCode, uniqueSuffix } from './onboarding-steps';

const notLoggedIn = 'You are not logged in yet!';

function uniqueEmail(prefix: string, project: string): string {
  return `${prefix}-${project}-${uniqueSuffix()}@example.com`;
}

for (const path of ['/profile', '/admin']) {
  test(`a guest opening ${path} is asked to sign in, not refused`, async ({ page }, testInfo) => {
    await page.goto(path);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: notLoggedIn })).toBeVisible();
    await expect(page.getByText('Access Denied')).toHaveCount(0);
    if (path !== '/profile') return;
    // Signing in from the prompt shows the page itself.
    await signInWithCode(page, uniqueEmail('prompt', testInfo.project.name), { from: main });
    await completeOnboarding(page, { username: `p_${uniqueSuffix()}`, name: 'Pat' });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  });
}

test('/signup asks a guest to sign in and sends a finished member home', async ({
  page,
}, testInfo) => {
  await page.goto('/signup');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: notLoggedIn })).toBeVisible();

  await signInWithCode(page, uniqueEmail('finished', testInfo.project.name), { from: main });
  await completeOnboarding(page, { username: `f_${uniqueSuffix()}`, name: 'Finn' });
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Discover characters' })).toBeVisible();
});

test('a new member who signed in from a character returns to it after onboarding', async ({
  page,
}, testInfo) => {
  const { items } = listLibrary.response.parse(
    await (
      await page.request.get('/api/library', { headers: { 'x-guest-id': randomUUID() } })
    ).json(),
  );
  const character = items[0];
  if (character === undefined) throw new Error('no character in the library');
  await page.goto(`/chatbot/${character.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(character.name);
  await signInWithCode(page, uniqueEmail('return', testInfo.project.name));
  await completeOnboarding(page, { username: `r_${uniqueSuffix()}`, name: 'Rosa' });
  await expect(page).toHaveURL(new RegExp(`/chatbot/${character.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(character.name);
});

test('sign-up links the terms and the Community Guidelines it asks to agree to', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await signInWithCode(page, uniqueEmail('legal', testInfo.project.name));
  await expect(page.getByRole('heading', { name: 'Welcome Aboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(
    page.getByRole('checkbox', { name: 'I agree with the terms and conditions' }),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Username' }).fill(`l_${uniqueSuffix()}`);
  await page.getByRole('textbox', { name: 'Display name' }).fill('Lena');
  await page.getByRole('checkbox', { name: 'I confirm that I am 18 years or older' }).check();
  await page.getByRole('checkbox', { name: 'I agree with the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Community Guidelines' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Community Guidelines' }),
  ).toHaveAttribute('href', '/guidelines');
  await expect(
    page.getByRole('checkbox', { name: 'I agree to the Community Guidelines' }),
  ).toBeVisible();
});
