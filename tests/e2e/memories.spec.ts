/**
 * Memories in the chat (issue 11 §7): a member with the Memory Manager writes a memory, pins it, sees
 * it in the exact prompt of the next reply and on the context meter, edits it and deletes it. The
 * member is made an admin in the database (as for the admin screens), which holds memory_manager and
 * may open a reply's prompt.
 */
import { expect, test, type Page } from '@playwright/test';
import { characterCards, makeAdmin, signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shots = '/tmp/shots-mem';

// Each journey waits for whole replies.
test.describe.configure({ timeout: 300_000 });
/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

const shoot = screenshotsIn(shots);

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log');
  await expect(log.locator('[data-role="user"]').last()).toContainText(text);
  await expect(log.locator('[data-role="bot"]').last()).toContainText(lastWord, {
    // A busy machine takes a while.
    timeout: 30_000,
  });
  await expect(log.locator('[data-role="bot"]').last()).not.toHaveAttribute(
    'data-streaming',
    'true',
  );
}

async function openManager(page: Page) {
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Manage Memories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Memory Manager' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test(
  'a member writes a memory, pins it, finds it in the prompt, edits and deletes it',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { email } = await signInAsNewMember(page, 'mem', { name: 'Mona' });
    await makeAdmin(email);
    // A page load refreshes the session, so the token carries the new role.
    await page.goto('/');
    await characterCards(page).first().click();
    await page.getByRole('link', { name: 'Chat Now' }).click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
    await send(page, 'Hello there.');
    await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);

    // New: written, unpinned at first.
    let dialog = await openManager(page);
    await expect(dialog.getByText('No memories yet.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'New memory' }).fill('Mona keeps a red umbrella.');
    await dialog.getByRole('button', { name: 'Add Memory' }).click();
    const list = dialog.getByRole('list', { name: 'Memories' });
    const item = list.getByRole('listitem', { name: 'Mona keeps a red umbrella.' });
    await expect(item).toBeVisible();
    await expect(item.getByText('Pinned')).toBeHidden();

    // Pin it.
    await item.getByRole('button', { name: 'Pin', exact: true }).click();
    await expect(item.getByText('Pinned', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Unpin' })).toBeVisible();
    await shoot(page, 'manager', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The next reply's prompt holds it; the meter counts it.
    await send(page, 'Do you remember my umbrella?');
    if (testInfo.project.name === 'mobile') {
      // At 390px the meter is a small control in the header; the count, what filled it and View
      // prompt open from it.
      await page.getByRole('button', { name: 'Context details' }).click();
    }
    await expect(page.getByText(/^Context: [\d,]+ \/ [\d,]+ tokens$/)).toBeVisible();
    await expect(page.getByText(/Used by definition [\d,]+, .*memories [1-9][\d,]*/)).toBeVisible();
    await page.getByRole('button', { name: 'View prompt' }).click();
    const prompt = page.getByRole('dialog', { name: 'Prompt of the last reply' });
    await expect(prompt.getByText(/Memories:\s+- Mona keeps a red umbrella\./)).toBeVisible();
    await shoot(page, 'prompt', testInfo.project.name);
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toBeHidden();

    // Edit, with Cancel first leaving it as it was.
    dialog = await openManager(page);
    const pinned = dialog.getByRole('listitem', { name: 'Mona keeps a red umbrella.' });
    await pinned.getByRole('button', { name: 'Edit' }).click();
    const edit = pinned.getByRole('textbox', { name: 'Edit memory' });
    await edit.fill('');
    await pinned.getByRole('button', { name: 'Save' }).click();
    await expect(pinned.getByRole('alert')).toHaveText("Memory can't be empty");
    await edit.fill('Mona keeps a blue umbrella.');
    await pinned.getByRole('button', { name: 'Save' }).click();
    const edited = dialog.getByRole('listitem', { name: 'Mona keeps a blue umbrella.' });
    await expect(edited).toBeVisible();
    await expect(edited.getByText('Pinned', { exact: true })).toBeVisible();
    await shoot(page, 'edited', testInfo.project.name);

    // Delete it; then Delete All has nothing left to delete.
    await edited.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByText('No memories yet.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Delete All' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Reopened, it stays deleted.
    dialog = await openManager(page);
    await expect(dialog.getByText('No memories yet.')).toBeVisible();
  },
);

test('a member writes two memories and deletes all of them', async ({ page }) => {
  const { email } = await signInAsNewMember(page, 'mem-all', { name: 'Alba' });
  await makeAdmin(email);
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await send(page, 'Hi.');
  const dialog = await openManager(page);
  for (const text of ['Alba is a pilot.', 'Alba fears heights.']) {
    await dialog.getByRole('textbox', { name: 'New memory' }).fill(text);
    await dialog.getByRole('button', { name: 'Add Memory' }).click();
    await expect(dialog.getByRole('listitem', { name: text })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Delete All' }).click();
  const confirm = dialog.getByRole('group', { name: 'Delete all memories?' });
  await confirm.getByRole('button', { name: 'Delete All' }).click();
  await expect(dialog.getByText('No memories yet.')).toBeVisible();
});

test('a free member is offered the plans instead of the Memory Manager', async ({
  page,
}, testInfo) => {
  await signInAsNewMember(page, 'mem-free', { name: 'Fern' });
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await send(page, 'Hi.');
  const dialog = await openManager(page);
  await expect(dialog.getByText(/Memory Manager comes with/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
  await shoot(page, 'upsell', testInfo.project.name);
});
