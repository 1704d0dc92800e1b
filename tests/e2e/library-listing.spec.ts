/**
 * The listing screen as people use it: search, a tag from the filter drawer, sort, pages, and the back
 * button bringing each earlier listing back (issue 10 part 1). Runs at desktop size and at 390 px,
 * where the filter panel is a full-width drawer.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createDb } from '#server/db/database';
import { refreshSearchStats } from '#server/db/repositories/library.repo';
import { createCharacter } from '../support/factories';
import { e2eDatabaseUrl } from './global-setup';
import { characterCards, signInAsNewMember } from './onboarding-steps';

/** 26 bots with a tag of their own (more than one page of 24), one with a word of its own. */
async function makeLibrary() {
  const tag = `E2e${randomUUID().slice(0, 8)}`;
  const word = `zebulon${randomUUID().slice(0, 6).replace(/[0-9]/g, 'q')}`;
  const db = createDb(e2eDatabaseUrl(), 2);
  try {
    const names: string[] = [];
    for (let i = 0; i < 26; i++) {
      const name = `${tag} Bot ${String(i).padStart(2, '0')}`;
      names.push(name);
      await createCharacter(db, { name, tags: [tag], title: 'A test chatbot' });
    }
    await createCharacter(db, { name: 'Word Finder', title: `Knows the ${word}`, tags: [tag] });
    // The filter drawer offers tags by how many listed bots carry them, as counted by this refresh.
    await refreshSearchStats(db);
    return { tag, word, names };
  } finally {
    await db.destroy();
  }
}

const cardNames = (page: Page) => characterCards(page).getByRole('heading');

test(
  'search, filter by tag, sort and page; the back button restores each listing',
  { tag: '@mobile' },
  async ({ page }) => {
    const { tag, word, names } = await makeLibrary();
    await page.goto('/');

    // Search by a word of the title.
    await page.getByRole('searchbox', { name: 'Search chatbots' }).fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
    await expect(cardNames(page)).toHaveText(['Word Finder']);
    await expect(page.getByText('1 chatbot', { exact: true })).toBeVisible();

    // Clear the search, then choose the tag in the filter drawer.
    await page.getByRole('searchbox', { name: 'Search chatbots' }).fill('');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('checkbox', { name: tag }).check();
    await drawer.getByRole('button', { name: 'Show Results' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`\\?tags=${tag}$`));
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    await expect(page.getByText('27 chatbots', { exact: true })).toBeVisible();

    // Sort by name: the first page is the bots in name order.
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(new RegExp(`\\?tags=${tag}&sort=name$`));
    const sorted = [...names, 'Word Finder'].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : 1,
    );
    await expect(cardNames(page)).toHaveText(sorted.slice(0, 24));

    // Page 2 holds the rest.
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tags=${tag}&sort=name&page=2$`));
    await expect(cardNames(page)).toHaveText(sorted.slice(24));

    // Back: page 1 of the name sort, then the default sort, then the plain home.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?tags=${tag}&sort=name$`));
    await expect(cardNames(page).first()).toHaveText(sorted[0] ?? '');
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?tags=${tag}$`));
    await expect(page.getByLabel('Sort by')).toHaveValue('trending');
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  },
);

test('a search that matches nothing says No Results Found and offers to clear it', async ({
  page,
}) => {
  await page.goto(`/?q=nothingmatches${randomUUID().slice(0, 8).replace(/[0-9]/g, 'x')}`);
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(characterCards(page).first()).toBeVisible();
});

test('guests asking for NSFW get the unlock prompt and NSFW stays off', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('switch', { name: 'NSFW' }).click();
  const prompt = page.getByRole('dialog', { name: 'Unlock NSFW Chatbots' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Create Free Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('switch', { name: 'NSFW' })).not.toBeChecked();
});

test('favorites ask logged-out visitors to create an account', async ({ page }) => {
  await page.goto('/favorite-bots');
  await expect(page.getByRole('heading', { name: 'Keep your favorite chatbots' })).toBeVisible();
  await page.getByRole('link', { name: 'Explore Chatbots' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test(
  'a member: favorites invite exploring, recommendations list bots, NSFW asks for the profile setting',
  { tag: '@mobile' },
  async ({ page }) => {
    await signInAsNewMember(page, 'lib', { name: 'Libby', path: '/favorite-bots' });
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Explore Chatbots' })).toBeVisible();

    await page.goto('/recommended-bots');
    await expect(
      page.getByRole('heading', { name: 'Recommended for you', level: 1 }),
    ).toBeVisible();
    await expect(characterCards(page).first()).toBeVisible();

    await page.getByRole('switch', { name: 'NSFW' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn On NSFW' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('link', { name: 'Go to Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  },
);
