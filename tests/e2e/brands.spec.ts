/**
 * Brands and partner sites (issue 25 part 3): one install serves a second brand on its own host name
 * with its name, logo, accent, social and app links, and without the section it switches off; a partner
 * site frames the product, signs its member in with its own token, and shows the partner navbar and
 * footer; a partner member without a username signs up on /external/signup.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2ePort } from '../playwright.config';
import { brandAccent, brandAndroidUrl, brandHost, brandName, partnerPageUrl } from './brands';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-brands', { fullPage: true });
const brandOrigin = `http://${brandHost}:${e2ePort}`;

test('a second brand on its own host name', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await page.goto(`${brandOrigin}/`);
  await expect(page.getByRole('link', { name: `${brandName} home` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${brandName}$`));
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${brandName}`);
  await expect(footer.getByRole('navigation', { name: 'Social' }).getByRole('link')).toHaveText([
    'Discord',
    'Reddit',
  ]);
  await expect(
    footer
      .getByRole('navigation', { name: 'Apps' })
      .getByRole('link', { name: 'Download for Android' }),
  ).toHaveAttribute('href', brandAndroidUrl);
  // The brand's accent is the primary colour (the header's Sign In button).
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toHaveCSS(
    'background-color',
    brandAccent.lightRgb,
  );
  await shoot(page, 'brand-home', testInfo.project.name);

  // The install steps link the brand's app.
  await page.goto(`${brandOrigin}/apps/android`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Install the Android App');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Download for Android' }),
  ).toHaveAttribute('href', brandAndroidUrl);
  await shoot(page, 'brand-android', testInfo.project.name);

  // Subscriptions are switched off for this brand: not found in the client and on the API.
  await page.goto(`${brandOrigin}/subscribe`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is gone.');
  const api = await page.request.get(`${brandOrigin}/api/plans?frequency=monthly`);
  expect(api.status()).toBe(404);

  // The same install's own brand still sells them.
  await page.goto('/subscribe');
  await expect(page.getByRole('link', { name: 'CharChat home' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page is gone.');
  expect((await page.request.get('/api/plans?frequency=monthly')).status()).toBe(200);
});

test(
  'a partner site frames the product, signs its member up and shows its own navbar and footer',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await page.goto(await partnerPageUrl('/', `e2e-${randomUUID()}`));
    const frame = page.frameLocator('iframe[title="Partner Place chat"]');

    // No username yet: partner sign-up, 4 characters each.
    await expect(frame.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(frame.getByLabel('Name', { exact: true })).toHaveValue('Pat Partner');
    await frame.getByLabel('Username').fill('abc');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await expect(frame.getByText('Username is too short')).toBeVisible();
    await shoot(page, 'partner-signup', testInfo.project.name);
    const username = `pp${randomUUID().slice(0, 8)}`;
    await frame.getByLabel('Username').fill(username);
    await frame.getByRole('button', { name: 'Continue' }).click();
    await expect(frame.getByRole('heading', { name: 'Create your account' })).toBeHidden();

    // The partner navbar: a dropdown of what this member may open, and the partner's own entries.
    // Other journeys' chatbots on the home page may have "Menu" in their names: look in the header.
    await frame.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = frame.getByRole('menu', { name: 'Menu', exact: true });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Home',
      'Chats',
      'Create Chatbot',
      'My Chatbots',
      'My Personas',
      'Partner Help',
    ]);
    await shoot(page, 'partner-menu', testInfo.project.name);
    await menu.getByRole('menuitem', { name: 'My Personas' }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toContainText('Personas');

    // The partner footer: its links and its bottom line, with the script taken out.
    await frame.getByRole('menu').waitFor({ state: 'detached' });
    const footer = frame.getByRole('contentinfo');
    await expect(footer.getByRole('link')).toContainText([
      'Customer Support',
      'Terms & Conditions',
      'Privacy Policy',
      'Refund Policy',
    ]);
    await expect(footer).toContainText('Partner Place is run by Partner Ltd.');
    await expect(footer.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    expect(await footer.locator('script, img[onerror]').count()).toBe(0);
    expect(await page.title()).toBe('Partner Place');
    await shoot(page, 'partner-personas', testInfo.project.name);
  },
);
