/** Choosing a form's avatar or cover in Chromium (the chatbot-like forms: group chat, lorebook). */
import { expect, type Page } from '@playwright/test';

/** A 2×2 PNG, enough for the server to turn into a WebP avatar. */
export const pngAvatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads the PNG through the form's Avatar picker and waits for it to be taken. */
export async function chooseAvatar(page: Page): Promise<void> {
  const picker = page.getByRole('group', { name: 'Avatar' });
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Choose image' }).click();
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: pngAvatar });
  await expect(picker.getByRole('button', { name: 'Change image' })).toBeVisible();
}
