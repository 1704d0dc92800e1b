/**
 * The top navigation's My Chatbots dropdown (product-core.md §2, "Navigation") reaches the listing
 * pages that have no other way in, from the keyboard as well as by pointer.
 */
import { expect, test } from '@playwright/test';

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
    await expect(page.getByRole('heading', { name: 'Recommendations made for you' })).toBeVisible();

    await more.click();
    await page.getByRole('menuitem', { name: 'Blocked Creators' }).click();
    await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
  },
);
