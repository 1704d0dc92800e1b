/**
 * The top navigation's My Chatbots dropdown (product-core.md §2, "Navigation") reaches the listing
 * pages that have no other way in, from the keyboard as well as by pointer; a guest's entries to
 * members' pages open the Sign In dialog saying why, and at 390px every entry is named on screen.
 */
import { expect, test } from '@playwright/test';
import { completeOnboarding, signInWithCode, uniqueSuffix } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-nav');

test(
  'the My Chatbots dropdown leads to favorites, recommendations and blocked creators',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const more = nav.getByRole('button', { name: 'More chatbot pages' });

    await more.click();
    await page.getByRole('menuitem', { name: 'Favorite Chatbots' }).click();
    await expect(page).toHaveURL(/\/favorite-bots$/);
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Keep your favorite chatbots' })).toBeVisible();

    // The keyboard: focus moves to the new page's heading first, then to the menu button.
    await expect(page.getByRole('heading', { name: 'Keep your favorite chatbots' })).toBeFocused();
    await more.focus();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'My Chatbots' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Recommendations' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/recommended-bots$/);
    const heading = page.getByRole('heading', { name: 'Recommendations made for you' });
    await expect(heading).toBeVisible();
    // After a keyboard navigation the heading has focus for screen readers, with no ring drawn.
    await expect(heading).toBeFocused();
    await expect(heading).toHaveCSS('outline-style', 'none');

    // A page only members use leads a guest to the Sign In dialog saying why, not to a page that
    // only asks them to sign in (issue 28 §11).
    await more.click();
    await page.getByRole('menuitem', { name: 'Blocked Creators' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signIn).toContainText('Sign up to block creators');
    await expect(page).toHaveURL(/\/recommended-bots$/);
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
  },
);

test(
  "a guest's header entries to members' pages say why to sign up, then lead there",
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await banner.getByRole('button', { name: 'My Chatbots' }).click();
    await expect(signIn).toContainText('Sign up to find your chatbots here');
    await page.keyboard.press('Escape');
    await banner.getByRole('button', { name: 'My Personas' }).click();
    await expect(signIn).toContainText('Sign up to chat as your own personas');
    await expect(page).toHaveURL(/\/$/);
    await shoot(page, 'header-sign-in-why', testInfo.project.name);

    // Signed in (a new member finishes sign-up first), the guest is on the page they asked for.
    await signInWithCode(page, `nav-${testInfo.project.name}-${uniqueSuffix()}@example.com`, {
      from: signIn,
      isOpen: true,
    });
    await completeOnboarding(page, { username: `n_${uniqueSuffix()}`, name: 'Nav' });
    await expect(page).toHaveURL(/\/personas$/);
  },
);

test(
  'at 390px every header entry is named on screen and the search placeholder fits',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
    // Every control in the header shows its name: as words, or as a tooltip (title) for icons.
    const entries = banner.locator('a, button');
    for (const entry of await entries.all()) {
      if (!(await entry.isVisible())) continue;
      const shown = (await entry.innerText()).trim();
      const name = (await entry.getAttribute('aria-label')) ?? shown;
      const tooltip = await entry.getAttribute('title');
      expect(shown !== '' || tooltip !== null, `"${name}" shows its name`).toBe(true);
      if (shown === '') expect(tooltip).toBe(name);
    }
    // The header keeps to the screen.
    const width = page.viewportSize()?.width ?? 0;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );

    const search = page.getByRole('searchbox').first();
    await expect(search).toBeVisible();
    const fits = await search.evaluate((input) => {
      if (!(input instanceof HTMLInputElement)) return false;
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      if (context === null) return false;
      context.font = style.font;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(fits).toBe(true);
    await shoot(page, 'header', testInfo.project.name);
  },
);
