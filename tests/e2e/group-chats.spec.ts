/**
 * Group chats in Chromium (issue 12, item 6): a member fills Create Group, opens the member picker,
 * meets the Minimum Chatbots Required dialog, adds three chatbots from Explore, comes back to the form
 * as it was, creates the group and finds it in My Group Chats.
 */
import { expect, test } from '@playwright/test';
import { completeOnboarding, signInWithCode, uniqueSuffix } from './onboarding-steps';

const pngAvatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test(
  'creates a group of three chatbots through the member picker',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    await page.goto('/');
    await signInWithCode(page, `groups-${testInfo.project.name}-${suffix}@example.com`);
    await completeOnboarding(page, { username: `g_${suffix}`, name: 'Gale' });

    await page.goto('/groupchat/create');
    await expect(page.getByRole('heading', { name: 'Create Group' })).toBeVisible();
    const picker = page.getByRole('group', { name: 'Avatar' });
    const chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Choose image' }).click();
    await (await chooser).setFiles({ name: 'g.png', mimeType: 'image/png', buffer: pngAvatar });
    await expect(picker.getByRole('button', { name: 'Change image' })).toBeVisible();
    const name = `Crew ${suffix}`.slice(0, 20);
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Greeting' }).fill('Welcome to the tavern, friend.');

    await page.getByRole('button', { name: 'Add Members' }).click();
    await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Minimum Chatbots Required' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const rows = page.getByRole('list', { name: 'Chatbots' });
    const adds = rows.getByRole('button', { name: /^Add / });
    for (let i = 0; i < 3; i++) await adds.first().click();
    await expect(page.getByText('3 of 10 chatbots selected')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();

    await expect(page).toHaveURL(/\/groupchat\/create$/);
    // The form comes back as it was, with the selection.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(page.getByRole('heading', { name: 'Chatbots (3/10)' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Speaks first' })).toHaveCount(3);

    await page.getByRole('checkbox', { name: /Community Guidelines/ }).check();
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
    const list = page.getByRole('list', { name: 'Group chats' });
    await expect(list.getByText(name)).toBeVisible();
    await expect(list.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
  },
);
