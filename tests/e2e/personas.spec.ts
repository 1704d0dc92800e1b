/**
 * Personas in Chromium (issue 11, part 6): a member creates two personas, makes the second the default,
 * picks the first in the choice before a new chat (the greeting greets it), then switches the chat to
 * the other one from the chat menu; a free member meets the limit, deletes a persona (its chat moves to
 * the default) and hides the choice.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './global-setup';
import { signInAsNewMember } from './onboarding-steps';
import { openSeededChatbot } from './product-db';

/** A 2×2 PNG, enough for the server to turn into a WebP avatar. */
const pngAvatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

async function createPersona(page: Page, name: string, highlights: string) {
  await page.getByRole('button', { name: 'Create New' }).click();
  await expect(page).toHaveURL(/\/personas\/create$/);
  const picker = page.getByRole('group', { name: 'Avatar' });
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngAvatar });
  await expect(picker.getByRole('button', { name: 'Change image' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Highlights' }).fill(highlights);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // The toast of an earlier save may still show.
  await expect(page.getByText('Persona created').first()).toBeVisible();
  await expect(page).toHaveURL(/\/personas$/);
}

test(
  'creates personas, makes one default, chats as another and switches in the chat',
  { tag: '@mobile' },
  async ({ page }) => {
    // A long journey: sign-up, two avatar uploads and a streamed reply.
    test.setTimeout(120_000);
    await signInAsNewMember(page, 'personas', { name: 'Dana' });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Personas' })
      .click();
    await expect(page).toHaveURL(/\/personas$/);
    await expect(page.getByText('No personas yet')).toBeVisible();
    await expect(page.getByText('A persona is who you are in a chat')).toBeVisible();

    await createPersona(page, 'Mara', 'Mara keeps a lighthouse.');
    await createPersona(page, 'Nico', 'Nico is a sailor.');
    const grid = page.getByRole('list', { name: 'Personas' });
    // The first persona is the default until another is made default.
    await page.getByRole('button', { name: 'More actions for Nico' }).click();
    await page.getByRole('menuitem', { name: 'Make Default' }).click();
    await expect(grid.getByRole('link').first()).toHaveAccessibleName('Edit Nico');

    // A new chat asks who is chatting; the greeting names the chosen persona.
    await openSeededChatbot(page, 'juno-okafor');
    const characterName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await page.getByRole('link', { name: 'Chat Now' }).click();
    const choice = page.getByRole('dialog', { name: `Who is going to chat with ${characterName}` });
    await expect(choice).toBeVisible();
    await expect(choice.getByRole('radio', { name: 'Nico' })).toBeChecked();
    await choice.getByRole('searchbox', { name: 'Search personas by name' }).fill('ma');
    await expect(choice.getByRole('radio', { name: 'Nico' })).toHaveCount(0);
    await choice.getByRole('radio', { name: 'Mara' }).check();
    await choice.getByRole('button', { name: `Chat with ${characterName}` }).click();
    await expect(choice).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Message' }).fill('Hello there.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+\/[\w-]{36}$/);
    // The user's messages carry the persona's name and picture (issue 28 §14).
    const log = page.getByRole('log');
    const persona = log.locator('[data-persona]');
    await expect(persona).toHaveText(['Mara']);
    const row = log.locator('[data-role="user"]').locator('xpath=../..');
    await expect(row.locator('img')).toHaveCount(1);

    // Change Persona from the chat menu, with its warning.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Change Persona' }).click();
    const change = page.getByRole('dialog', { name: 'Change Persona' });
    await expect(change.getByRole('radio', { name: 'Mara' })).toBeChecked();
    await change.getByRole('radio', { name: 'Nico' }).check();
    await change.getByRole('button', { name: 'Change Persona' }).click();
    await expect(page.getByText('Persona changed')).toBeVisible();
    await expect(change).toHaveCount(0);
    await expect(persona).toHaveText(['Nico']);
  },
);

/**
 * Stores personas for the member (the first the default) and a chat with `characterId` as the last
 * one, straight in the product's database; answers the chat's id.
 */
async function storePersonasAndChat(
  email: string,
  names: readonly string[],
  characterId: string,
): Promise<string> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const user = await client.query<{ id: string }>('select id from users where email = $1', [
      email,
    ]);
    const userId = user.rows[0]?.id;
    if (userId === undefined) throw new Error(`no member ${email}`);
    let personaId = '';
    for (const [i, name] of names.entries()) {
      const row = await client.query<{ id: string }>(
        `insert into personas (user_id, name, highlights, avatar_url, is_default, created_at)
         values ($1, $2, $3, '/uploads/persona.webp', $4, now() + $5 * interval '1 second')
         returning id`,
        [userId, name, `${name} is here.`, i === 0, i],
      );
      personaId = row.rows[0]?.id ?? '';
    }
    const conversationId = randomUUID();
    await client.query(
      `insert into conversations (id, user_id, character_id, label, user_persona_id)
       values ($1, $2, $3, 'With the last persona', $4)`,
      [conversationId, userId, characterId, personaId],
    );
    return conversationId;
  } finally {
    await client.end();
  }
}

test('a free member meets Limit Reached, deletes a persona whose chat moves to the default, and hides the choice', async ({
  page,
}) => {
  const { email } = await signInAsNewMember(page, 'personas-limit', { name: 'Lale' });
  await openSeededChatbot(page, 'juno-okafor');
  await expect(page).toHaveURL(/\/chatbot\/[\w-]+$/);
  const characterId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const characterName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  const chatId = await storePersonasAndChat(email, ['Ada', 'Bea', 'Cyd'], characterId);

  // Three is the free tier's allowance.
  await page.goto('/personas');
  const grid = page.getByRole('list', { name: 'Personas' });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Create New' }).click();
  const limit = page.getByRole('dialog', { name: 'Limit Reached' });
  await expect(limit).toContainText(
    "You've reached the maximum allowance of 3 personas in the Free tier.",
  );
  await expect(limit.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  await limit.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/personas$/);

  // The default cannot be deleted; another can, and its chat moves to the default.
  await page.getByRole('button', { name: 'More actions for Ada' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const info = page.getByRole('dialog', { name: 'Default persona' });
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'More actions for Cyd' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete persona' });
  await expect(confirm).toContainText('Chats with this persona move to your default persona.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Persona deleted')).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(2);
  await page.goto(`/chat/${characterId}/${chatId}`);
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Change Persona' }).click();
  const change = page.getByRole('dialog', { name: 'Change Persona' });
  await expect(change.getByRole('radio', { name: 'Ada' })).toBeChecked();
  await change.getByRole('button', { name: 'Cancel' }).click();

  // Don't show this again: the next new chat starts without the choice, as the default.
  await page.goto(`/chat/${characterId}/new`);
  const choice = page.getByRole('dialog', { name: `Who is going to chat with ${characterName}` });
  await expect(choice.getByRole('radio', { name: 'Ada' })).toBeChecked();
  await choice.getByRole('checkbox', { name: "Don't show this again" }).check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/personas/choice') && r.request().method() !== 'GET',
  );
  await choice.getByRole('button', { name: `Chat with ${characterName}` }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  // The greeting greets the default persona once the personas have loaded, and no choice came first.
  await expect(page.getByRole('log').locator('[data-role="bot"]').first()).toContainText('Ada');
  await expect(choice).toHaveCount(0);
});
