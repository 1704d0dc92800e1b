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
