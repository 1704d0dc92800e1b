/** Browsing the library: what the cards say to assistive technology, and what home loads first. */
import { expect, test, type Page } from '@playwright/test';
import { listCharacters } from '#shared/api/characters';
import { characterCards } from './onboarding-steps';

/** The first character of the library's first page, as the API lists it. */
async function firstCharacter(page: Page): Promise<{ id: string; name: string; title: string }> {
  const response = await page.request.get('/api/characters');
  const { items } = listCharacters.response.parse(await response.json());
  const first = items[0];
  if (first === undefined) throw new Error('no character in the library');
  return first;
}

test('library cards are named by their visible name and title', async ({ page }) => {
  const { name, title } = await firstCharacter(page);
  await page.goto('/');
  const card = characterCards(page).first();
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card).toContainText(title);
  await expect(card).toHaveAccessibleName(`${name} ${title}`);
});

test('focus moves to the page heading on navigation', async ({ page }) => {
  await page.goto('/');
  await characterCards(page).first().click();
  await expect(page).toHaveURL(/\/chatbot\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('link', { name: 'CharChat home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover characters' })).toBeFocused();
});
