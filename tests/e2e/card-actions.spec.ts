/**
 * Card and profile actions (issue 10): favorite and unfavorite with the spec's toasts, blocking a
 * creator (the bot leaves the list; Blocked Creators unblocks), reporting a bot that an admin then
 * resolves, deleting one's own bot, and the sign-in prompts guests get instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { characterLimits } from '#shared/rules/character';
import { makeAdmin, signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { newBot, newCreator, sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('test-results/screenshots/card-actions');

/** The home's main grid (the signed-in home may show the same bot among its recommendations too). */
const grid = (page: Page) => page.getByRole('list', { name: 'Characters' });

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first();

test(
  'a member favorites and unfavorites from a card and from the profile',
  { tag: '@mobile' },
  async ({ page }) => {
    const creator = await newCreator();
    const name = `Fav ${uniqueSuffix()}`;
    const bot = await newBot(creator.id, { name });
    await signInAsNewMember(page, 'fav');

    const add = grid(page).getByRole('button', { name: `Add ${name} to favorites` });
    await add.click();
    await expect(toast(page, 'Bot added to Favorites')).toBeVisible();
    const remove = grid(page).getByRole('button', { name: `Remove ${name} from favorites` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await remove.click();
    await expect(toast(page, 'Bot removed from Favorites')).toBeVisible();
    await expect(add).toHaveAttribute('aria-pressed', 'false');

    await page.goto(`/chatbot/${bot}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('link', { name: `@${creator.username}` })).toBeVisible();
    const favorite = page.getByRole('button', { name: 'Favorite', exact: true });
    await favorite.click();
    await expect(toast(page, 'Bot added to Favorites')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favorited' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Favorited' }).click();
    await expect(toast(page, 'Bot removed from Favorites')).toBeVisible();
  },
);

test(
  'blocking a creator takes their bot away, says so in the library; Blocked Creators unblocks',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const creator = await newCreator();
    const name = `Blocky ${uniqueSuffix()}`;
    const bot = await newBot(creator.id, { name });
    await signInAsNewMember(page, 'blk');

    const card = page.getByRole('heading', { name, level: 2 });
    await expect(card.first()).toBeVisible();
    await grid(page)
      .getByRole('button', { name: `More actions for ${name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Block Creator' }).click();
    const dialog = page.getByRole('dialog', { name: `Block @${creator.username}?` });
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(toast(page, `@${creator.username} blocked`)).toBeVisible();
    await expect(card).toHaveCount(0);

    // A search that only their bots matched says why it is empty, and where to undo it.
    await page.goto(`/?q=${encodeURIComponent(name)}`);
    const note = page.getByRole('note').filter({ hasText: 'hidden because you blocked' });
    await expect(note).toHaveText(
      '1 result is hidden because you blocked its creator. Blocked Creators',
    );
    await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
    await shoot(page, 'blocked-hidden', testInfo.project.name);
    await note.getByRole('link', { name: 'Blocked Creators' }).click();
    await expect(page).toHaveURL(/\/blocked-creators$/);

    // The profile is gone for this member.
    await page.goto(`/chatbot/${bot}`);
    await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();

    await page.goto('/blocked-creators');
    await expect(page.getByRole('heading', { name: 'Blocked Creators', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: `Unblock @${creator.username}` }).click();
    await expect(toast(page, `@${creator.username} unblocked`)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'You have not blocked any creators.' }),
    ).toBeVisible();
    await page.goto(`/chatbot/${bot}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  },
);

test('less like this hides the card and records a dislike', async ({ page }) => {
  const creator = await newCreator();
  const name = `Meh ${uniqueSuffix()}`;
  const bot = await newBot(creator.id, { name });
  const { username } = await signInAsNewMember(page, 'meh');
  await grid(page)
    .getByRole('button', { name: `More actions for ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Less like this' }).click();
  await expect(toast(page, "you'll see less like this")).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2 })).toHaveCount(0);
  const rows = await sql<{ character_id: string }>(
    `select d.character_id from character_dislikes d join users u on u.id = d.user_id
     where u.username = $1`,
    [username],
  );
  expect(rows).toEqual([{ character_id: bot }]);
});

test('a member reports a bot and an admin resolves it in the queue', async ({ page }) => {
  const creator = await newCreator();
  const name = `Reported ${uniqueSuffix()}`;
  const bot = await newBot(creator.id, { name });
  const { email } = await signInAsNewMember(page, 'rep', { path: `/chatbot/${bot}` });

  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page).toHaveURL(new RegExp(`/report/${bot}$`));
  const form = page.getByRole('form', { name: 'Report a chatbot' });
  await expect(form.getByRole('region', { name: 'Reported chatbot' })).toContainText(name);
  await expect(form.getByText('Fill all fields to submit.')).toBeVisible();
  // Details are required, with the spec's message.
  await form.getByRole('button', { name: 'Submit Report' }).click();
  await expect(form.getByText('Details are required')).toBeVisible();
  const details = `Wrong tags ${uniqueSuffix()}`;
  await form.getByRole('combobox', { name: 'What is wrong?' }).selectOption('Categorization');
  await form.getByRole('combobox', { name: 'What should happen?' }).selectOption('modified');
  await form.getByRole('textbox', { name: 'Details' }).fill(details);
  await form.getByRole('button', { name: 'Submit Report' }).click();
  await expect(page.getByText('Report submitted successfully')).toBeVisible();
  // Back where the report was opened, not a blank form (issue 28 §10).
  await expect(page).toHaveURL(new RegExp(`/chatbot/${bot}$`));

  await makeAdmin(email);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Chatbot reports' }).click();
  await expect(page.getByRole('heading', { name: 'Chatbot reports', level: 1 })).toBeVisible();
  const report = page.getByRole('listitem').filter({ hasText: details });
  await expect(report).toContainText(name);
  await expect(report).toContainText('Open');
  await report.getByRole('button', { name: 'Resolve' }).click();
  await expect(report).toContainText('Resolved');
  await expect(report.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
});

test('a creator deletes their own bot after confirming', async ({ page }) => {
  const { username } = await signInAsNewMember(page, 'del');
  const [me] = await sql<{ id: string }>('select id from users where username = $1', [username]);
  if (!me) throw new Error('no member');
  const name = `Mine ${uniqueSuffix()}`;
  const bot = await newBot(me.id, { name });

  await page.goto(`/chatbot/${bot}`);
  // The creator sees Edit and Delete, not Report or Block Creator, and no favorite.
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Report' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Chatbot deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/chatbot/${bot}`);
  await expect(page.getByRole('heading', { name: 'This page is gone.' })).toBeVisible();
});

test('guests get sign-in prompts that say why instead of member actions', async ({ page }) => {
  const creator = await newCreator();
  const name = `Guesty ${uniqueSuffix()}`;
  await newBot(creator.id, { name });
  const nsfw = await newBot(creator.id, { name: `Spicy ${uniqueSuffix()}`, isNsfw: true });

  // Each action's Sign In dialog says what signing up is for (issue 28 §11).
  await page.goto('/');
  await page.getByRole('button', { name: `Add ${name} to favorites` }).click();
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAccessibleDescription(/^Sign up to add favorites\. /);
  await shoot(page, 'sign-in-why', 'guest');
  await page.keyboard.press('Escape');
  await expect(signIn).toBeHidden();
  const more = page.getByRole('button', { name: `More actions for ${name}` });
  for (const [item, why] of [
    ['Block Creator', 'Sign up to block creators'],
    ['Report', 'Sign up to report chatbots'],
    ['Less like this', 'Sign up to see less like this'],
  ] as const) {
    await more.click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(signIn).toContainText(why);
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
  }
  // The header's own Sign In gives no reason.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn).toBeVisible();
  await expect(signIn).not.toContainText('Sign up to');
  await page.keyboard.press('Escape');

  for (const path of [`/chatbot/${nsfw}`, `/chat/${nsfw}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sign in to see this chatbot' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  }
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
  await expect(signIn).toContainText('Sign up to see NSFW chatbots');
  await page.keyboard.press('Escape');
  await page.goto('/blocked-creators');
  await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
});

test('at the favorites limit the heart reverts and the error modal explains', async ({ page }) => {
  const creator = await newCreator();
  const name = `Full ${uniqueSuffix()}`;
  await newBot(creator.id, { name });
  const { username } = await signInAsNewMember(page, 'lim');
  // Fill the member's favorites with private bots nobody lists.
  await sql(
    `with bots as (
       insert into characters (slug, name, creator_user_id, visibility)
       select 'limit-' || gen_random_uuid(), 'Limit', null, 'private'
       from generate_series(1, $2::int) returning id)
     insert into character_favorites (user_id, character_id)
     select (select id from users where username = $1), id from bots`,
    [username, characterLimits.favorites],
  );

  await page.goto('/');
  const heart = grid(page).getByRole('button', { name: `Add ${name} to favorites` });
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText(`up to ${characterLimits.favorites} favorite chatbots`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('the card menu works from the keyboard', async ({ page }) => {
  const creator = await newCreator();
  const name = `Keys ${uniqueSuffix()}`;
  await newBot(creator.id, { name });
  await page.goto('/');
  const button = page.getByRole('button', { name: `More actions for ${name}` });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: `More actions for ${name}` });
  await expect(menu.getByRole('menuitem', { name: 'Chat' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Share' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Less like this' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // Share opens its dialog with the chat link.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const share = page.getByRole('dialog', { name: `Share ${name}` });
  await expect(share.getByRole('textbox', { name: 'Chat link' })).toHaveValue(
    /\/chat\/[0-9a-f-]+$/,
  );
});
