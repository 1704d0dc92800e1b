/**
 * Saved chats in Chromium (issue 11, parts 4, 5 and 13): Recent Chats pages with Load More and Change
 * Title, Clone Partially from the chat's menu, and a chat exported then imported back. Conversations
 * are stored straight in the product's database, so no reply has to be generated first.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { listLibrary } from '#shared/api/library';
import { e2eDatabaseUrl } from './global-setup';
import { screenshotsIn } from './screenshots';
import {
  completeOnboarding,
  signInAsNewMember,
  signInWithCode,
  uniqueSuffix,
} from './onboarding-steps';

const shoot = screenshotsIn('test-results/screenshots/saved-chats');

/** Opens home as a new guest; answers the guest id the browser sends (its guest user then exists). */
async function openAsGuest(page: Page): Promise<string> {
  const guestRequest = page.waitForRequest(
    (r) => r.url().includes('/api/') && r.headers()['x-guest-id'] !== undefined,
  );
  await page.goto('/');
  const guestId = (await guestRequest).headers()['x-guest-id'] ?? '';
  await expect(page.getByRole('heading', { name: 'Discover characters' })).toBeVisible();
  return guestId;
}

async function libraryCharacter(page: Page): Promise<{ id: string; name: string }> {
  const { items } = listLibrary.response.parse(
    await (
      await page.request.get('/api/library', { headers: { 'x-guest-id': randomUUID() } })
    ).json(),
  );
  const character = items[0];
  if (character === undefined) throw new Error('no character in the library');
  return character;
}

/**
 * Stores conversations of the member (or the guest) with the character, oldest first, each with
 * `messages` alternating bot and user ("Line 1", "Line 2", …); answers their ids.
 */
async function storeChats(
  owner: string | { guestId: string },
  characterId: string,
  chats: { label: string; messages: number }[],
): Promise<string[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const user = await client.query<{ id: string }>(
      typeof owner === 'string'
        ? 'select id from users where email = $1'
        : 'select id from users where guest_id = $1',
      [typeof owner === 'string' ? owner : owner.guestId],
    );
    const userId = user.rows[0]?.id;
    if (userId === undefined) throw new Error(`no user ${JSON.stringify(owner)}`);
    const ids: string[] = [];
    for (const [i, chat] of chats.entries()) {
      const conversationId = randomUUID();
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      await client.query(
        `insert into conversations (id, user_id, character_id, label, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $5)`,
        [conversationId, userId, characterId, chat.label, at],
      );
      let prev: string | null = null;
      for (let n = 1; n <= chat.messages; n++) {
        const id = randomUUID();
        await client.query(
          `insert into messages (id, conversation_id, prev_id, role, content, created_at)
           values ($1, $2, $3, $4, $5, $6)`,
          [id, conversationId, prev, n % 2 === 1 ? 'bot' : 'user', `Line ${String(n)}`, at],
        );
        prev = id;
      }
      await client.query(
        'update conversations set last_message_id = $2, message_count = $3 where id = $1',
        [conversationId, prev, chat.messages],
      );
      ids.push(conversationId);
    }
    return ids;
  } finally {
    await client.end();
  }
}

