/** Browsing the library: what the cards say to assistive technology, and what home loads first. */
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { listLibrary } from '#shared/api/library';
import { characterCards, signInAsNewMember } from './onboarding-steps';

/** The first character of the library's first page, as the API lists it. */
async function firstCharacter(page: Page): Promise<{ id: string; name: string; title: string }> {
  const response = await page.request.get('/api/library', {
    headers: { 'x-guest-id': randomUUID() },
  });
  const { items } = listLibrary.response.parse(await response.json());
  const first = items[0];
  if (first === undefined) throw new Error('no character in the library');
  return first;
}

test('library cards are named by their visible text, starting with name and title', async ({
  page,
}) => {
  const { name, title } = await firstCharacter(page);
  await page.goto('/');
  const card = characterCards(page).first();
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card).toContainText(title);
  const visibleText = (await card.innerText()).replace(/\s+/g, ' ').trim();
  expect(visibleText.startsWith(`${name} ${title}`)).toBe(true);
  await expect(card).toHaveAccessibleName(visibleText);
});

test('focus moves to the page heading on navigation', async ({ page }) => {
  await page.goto('/');
  await characterCards(page).first().click();
  await expect(page).toHaveURL(/\/chatbot\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('link', { name: 'CharChat home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discover characters' })).toBeFocused();
});

test("the home grid does not wait for the member's session refresh", async ({ page }) => {
  await signInAsNewMember(page, 'grid', { name: 'Gale' });

  // Hold the start-up refresh until the library has been asked for (or give up after 10 s).
  let isLibraryAsked = false;
  const libraryAsked = new Promise<void>((resolve) => {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/library') {
        isLibraryAsked = true;
        resolve();
      }
    });
  });
  let isRefreshHeld = false;
  await page.route('**/api/auth/refresh', async (route) => {
    isRefreshHeld = true;
    await Promise.race([libraryAsked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
  await page.reload();
  await expect(characterCards(page).first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  expect(isRefreshHeld).toBe(true);
  expect(isLibraryAsked).toBe(true);
});

test('a guest browsing and chatting gets no 401 and no console error', async ({ page }) => {
  const unauthorised: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) unauthorised.push(response.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
  await page.goto('/');
  await expect(characterCards(page).first()).toBeVisible();
  expect(unauthorised).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('each home load of a guest asks for the library once', async ({ page }) => {
  const libraryRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/library') libraryRequests.push(request.url());
  });
  for (const load of ['first load', 'reload']) {
    libraryRequests.length = 0;
    if (load === 'first load') await page.goto('/');
    else await page.reload();
    await expect(characterCards(page).first()).toBeVisible();
    // Anything a second render would ask has had time to go out.
    await page.waitForLoadState('networkidle');
    expect({ load, requests: libraryRequests.length }).toEqual({ load, requests: 1 });
  }
});
