/**
 * The chatbot's items in the chat header menu (issue 11 item 14; product-core.md, "Chat screen"): a
 * member shares, favorites and unfavorites, views the profile and blocks the creator from the chat; the
 * creator gets Edit Chatbot instead of favorite and block; a guest gets the sign-in prompt.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { newBot, newCreator, sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shots = '/tmp/shots-chatmenu';

const shoot = screenshotsIn(shots);

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first();

/** Opens the chat header menu; answers its items' names in order. */
async function openMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Chat options' }).click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  return (await items.allInnerTexts()).map((text) => text.trim());
}

async function choose(page: Page, label: string): Promise<void> {
  await openMenu(page);
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

test(
  "a member shares, favorites, views the profile and blocks the creator from the chat's menu",
  { tag: '@mobile' },
  async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const creator = await newCreator();
    const name = `Menu ${uniqueSuffix()}`;
    const bot = await newBot(creator.id, { name });
    const { username } = await signInAsNewMember(page, 'menu');
    await page.goto(`/chat/${bot}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const items = await openMenu(page);
    // The chatbot's items, in the spec's order among the rest.
    const mine = ['Share Chatbot', 'Add to Favorites', 'Block Creator', 'View Profile'];
    expect(items.filter((item) => mine.includes(item))).toEqual(mine);
    expect(items.at(-1)).toBe('View Profile');
    expect(items).not.toContain('Edit Chatbot');
    await shoot(page, 'menu', testInfo.project.name);
    await page.keyboard.press('Escape');

    await choose(page, 'Share Chatbot');
    const share = page.getByRole('dialog', { name: `Share ${name}` });
    await expect(share.getByRole('textbox', { name: 'Chat link' })).toHaveValue(
      new RegExp(`/chat/${bot}$`),
    );
    await share.getByRole('button', { name: 'Copy' }).click();
    await expect(share.getByText('Link copied')).toBeVisible();
    await share.getByRole('button', { name: 'Close' }).click();

    await choose(page, 'Add to Favorites');
    await expect(toast(page, 'Bot added to Favorites')).toBeVisible();
    await expect
      .poll(async () => {
        const rows = await sql<{ count: string }>(
          `select count(*) from character_favorites f join users u on u.id = f.user_id
           where f.character_id = $1 and u.username = $2`,
          [bot, username],
        );
        return rows[0]?.count;
      })
      .toBe('1');
    await choose(page, 'Remove from Favorites');
    await expect(toast(page, 'Bot removed from Favorites')).toBeVisible();
    expect(await openMenu(page)).toContain('Add to Favorites');
    await page.keyboard.press('Escape');

    await choose(page, 'View Profile');
    await expect(page).toHaveURL(new RegExp(`/chatbot/${bot}$`));
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Chat options' })).toBeVisible();

    await choose(page, 'Block Creator');
    const block = page.getByRole('dialog', { name: `Block @${creator.username}?` });
    await block.getByRole('button', { name: 'Block' }).click();
    await expect(toast(page, `@${creator.username} blocked`)).toBeVisible();
    // The bot and its chats are closed to the member now, as after blocking from its profile.
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/chat/${bot}`);
    await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();
  },
);

test("the creator's chat menu offers Edit Chatbot, not favorite or block", async ({ page }) => {
  const { username } = await signInAsNewMember(page, 'own');
  const [me] = await sql<{ id: string }>('select id from users where username = $1', [username]);
  if (!me) throw new Error('no member');
  const name = `Mine ${uniqueSuffix()}`;
  const bot = await newBot(me.id, { name });
  await page.goto(`/chat/${bot}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const items = await openMenu(page);
  expect(items).toContain('Edit Chatbot');
  expect(items).not.toContain('Add to Favorites');
  expect(items).not.toContain('Block Creator');
  await page.getByRole('menuitem', { name: 'Edit Chatbot' }).click();
  await expect(page).toHaveURL(new RegExp(`/chatbot/edit/${bot}$`));
  await expect(page.getByRole('heading', { name: 'Chatbot Editor' })).toBeVisible();
});

test('a guest is asked to sign in to favorite or block from the chat menu', async ({ page }) => {
  const creator = await newCreator();
  const name = `Guest ${uniqueSuffix()}`;
  const bot = await newBot(creator.id, { name });
  await page.goto(`/chat/${bot}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  for (const label of ['Add to Favorites', 'Block Creator']) {
    await choose(page, label);
    await expect(signIn).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
  }
  expect(await openMenu(page)).toContain('View Profile');
});
