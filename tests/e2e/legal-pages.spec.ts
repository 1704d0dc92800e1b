/**
 * The legal pages (issue 7 part 15): each one opens from the footer and reads as a page with its own
 * heading and the operator's text (here the shipped defaults), fits the screen (390 px on the mobile
 * project), and its links to the other pages navigate in the app. The old /refunds path is not a page.
 */
import { expect, test } from '@playwright/test';

const pages = [
  { link: 'Terms & Conditions', path: '/terms', heading: 'Terms of Service' },
  { link: 'Privacy Policy', path: '/privacy', heading: 'Privacy Policy' },
  { link: 'Refund Policy', path: '/refund', heading: 'Refund Policy' },
  { link: 'Community Guidelines', path: '/guidelines', heading: 'Community Guidelines' },
] as const;

test(
  'each legal page opens from the footer as a readable page',
  { tag: '@mobile' },
  async ({ page }) => {
    for (const { link, path, heading } of pages) {
      await page.goto('/');
      const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
      await legal.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} · CharChat`);
      const main = page.getByRole('main');
      expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
      await expect(main.getByRole('listitem').first()).toBeVisible();
      // Markdown is rendered, not shown: no raw emphasis or link syntax in the text.
      expect(await main.innerText()).not.toMatch(/\*\*|\]\(/);
      // Nothing wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
  },
);

test('links between the pages navigate in the app; /refunds is not a page', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await page.getByRole('main').getByRole('link', { name: 'Community Guidelines' }).first().click();
  await expect(page).toHaveURL(/\/guidelines$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Community Guidelines');
  await expect(page.getByRole('main')).toContainText('Minors in sexual content');

  await page.goto('/refunds');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is gone.');
});

test(
  'the help pages, the compliance statement and the account error pages',
  { tag: '@mobile' },
  async ({ page }) => {
    const help = [
      { path: '/2257', heading: '18 U.S.C. 2257 Compliance Statement' },
      { path: '/faq', heading: 'Frequently Asked Questions' },
      { path: '/contact-support', heading: 'Contact Support' },
      { path: '/download', heading: 'Download the App' },
      { path: '/apps/android', heading: 'Install the Android App' },
    ];
    for (const { path, heading } of help) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} · CharChat`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
    // Five steps; this install's brand names no app, and the page says so rather than link nowhere.
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
    await expect(
      page.getByText('No app is available to download for this site yet.', { exact: true }),
    ).toBeVisible();

    await page.goto('/accessDenied');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Access Denied - You are Not Authorized to access this page',
    );
    await page.goto('/invalid-account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This account is invalid, has been deleted or has been suspended.',
    );
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A creator link naming nobody ends on /user-not-found.
    await page.goto('/creator/nobody-at-all-here');
    await expect(page).toHaveURL(/\/user-not-found$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This user does not exist.');
  },
);
