/**
 * Personas in Chromium (issue 11, part 6): a member creates two personas, makes the second the default,
 * picks the first in the choice before a new chat (the greeting greets it), then switches the chat to
 * the other one from the chat menu.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  characterCards,
  completeOnboarding,
  signInWithCode,
  uniqueSuffix,
} from './onboarding-steps';

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
  async ({ page }, testInfo) => {
    // A long journey: sign-up, two avatar uploads and a streamed reply.
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    await page.goto('/');
    await signInWithCode(page, `personas-${testInfo.project.name}-${suffix}@example.com`);
    await completeOnboarding(page, { username: `p_${suffix}`, name: 'Dana' });

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'My Personas' })
      .click();
    await expect(page).toHaveURL(/\/personas$/);
    await expect(page.getByText('No personas yet')).toBeVisible();

    await createPersona(page, 'Mara', 'Mara keeps a lighthouse.');
    await createPersona(page, 'Nico', 'Nico is a sailor.');
    const grid = page.getByRole('list', { name: 'Personas' });
    // The first persona is the default until another is made default.
    await page.getByRole('button', { name: 'More actions for Nico' }).click();
    await page.getByRole('menuitem', { name: 'Make Default' }).click();
    await expect(grid.getByRole('link').first()).toHaveAccessibleName('Edit Nico');

    // A new chat asks who is chatting; the greeting names the chosen persona.
    await page.goto('/');
    await characterCards(page).first().click();
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

    // Change Persona from the chat menu, with its warning.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Change Persona' }).click();
    const change = page.getByRole('dialog', { name: 'Change Persona' });
    await expect(change.getByRole('radio', { name: 'Mara' })).toBeChecked();
    await change.getByRole('radio', { name: 'Nico' }).check();
    await change.getByRole('button', { name: 'Change Persona' }).click();
    await expect(page.getByText('Persona changed')).toBeVisible();
    await expect(change).toHaveCount(0);
  },
);
