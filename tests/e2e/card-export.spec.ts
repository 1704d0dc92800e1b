/** Exporting a chatbot as a Character Card from its profile (issue 10, "Import and export"). */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { readCardFile } from '#shared/cards/read-card';
import { e2eDatabaseUrl } from './global-setup';
import { characterCards, uniqueSuffix } from './onboarding-steps';

/** Opens the first chatbot of the library from its card; answers its name. */
async function openFirstCharacter(page: Page): Promise<string> {
  await page.goto('/');
  await characterCards(page).first().click();
  await expect(page).toHaveURL(/\/chatbot\//);
  await expect(page.getByRole('link', { name: 'Chat Now' })).toBeVisible();
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  if (name === null || name === '') throw new Error('the profile has no name');
  return name;
}

/** Clicks an export button and answers the downloaded file's name and bytes. */
async function exportAs(page: Page, label: string): Promise<{ name: string; bytes: Uint8Array }> {
  const group = page.getByRole('group', { name: 'Export card' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('button', { name: label }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

test('a guest exports a chatbot as V2 JSON, V3 JSON and a PNG card that reads back', async ({
  page,
}) => {
  const name = await openFirstCharacter(page);

  const v2 = await exportAs(page, 'JSON V2');
  expect(v2.name).toBe(`${name}_v2.json`);
  const card: unknown = JSON.parse(new TextDecoder().decode(v2.bytes));
  expect(card).toMatchObject({ spec: 'chara_card_v2', data: { name: name } });
  await expect(page.getByRole('group', { name: 'Export card' })).toContainText(`Saved ${v2.name}`);

  const v3 = await exportAs(page, 'JSON V3');
  expect(JSON.parse(new TextDecoder().decode(v3.bytes))).toMatchObject({ spec: 'chara_card_v3' });

  const png = await exportAs(page, 'PNG');
  expect(png.name).toBe(`${name}.png`);
  const read = await readCardFile(png.bytes);
  expect(read.character.name).toBe(name);
});

test('a chatbot whose definition is hidden offers no export', async ({ page }) => {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  const name = `Secret ${uniqueSuffix()}`;
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into characters (name, greeting, visibility, definition_visible)
       values ($1, 'Hello there', 'hidden', false) returning id`,
      [name],
    );
    const id = rows[0]?.id ?? '';
    await page.goto(`/chatbot/${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Greeting' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Export card' })).toHaveCount(0);
    await client.query('delete from characters where id = $1', [id]);
  } finally {
    await client.end();
  }
});
