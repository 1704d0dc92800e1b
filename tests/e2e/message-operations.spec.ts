import { expect, test, type Page } from '@playwright/test';
import { characterCards } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('test-results/screenshots/message-operations');

/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

async function openNewChat(page: Page) {
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
}

test.describe('message operations', () => {
  test(
    'regenerates, browses with the arrow keys, edits and removes from a message',
    { tag: '@mobile' },
    async ({ page }) => {
      test.setTimeout(150_000);
      await openNewChat(page);
      const log = page.getByRole('log');
      await page.getByRole('textbox', { name: 'Message' }).fill('Tell me a story, please.');
      await page.getByRole('button', { name: 'Send' }).click();
      const reply = log.locator('[data-role="bot"]').last();
      await expect(reply).toContainText(lastWord);
      // The strip's title is for screen readers only at 390px, so it is found by its name.
      await expect(page.getByRole('region', { name: 'Keep the chat rolling' })).toBeVisible();
      // Screen readers hear the finished reply once, from a polite status; the log is not live.
      await expect(log).toHaveAttribute('aria-live', 'off');
      const announced = page.getByRole('status').filter({ hasText: / replied: / });
      await expect(announced).toHaveAttribute('aria-live', 'polite');
      await expect(announced).toContainText(lastWord);
      await page.screenshot({ path: `/tmp/shots-polish/actions-${test.info().project.name}.png` });

      // Regenerate: the old reply becomes an alternative, browsable as 1/2 and 2/2. No button moves
      // across when the pager arrives: a second click there regenerates again, never reports.
      const counter = page.getByRole('toolbar', { name: 'Message actions' }).last();
      const xOf = async (name: string) =>
        (await counter.getByRole('button', { name, exact: true }).boundingBox())?.x;
      const before = { regenerate: await xOf('Regenerate'), report: await xOf('Report') };
      await shoot(page, 'actions', test.info().project.name);
      await page.getByRole('button', { name: 'Regenerate' }).click();
      await expect(counter).toContainText('2/2');
      await expect(reply).not.toHaveAttribute('data-streaming', 'true');
      expect({ regenerate: await xOf('Regenerate'), report: await xOf('Report') }).toEqual(before);
      await shoot(page, 'actions-regenerated', test.info().project.name);
      await expect(reply).toContainText(lastWord);
      await expect(reply).not.toHaveAttribute('data-streaming', 'true');
      await page.locator('body').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('ArrowLeft');
      await expect(counter).toContainText('1/2');
      // The alternative on screen is the one rated, and it shows its rating at once.
      await counter.getByRole('button', { name: 'Rate', exact: true }).click();
      const rate = page.getByRole('dialog', { name: 'Rate this message' });
      await rate.getByRole('radio', { name: /Great/ }).click();
      await rate.getByRole('button', { name: 'Submit' }).click();
      await expect(rate).toBeHidden();
      await expect(counter).toContainText('Rated Great');
      // Not while typing in the message box.
      await page.getByRole('textbox', { name: 'Message' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(counter).toContainText('1/2');
      await page.getByRole('button', { name: 'Next alternative' }).click();
      await expect(counter).toContainText('2/2');
      await expect(counter).not.toContainText('Rated');

      // Edit the user's message: Cancel keeps it, Save changes it (and it stays after a reload).
      const mine = log.locator('[data-role="user"]').last();
      const mineActions = page.getByRole('toolbar', { name: 'Message actions' }).nth(1);
      await mineActions.getByRole('button', { name: 'Edit' }).click();
      // The editor is as wide as the chat's column, however short the message (issue 28 §14).
      const editor = page.getByRole('textbox', { name: 'Message text' });
      const [editorBox, rowBox] = await Promise.all([
        editor.boundingBox(),
        mine.locator('xpath=../..').boundingBox(),
      ]);
      expect(editorBox?.width ?? 0).toBeGreaterThanOrEqual((rowBox?.width ?? 0) * 0.9);
      await shoot(page, 'editor', test.info().project.name);
      await editor.fill('Changed my mind.');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(mine).toContainText('Tell me a story, please.');
      await mineActions.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: 'Message text' }).fill('Tell me a **short** story.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(mine.locator('strong')).toHaveText('short');
      await page.reload();
      await expect(page.getByRole('log').locator('[data-role="user"]')).toContainText(
        'Tell me a short story.',
      );
      await expect(reply).toContainText(lastWord);

      // Save and send on the message the last reply answers: saved, and answered anew (3 versions).
      await mineActions.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: 'Message text' }).fill('Tell me a long story.');
      await shoot(page, 'save-and-send', test.info().project.name);
      await page.getByRole('button', { name: 'Save and send' }).click();
      await expect(mine).toContainText('Tell me a long story.');
      await expect(counter).toContainText('3/3');
      await expect(reply).not.toHaveAttribute('data-streaming', 'true');

      // Delete the reply alone, after a confirm: the user's message is left unanswered.
      await counter.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Message' });
      await expect(confirm).toContainText('Delete this message and every reply after it?');
      await shoot(page, 'delete-confirm', test.info().project.name);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('log').locator('[data-role="bot"]')).toHaveCount(2);
      await counter.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('log').locator('[data-role="bot"]')).toHaveCount(1);
      // Save and send on the unanswered last message asks for its reply.
      const lastMine = page.getByRole('toolbar', { name: 'Message actions' }).last();
      await lastMine.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('textbox', { name: 'Message text' }).fill('Tell me a short story.');
      await page.getByRole('button', { name: 'Save and send' }).click();
      await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(
        lastWord,
      );

      // Remove from the user's message: it and the reply go, the greeting stays.
      await page.getByRole('button', { name: 'Chat options' }).click();
      await page.getByRole('menuitem', { name: 'Remove Messages' }).click();
      const remove = page.getByRole('region', { name: 'Remove messages' });
      await expect(remove.getByRole('button', { name: 'Remove' })).toBeDisabled();
      await page.getByRole('radio', { name: /^Your message: Tell me a/ }).check();
      await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toHaveCSS(
        'opacity',
        '0.55',
      );
      await remove.getByRole('button', { name: 'Remove' }).click();
      await expect(remove).toBeHidden();
      await expect(page.getByRole('log').locator('[data-role]')).toHaveCount(1);
      await page.reload();
      await expect(page.getByRole('log').locator('[data-role]')).toHaveCount(1);
    },
  );

  test(
    'Continue appends to the same reply, streamed into it',
    { tag: '@mobile' },
    async ({ page }) => {
      await openNewChat(page);
      const log = page.getByRole('log');
      await page.getByRole('textbox', { name: 'Message' }).fill('Begin a tale.');
      await page.getByRole('button', { name: 'Send' }).click();
      const reply = log.locator('[data-role="bot"]').last();
      await expect(reply).toContainText(lastWord);

      const actions = page.getByRole('toolbar', { name: 'Message actions' }).last();
      await actions.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(reply).toContainText(`${lastWord} story1 story2`);
      await expect(reply).not.toHaveAttribute('data-streaming', 'true');
      await expect(log.locator('[data-streaming="true"]')).toHaveCount(0);
      await shoot(page, 'continued', test.info().project.name);
      // Stored so: a reload shows the one longer reply.
      await page.reload();
      await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(
        `${lastWord} story1 story2`,
      );
    },
  );

  test('rates a reply once and reports a message', { tag: '@mobile' }, async ({ page }) => {
    await openNewChat(page);
    const botName = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
    const log = page.getByRole('log');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="bot"]').last()).toContainText(lastWord);

    const last = page.getByRole('toolbar', { name: 'Message actions' }).last();
    await last.getByRole('button', { name: 'Rate', exact: true }).click();
    const rate = page.getByRole('dialog', { name: 'Rate this message' });
    await rate.getByRole('radio', { name: /Great/ }).click();
    await rate.getByRole('checkbox', { name: 'Funny' }).check();
    await page.screenshot({ path: `/tmp/shots-msgs/rate-${test.info().project.name}.png` });
    await rate.getByRole('button', { name: 'Submit' }).click();
    await expect(rate).toBeHidden();
    await expect(last).toContainText('Rated Great');
    await expect(last.getByRole('button', { name: 'Rate', exact: true })).toHaveCount(0);
    await page.screenshot({ path: `/tmp/shots-msgs/rated-${test.info().project.name}.png` });

    await last.getByRole('button', { name: 'Report', exact: true }).click();
    const report = page.getByRole('dialog', { name: 'Report message' });
    // The report names the bot and quotes the message (issue 28 §10).
    const reported = report.getByRole('figure', { name: 'Reported message' });
    await expect(reported).toContainText(`A message from ${botName.trim()}`);
    await expect(reported).toContainText('story1 story2');
    // A long reply is quoted in part.
    await expect(reported).toContainText('…');
    await screenshotsIn('/tmp/shots-forms')(page, 'report-message', test.info().project.name);
    await report.getByLabel('Reason').selectOption('Spam or scam');
    await report.getByLabel('Comment (optional)').fill('Advertising.');
    await report.getByRole('button', { name: 'Report' }).click();
    await expect(report.getByRole('status')).toHaveText('Report submitted successfully');
    await report.getByRole('button', { name: 'Close' }).click();
  });
});
