/**
 * Creating a group at 390 px and 1280 px, light and dark (issue 28 §8): the form is laid out as the
 * chatbot editor is (one framed column), its tags are chips under their note, Add Members asks nothing
 * while nothing is saved, and the member picker's count and Done stay in reach however long the list.
 */
import { expect, test } from '@playwright/test';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-forms');

test(
  'the group form reads like the chatbot editor, and the picker keeps Done in reach',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await signInAsNewMember(page, 'gcreate', { name: 'Gale', path: '/groupchat/create' });
    await expect(page.getByRole('heading', { name: 'Create Group', level: 1 })).toBeVisible();

    // The same column as the chatbot editor's.
    const groupBox = await page.getByRole('group', { name: 'Group' }).boundingBox();
    await page.goto('/chatbot/create');
    const chatbotBox = await page.getByRole('group', { name: 'Chatbot' }).boundingBox();
    expect(groupBox?.x).toBe(chatbotBox?.x);
    expect(groupBox?.width).toBe(chatbotBox?.width);
    await page.goto('/groupchat/create');

    // Tags are chips, under the note that says what they are for.
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await expect(tags).toHaveAccessibleDescription(
      /Tags help people find your group in the library\. Up to 10 tags; public groups need at least 1\./,
    );
    await tags.fill('Tavern');
    await tags.press('Enter');
    await tags.fill('Fantasy');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const chips = page.getByRole('list', { name: 'Chosen tags' });
    await expect(chips.getByRole('listitem')).toHaveText(['Tavern×', 'Fantasy×']);
    await chips.getByRole('button', { name: 'Remove tag Tavern' }).click();
    await expect(chips.getByRole('listitem')).toHaveText(['Fantasy×']);
    await page.getByRole('textbox', { name: 'Name' }).fill('The Crew');
    await shoot(page, 'group-form', testInfo.project.name);

    // Nothing saved yet: no question before the picker.
    await page.getByRole('button', { name: 'Add Members' }).click();
    await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The list runs past the screen, and Done stays on it wherever it is scrolled.
    const rows = page.getByRole('list', { name: 'Chatbots' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    await expect(rows.last()).not.toBeInViewport();
    const done = page.getByRole('button', { name: 'Done' });
    await expect(done).toBeInViewport();
    await rows.nth(0).getByRole('button', { name: /^Add / }).click();
    await rows.nth(1).getByRole('button', { name: /^Add / }).click();
    await expect(
      page.getByRole('status').filter({ hasText: '2 of 10 chatbots selected' }),
    ).toBeInViewport();
    await shoot(page, 'group-picker', testInfo.project.name);
    await rows.last().scrollIntoViewIfNeeded();
    await expect(done).toBeInViewport();
    await rows.last().getByRole('button', { name: /^Add / }).click();
    await expect(page.getByText('3 of 10 chatbots selected')).toBeInViewport();
    await done.click();

    // Back on the form as it was, with the three.
    await expect(page).toHaveURL(/\/groupchat\/create$/);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('The Crew');
    await expect(page.getByRole('heading', { name: 'Chatbots (3/10)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText('Fantasy');
  },
);
