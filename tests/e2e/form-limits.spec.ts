/**
 * Forms tell limits before the work (issue 28 §6), at 390 px and 1280 px, light and dark: capped fields count
 * (the group name stops at 20 and says so, announced politely); the avatar says whether the form needs
 * one, an unchosen one is an empty frame rather than initials, and the group's error names the button.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseAvatar } from './avatar-steps';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-forms');

/** The counter under a field, as its accessible description reads it ("12 of 20 characters"). */
async function expectCount(field: Locator, typed: number, max: number): Promise<void> {
  await expect(field).toHaveAccessibleDescription(
    new RegExp(`${String(typed)} of ${String(max)} characters`),
  );
}

function avatarPicker(page: Page): Locator {
  return page.getByRole('group', { name: /^Avatar/ });
}

test(
  'the group form counts its capped fields and names Choose image when the avatar is missing',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await signInAsNewMember(page, 'gcount', { name: 'Gale', path: '/groupchat/create' });
    await expect(page.getByRole('heading', { name: 'Create Group' })).toBeVisible();
    await expect(avatarPicker(page)).toHaveAccessibleName('Avatar (required)');
    await expect(page.getByRole('img', { name: 'Group cover: no image chosen' })).toBeVisible();

    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('The Lighthouse Keepers Guild');
    await expect(name).toHaveValue('The Lighthouse Keepe');
    await expectCount(name, 20, 20);
    await expect(page.getByText('Limit reached: 20 characters')).toHaveCount(1);
    const title = page.getByRole('textbox', { name: 'Title' });
    await expectCount(title, (await title.inputValue()).length, 100);
    await expectCount(page.getByRole('textbox', { name: 'Greeting' }), 0, 2000);
    await expectCount(page.getByRole('textbox', { name: 'Scenario' }), 0, 5000);

    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(avatarPicker(page).getByText('Add an avatar with Choose image')).toBeVisible();
    await expect(avatarPicker(page).getByRole('button', { name: 'Choose image' })).toBeVisible();
    await shoot(page, 'group-counters', testInfo.project.name);

    // A chosen image replaces the empty frame.
    await chooseAvatar(page);
    await expect(page.getByRole('img', { name: 'Group cover', exact: true })).toBeVisible();
    await expect(avatarPicker(page).getByText('Add an avatar with Choose image')).toHaveCount(0);

    // The chatbot editor's avatar is optional, and says so.
    await page.goto('/chatbot/create');
    await expect(avatarPicker(page)).toHaveAccessibleName('Avatar (optional)');
  },
);
