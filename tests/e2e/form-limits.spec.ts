/**
 * Forms tell limits before the work (issue 28 §6), at 390 px and 1280 px, light and dark: a free member
 * at three personas learns the limit on opening Create Persona, before any field; capped fields count
 * (the group name stops at 20 and says so, announced politely); the avatar says whether the form needs
 * one, an unchosen one is an empty frame rather than initials, and the group's error names the button.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseAvatar } from './avatar-steps';
import { signInAsNewMember } from './onboarding-steps';
import { sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-forms');

async function storePersonas(email: string, names: readonly string[]): Promise<void> {
  for (const [i, name] of names.entries()) {
    await sql(
      `insert into personas (user_id, name, highlights, avatar_url, is_default)
       select id, $2, 'Keeps a lighthouse.', '/uploads/persona-avatars/none.webp', $3
       from users where email = $1`,
      [email, name, i === 0],
    );
  }
}

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
  'a member at the persona limit learns it before the form; below it the form counts and needs an avatar',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { email } = await signInAsNewMember(page, 'plimit', { name: 'Lale' });
    await storePersonas(email, ['Ada', 'Bea', 'Cyd']);

    await page.goto('/personas');
    await expect(page.getByText('3 of 3 personas in the Free tier')).toBeVisible();
    await page.goto('/personas/create');
    const notice = page.getByRole('region', { name: 'Limit Reached' });
    await expect(notice).toContainText(
      "You've reached the maximum allowance of 3 personas in the Free tier.",
    );
    await expect(notice.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await shoot(page, 'persona-limit', testInfo.project.name);

    // One fewer: the form says how many are left, counts, and marks the avatar required.
    await sql(
      `delete from personas where name = 'Cyd' and user_id = (select id from users where email = $1)`,
      [email],
    );
    await notice.getByRole('link', { name: 'Back to My Personas' }).click();
    await expect(page.getByText('2 of 3 personas in the Free tier')).toBeVisible();
    await page.getByRole('button', { name: 'Create New' }).click();
    await expect(
      page.getByText('You have 2 of 3 personas in the Free tier; 1 more can be created.'),
    ).toBeVisible();
    await expect(avatarPicker(page)).toHaveAccessibleName('Avatar (required)');
    await expect(page.getByRole('img', { name: 'Persona avatar: no image chosen' })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Name' });
    await expectCount(name, 0, 20);
    await name.fill('Marisol of the Northern Reach');
    await expect(name).toHaveValue('Marisol of the North');
    await expectCount(name, 20, 20);
    await expect(
      page.getByRole('status').filter({ hasText: 'Limit reached: 20 characters' }),
    ).toHaveCount(1);
    const highlights = page.getByRole('textbox', { name: 'Highlights' });
    await highlights.fill('Keeps bees.');
    await expectCount(highlights, 11, 1000);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(avatarPicker(page).getByText('Avatar is required')).toBeVisible();
    await shoot(page, 'persona-create', testInfo.project.name);
  },
);

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
