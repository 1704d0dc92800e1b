/**
 * Autopilot and replies that speak for the user (issue 11, item 9): the AI writes the user's next turn
 * into the message box, guided by an intent, to edit and send (or stop, or discard); a reply that
 * writes the user's actions is marked and written again with one click.
 */
import { expect, test, type Page } from '@playwright/test';
import { slowReply } from './global-setup';
import { openSeededChatbot } from './product-db';

/** Replies (and autopilot drafts) end with this word (see global-setup.ts). */
const lastWord = 'story120';

async function chatWithOneReply(page: Page) {
  await openSeededChatbot(page, 'juno-okafor');
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello there!');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(lastWord);
}

test.describe('autopilot', () => {
  test(
    'writes my next turn from an intent; I edit it and send it',
    { tag: '@mobile' },
    async ({ page }) => {
      await chatWithOneReply(page);
      const box = page.getByRole('textbox', { name: 'Message' });
      const autopilot = page.getByRole('button', { name: 'Autopilot' });
      await expect(autopilot).toHaveAttribute('aria-expanded', 'false');
      await autopilot.click();
      await expect(autopilot).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByRole('form', { name: 'Autopilot' });
      const intent = panel.getByRole('textbox', { name: 'What should you do next? (optional)' });
      await expect(intent).toBeFocused();
      // The marker makes the draft stream slowly enough to see it read-only while it streams.
      await intent.fill(`I try to leave ${slowReply}`);
      await page.screenshot({ path: `/tmp/shots-auto/intent-${test.info().project.name}.png` });
      await panel.getByRole('button', { name: 'Write for me' }).click();
      await expect(panel).toBeHidden();

      // The draft streams into the message box, which is read-only meanwhile; Stop is offered.
      await expect(box).toHaveAttribute('readonly', '');
      await expect(box).toHaveValue(/story1/);
      await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-auto/streaming-${test.info().project.name}.png` });
      await expect(box).toHaveValue(new RegExp(`${lastWord}$`));
      await expect(box).not.toHaveAttribute('readonly', '');
      // Nothing was sent yet: the log still ends with the bot's reply.
      await expect(page.getByRole('log').locator('[data-role]').last()).toHaveAttribute(
        'data-role',
        'bot',
      );
      await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
      await page.screenshot({ path: `/tmp/shots-auto/draft-${test.info().project.name}.png` });

      await box.fill('*I wave goodbye and head for the door.*');
      await page.getByRole('button', { name: 'Send' }).click();
      const mine = page.getByRole('log').locator('[data-role="user"]').last();
      await expect(mine).toContainText('I wave goodbye and head for the door.');
      await expect(box).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Discard' })).toHaveCount(0);
      await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(
        lastWord,
      );
    },
  );

  test('stops a draft part-way and discards it', async ({ page }) => {
    await chatWithOneReply(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    await page.getByRole('button', { name: 'Autopilot' }).click();
    const intent = page.getByRole('textbox', { name: 'What should you do next? (optional)' });
    await intent.fill(slowReply);
    await page.getByRole('button', { name: 'Write for me' }).click();
    await expect(box).toHaveValue(/story3/);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(box).not.toHaveAttribute('readonly', '');
    await expect(box).toHaveValue(/^story1/);
    await expect(box).not.toHaveValue(new RegExp(lastWord));
    // The draft is kept for the box: a reload gives it back.
    const kept = await box.inputValue();
    await page.reload();
    await expect(box).toHaveValue(kept);
    await expect(page.getByRole('button', { name: 'Discard' })).toBeVisible();
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();
    // Discarded for good: a reload leaves the box empty.
    await page.reload();
    await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(lastWord);
    await expect(box).toHaveValue('');
  });
});

test.describe('the message box across a reload', () => {
  test('keeps what I typed, and a draft I edited as edited', async ({ page }) => {
    await chatWithOneReply(page);
    const box = page.getByRole('textbox', { name: 'Message' });
    const discard = page.getByRole('button', { name: 'Discard' });
    const lastBot = page.getByRole('log').locator('[data-role="bot"]').last();
    await box.fill('Half a thought');
    await page.reload();
    await expect(lastBot).toContainText(lastWord);
    await expect(box).toHaveValue('Half a thought');
    await expect(discard).toHaveCount(0);

    await page.getByRole('button', { name: 'Autopilot' }).click();
    await page.getByRole('button', { name: 'Write for me' }).click();
    await expect(box).toHaveValue(new RegExp(`^story1 .*${lastWord}$`));
    await expect(box).not.toHaveAttribute('readonly', '');
    await box.press('End');
    await box.pressSequentially(' And I smile.');
    const edited = await box.inputValue();
    expect(edited).toMatch(new RegExp(`${lastWord} And I smile\\.$`));

    await page.reload();
    await expect(lastBot).toContainText(lastWord);
    await expect(box).toHaveValue(edited);
    // Still the autopilot's draft, edited: Discard clears it.
    await expect(discard).toBeVisible();

    // The server let go of its unedited copy: without this browser's copy the box stays empty.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (key.startsWith('charchat:unsent:')) localStorage.removeItem(key);
      }
    });
    await page.reload();
    await expect(lastBot).toContainText(lastWord);
    await expect(box).toHaveValue('');

    // A message sent leaves nothing behind for the next reload.
    await box.fill('Another thought');
    await page.reload();
    await expect(box).toHaveValue('Another thought');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('log').locator('[data-role="user"]').last()).toContainText(
      'Another thought',
    );
    await page.reload();
    await expect(lastBot).toContainText(lastWord);
    await expect(box).toHaveValue('');
  });
});

test.describe('replies that speak for the user', () => {
  test('are marked, and written again with one click', async ({ page }) => {
    await chatWithOneReply(page);
    const reply = page.getByRole('log').locator('[data-role="bot"]').last();
    const notice = page.getByRole('note', { name: 'Reply speaks for you' });
    await expect(notice).toHaveCount(0);

    // The reply is made to narrate the user (as a model sometimes does).
    const actions = page.getByRole('toolbar', { name: 'Message actions' }).last();
    await actions.getByRole('button', { name: 'Edit' }).click();
    await page
      .getByRole('textbox', { name: 'Message text' })
      .fill('{{user}} nods and takes the key.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This reply writes your actions or words for you.');
    await page.screenshot({ path: `/tmp/shots-auto/speaks-${test.info().project.name}.png` });

    await notice.getByRole('button', { name: 'Write it again' }).click();
    await expect(reply).toContainText(lastWord);
    await expect(reply).not.toHaveAttribute('data-streaming', 'true');
    await expect(notice).toHaveCount(0);
    // The marked reply was kept as an alternative, as any regenerate keeps it.
    await expect(page.getByRole('toolbar', { name: 'Message actions' }).last()).toContainText(
      '2/2',
    );
  });
});
