/**
 * Accessibility (issue 28, items 5 and 15): axe finds no serious or critical problem, and no link or
 * button whose accessible name leaves out its visible text (label-content-name-mismatch, which axe runs
 * only when asked), on the main pages, in the light and the dark theme, at desktop and 390 px width, for
 * a guest and for a member. axe-core (a devDependency) runs in the page as a script of its own.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { listLibrary } from '#shared/api/library';
import { axeFailures, type AxeFailure } from './axe';
import { signInAsNewMember } from './onboarding-steps';

// axe is added to the page as a script of its own, which the product's script policy rightly refuses.
test.use({ bypassCSP: true });

async function checkBothThemes(page: Page, path: string, ready: () => Promise<void>) {
  const found: Record<string, AxeFailure[]> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(path);
    await ready();
    await page.evaluate(async () => {
      await Promise.allSettled(document.getAnimations().map((a) => a.finished));
    });
    found[scheme] = await axeFailures(page);
    const name = path.replaceAll('/', '_');
    await page.screenshot({
      path: `test-results/screenshots/accessibility/${name}-${test.info().project.name}-${scheme}.png`,
      fullPage: true,
    });
  }
  expect(found, path).toEqual({ light: [], dark: [] });
}

const guestPages: [string, string][] = [
  ['/', 'Discover characters'],
  ['/chatbot/create', ''],
  ['/chats', 'Recent Chats'],
  ['/plan-comparison/monthly', ''],
];

for (const [path, heading] of guestPages) {
  test(`a guest's ${path} passes axe in either theme`, { tag: '@mobile' }, async ({ page }) => {
    await checkBothThemes(page, path, async () => {
      if (heading !== '')
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      else await expect(page.getByRole('main')).toBeVisible();
    });
  });
}

test(
  'a guest’s chatbot profile and chat pass axe in either theme',
  { tag: '@mobile' },
  async ({ page }) => {
    const { items } = listLibrary.response.parse(
      await (
        await page.request.get('/api/library', { headers: { 'x-guest-id': randomUUID() } })
      ).json(),
    );
    const character = items[0];
    if (character === undefined) throw new Error('no character in the library');
    await checkBothThemes(page, `/chatbot/${character.id}`, async () => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(character.name);
    });
    await checkBothThemes(page, `/chat/${character.id}/new`, async () => {
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    });
  },
);

test('a member’s main pages pass axe in either theme', { tag: '@mobile' }, async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsNewMember(page, 'axe');
  for (const path of [
    '/',
    '/chats',
    '/my-chatbots',
    '/personas',
    '/my-chatbots/lorebooks',
    '/lorebook/create',
    '/my-chatbots/groupchats',
    '/groupchat/create',
    '/profile',
    '/chatbot/create',
    '/plan-comparison/monthly',
  ]) {
    await checkBothThemes(page, path, async () => {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
  }
});
