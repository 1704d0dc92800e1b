/**
 * Cards show a chatbot's whole name where the card has room (issue 10, "Listing screens", "My
 * Chatbots"): a long name wraps instead of being cut to one line, a long single word breaks inside the
 * card instead of widening its column past the screen, and only a name longer than the card's lines
 * ends in an ellipsis. Runs at desktop size and at 390 px, where cards are narrower.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import pg from 'pg';
import { createDb } from '#server/db/database';
import { refreshSearchStats } from '#server/db/repositories/library.repo';
import { createCharacter } from '../support/factories';
import { e2eDatabaseUrl } from './global-setup';
import { characterCards, signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-cards', { fullPage: true });

/** Names of every length a chatbot may have (3 to 50 characters), in name order. */
const names = [
  'Ada',
  'Bartholomew Fitzgerald of Old Harbour',
  'Captain Maximilian Worthington-Smythe the Brave',
  'Dramaticallyoverlongsinglewordname',
];

async function makeBots(tag: string, creatorUserId: string | null = null) {
  const db = createDb(e2eDatabaseUrl(), 2);
  try {
    for (const name of names) {
      await createCharacter(db, {
        name,
        tags: [tag],
        title: 'A chatbot with a long name',
        creatorUserId,
      });
    }
    await refreshSearchStats(db);
  } finally {
    await db.destroy();
  }
}

/** How each name shows: its lines, and whether any of it is cut off or spills out of its card. */
async function layoutOf(headings: Locator) {
  return headings.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent,
        lines: Math.round(box.height / parseFloat(getComputedStyle(el).lineHeight)),
        isCut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        isPastScreen: box.right > document.documentElement.clientWidth,
      };
    }),
  );
}

/** Every name shows whole, inside the screen; the long ones over more than one line. */
function expectWhole(layout: Awaited<ReturnType<typeof layoutOf>>) {
  for (const name of layout) {
    expect(name, name.text).toMatchObject({ isCut: false, isPastScreen: false });
  }
  expect(layout.slice(1).every((name) => name.lines > 1)).toBe(true);
}

test(
  'the library shows long chatbot names whole on their cards',
  { tag: '@mobile' },
  async ({ page }, info) => {
    const tag = `Names${randomUUID().slice(0, 8)}`;
    await makeBots(tag);
    await page.goto(`/?tags=${tag}&sort=name`);
    const headings = characterCards(page).getByRole('heading');
    await expect(headings).toHaveText(names);
    await shoot(page, 'library', info.project.name);
    expectWhole(await layoutOf(headings));
  },
);

test(
  'My Chatbots shows long chatbot names whole on their cards',
  { tag: '@mobile' },
  async ({ page }, info) => {
    const { email } = await signInAsNewMember(page, 'names');
    const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
    await client.connect();
    const row = await client.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    await client.end();
    await makeBots(`Mine${randomUUID().slice(0, 8)}`, row.rows[0]?.id ?? null);
    await page.goto('/my-chatbots');
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('Name');
    const headings = page.getByRole('listitem').locator('strong');
    await expect(headings).toHaveText(names);
    await shoot(page, 'my-chatbots', info.project.name);
    expectWhole(await layoutOf(headings));
  },
);

test(
  'the loading skeleton cards are as tall as the cards that replace them',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    // Hold the first library page until the skeleton is measured.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/library**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Loading characters' })).toBeAttached();
    const skeletonCard = page.locator('ul[aria-hidden="true"] > li').first();
    await expect(skeletonCard).toBeVisible();
    const skeleton = await skeletonCard.boundingBox();
    await shoot(page, 'skeleton', testInfo.project.name);
    release?.();

    await expect(characterCards(page).first()).toBeVisible();
    const heights = await page
      .getByRole('list', { name: 'Characters' })
      .locator(':scope > li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    const shortest = Math.min(...heights);
    const tallest = Math.max(...heights);
    const height = skeleton?.height ?? 0;
    testInfo.annotations.push({
      type: 'card heights',
      description: `skeleton ${String(Math.round(height))} px, cards ${String(Math.round(shortest))} to ${String(Math.round(tallest))} px`,
    });
    // As tall as a card, give or take a tenth: cards differ with their text and tags, which the
    // library's contents decide, so the skeleton is held to the cards' own range.
    expect(height).toBeGreaterThanOrEqual(shortest * 0.9);
    expect(height).toBeLessThanOrEqual(tallest * 1.1);
  },
);