test(
  'a guest finds their own chats in Recent Chats and Saved Chats, told that signing up keeps them',
  { tag: '@mobile' },
  async ({ page, browser }, testInfo) => {
    // Two browsers, a sign-up and onboarding: a loaded machine took over a minute.
    test.setTimeout(120_000);
    const guestId = await openAsGuest(page);
    const character = await libraryCharacter(page);
    await storeChats({ guestId }, character.id, [{ label: 'Guest harbour', messages: 2 }]);

    await page.goto('/chats');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    const note = main.getByRole('region', { name: /You are chatting as a guest/ });
    await expect(note).toContainText('Sign up with just your email and they stay in your account');
    const rows = main.getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Guest harbour');
    // A conversation file is an account's: no Import Chat, no Export Chat, no Favorite for a guest.
    await expect(main.getByLabel('Conversation file')).toHaveCount(0);
    await shoot(page, 'guest-recent-chats', testInfo.project.name);
    await main.getByRole('button', { name: 'More actions for Guest harbour' }).click();
    await expect(page.getByRole('menuitem', { name: 'Export Chat' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Favorite' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'View Saved Chats' }).click();
    await expect(
      main.getByRole('heading', { name: `Saved Chats with ${character.name}` }),
    ).toBeVisible();
    await expect(main.getByRole('listitem')).toHaveCount(1);
    await shoot(page, 'guest-saved-chats', testInfo.project.name);

    // Another guest, in a browser of their own, sees none of them.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await openAsGuest(strangerPage);
    await strangerPage.goto(`/chats/${character.id}`);
    await expect(strangerPage.getByRole('heading', { name: 'No saved chats' })).toBeVisible();
    await stranger.close();

    // Signing up from the note keeps the chat.
    await signInWithCode(page, `keeps-${testInfo.project.name}-${uniqueSuffix()}@example.com`, {
      from: note,
    });
    await completeOnboarding(page, { username: `k_${uniqueSuffix()}`, name: 'Kim' });
    await page.goto('/chats');
    await expect(main.getByRole('listitem').first()).toContainText('Guest harbour');
    await expect(main.getByRole('region', { name: /You are chatting as a guest/ })).toHaveCount(0);
  },
);

test(
  'Recent Chats loads 25, then the rest with Load More, and changes a title',
  { tag: '@mobile' },
  async ({ page }) => {
    const { email } = await signInAsNewMember(page, 'chats', { name: 'Cleo' });
    const character = await libraryCharacter(page);
    await page.goto('/chats');
    await expect(page.getByRole('link', { name: 'Explore Chatbots' })).toHaveAttribute('href', '/');
    await page.goto(`/chats/${character.id}`);
    await expect(page.getByRole('heading', { name: 'No saved chats' })).toBeVisible();
    await expect(page.getByText("There's no conversations in your history.")).toBeVisible();
    await storeChats(
      email,
      character.id,
      Array.from({ length: 27 }, (_, i) => ({ label: `Trip ${String(i + 1)}`, messages: 1 })),
    );
    await page.goto('/chats');
    await expect(page.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    const rows = page.getByRole('main').getByRole('listitem');
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText('Trip 27');
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(rows).toHaveCount(27);
    await expect(rows.last()).toContainText('Trip 1');
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

    await page.getByRole('button', { name: 'More actions for Trip 27' }).click();
    await page.getByRole('menuitem', { name: 'Change Title' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Title' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Title is required');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Moon landing');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows.first()).toContainText('Moon landing');

    await page.getByRole('searchbox', { name: 'Search chats' }).fill('moon');
    await expect(rows).toHaveCount(1);
  },
);

test('Clone Partially picks the last message to keep and opens the copy', async ({ page }) => {
  const { email } = await signInAsNewMember(page, 'chats', { name: 'Cleo' });
  const character = await libraryCharacter(page);
  const [conversationId = ''] = await storeChats(email, character.id, [
    { label: 'Long talk', messages: 4 },
  ]);
  await page.goto(`/chat/${character.id}/${conversationId}`);
  const log = page.getByRole('log');
  await expect(log.getByText('Line 4')).toBeVisible();

  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Clone Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Conversation' });
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Long talk');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('First half');
  await dialog.getByRole('button', { name: 'Clone Partially' }).click();
  await expect(page).toHaveURL(/cloneType=partial&cloneTitle=First\+half/);

  const bar = page.getByRole('region', { name: 'Pick the last message to clone' });
  await expect(bar.getByRole('button', { name: 'Clone' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Your message: Line 2' }).check();
  await bar.getByRole('button', { name: 'Clone' }).click();
  await expect(page.getByText('Conversation cloned')).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(conversationId));
  await expect(log.getByText('Line 2')).toBeVisible();
  await expect(log.getByText('Line 3')).toHaveCount(0);

  await page.goto(`/chats/${character.id}`);
  await expect(
    page.getByRole('heading', { name: `Saved Chats with ${character.name}` }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').first()).toContainText('First half');
});

test('a chat exported from its menu imports back as a new chat', async ({ page }) => {
  const { email } = await signInAsNewMember(page, 'chats', { name: 'Cleo' });
  const character = await libraryCharacter(page);
  const [conversationId = ''] = await storeChats(email, character.id, [
    { label: 'Keepsake', messages: 3 },
  ]);
  await page.goto(`/chat/${character.id}/${conversationId}`);
  await expect(page.getByRole('log').getByText('Line 3')).toBeVisible();
  await page.getByRole('button', { name: 'Chat options' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export Chat' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
  const file = await readFile(await download.path());

  await page.goto('/chats');
  await page.getByLabel('Conversation file').setInputFiles({
    name: 'keepsake.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: file,
  });
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/(?!${conversationId})`));
  await expect(page.getByRole('log').getByText('Line 3')).toBeVisible();
  await page.goto('/chats');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Conversation file').setInputFiles({
    name: 'broken.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('not a conversation\n'),
  });
  await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Line 1');
});

test('Clone Fully, Favorite and Remove from Recent Chats; the chat menu leads to Saved Chats and asks before a new chat', async ({
  page,
}) => {
  const { email } = await signInAsNewMember(page, 'chats', { name: 'Cleo' });
  const character = await libraryCharacter(page);
  await storeChats(email, character.id, [{ label: 'Harbour', messages: 2 }]);
  await page.goto('/chats');
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(1);
  const menuOf = (title: string) =>
    page.getByRole('button', { name: `More actions for ${title}`, exact: true });

  // Clone Fully: the copy, with every message, comes first.
  await menuOf('Harbour').click();
  await page.getByRole('menuitem', { name: 'Clone Conversation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clone Conversation' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Harbour again');
  await dialog.getByRole('button', { name: 'Clone Fully' }).click();
  await expect(page.getByText('Conversation cloned')).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Harbour again');
  await expect(rows.first()).toContainText('Line 2');

  // Favorite the chatbot from a row; the menu then offers Unfavorite, also after a reload.
  await menuOf('Harbour again').click();
  await page.getByRole('menuitem', { name: 'Favorite', exact: true }).click();
  await page.reload();
  await menuOf('Harbour again').click();
  await expect(page.getByRole('menuitem', { name: 'Unfavorite' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Remove the original, asked first.
  await menuOf('Harbour').click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Conversation' });
  await expect(confirm).toContainText('“Harbour”');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Conversation removed')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Harbour again');

  // In the copy: Start New Chat asks before leaving; View Saved Chats lists this chatbot's chats.
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('log').getByText('Line 2')).toBeVisible();
  const chatUrl = page.url();
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Start New Chat' }).click();
  const leave = page.getByRole('dialog', { name: 'Start New Chat' });
  await expect(leave).toContainText(`start a new chat with ${character.name}?`);
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeHidden();
  expect(page.url()).toBe(chatUrl);
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Start New Chat' }).click();
  await leave.getByRole('button', { name: 'Start New Chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${character.id}/new$`));
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'View Saved Chats' }).click();
  await expect(
    page.getByRole('heading', { name: `Saved Chats with ${character.name}` }),
  ).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Harbour again');
});
