/**
 * The chat at 390px (issue 11 polish): the context meter keeps to one line (the rest one Details press
 * away), the 'Keep the chat rolling' strip keeps to one line, and a toast shown while picking a message
 * sits above the pick bar instead of over its Cancel. Measured by the boxes the elements take; on
 * desktop the same journey checks the wide layout and takes the same screenshots.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { listLibrary } from '#shared/api/library';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-groupclone');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return box;
}

test(
  'the context meter and the Keep the chat rolling strip keep to one line, and a toast clears the pick bar',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const isNarrow = project === 'mobile';
    await signInAsNewMember(page, 'narrow', { name: 'Nia' });
    const { items } = listLibrary.response.parse(
      await (
        await page.request.get('/api/library', { headers: { 'x-guest-id': randomUUID() } })
      ).json(),
    );
    const character = items[0];
    if (character === undefined) throw new Error('no character in the library');

    await page.goto(`/chat/${character.id}/new`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Tell me about the harbour.');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await expect(log.locator('[data-role="bot"]').last()).toContainText('story120');

    // The context meter: one line at 390px, what filled it behind Details; two lines on desktop.
    const meter = page.getByRole('group', { name: 'Context' });
    const count = meter.getByText(/^Context: [\d,]+ \/ [\d,]+ tokens$/);
    await expect(count).toBeVisible();
    const note = meter.getByText(/^Used by /);
    if (isNarrow) {
      await expect(note).toBeHidden();
      const countBox = await boxOf(count);
      expect((await boxOf(meter)).height).toBeLessThan(countBox.height * 2);
      const details = meter.getByRole('button', { name: 'Context details' });
      expect(Math.abs((await boxOf(details)).y - countBox.y)).toBeLessThan(countBox.height);
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(note).toBeVisible();
      await shoot(page, 'meter-details', project);
      await details.click();
      await expect(note).toBeHidden();
    } else {
      await expect(note).toBeVisible();
    }

    // The strip: every suggestion on one line, inside the screen.
    const strip = page.getByRole('region', { name: 'Keep the chat rolling' });
    const chips = strip.getByRole('button');
    await expect(chips).toHaveCount(3);
    const chipBoxes = await Promise.all((await chips.all()).map(boxOf));
    const viewport = page.viewportSize();
    for (const box of chipBoxes) {
      expect(Math.abs(box.y - (chipBoxes[0]?.y ?? 0))).toBeLessThan(1);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport?.width ?? 0);
    }
    expect((await boxOf(strip)).height).toBeLessThan((chipBoxes[0]?.height ?? 0) * 2);
    await shoot(page, 'chat-lines', project);

    // Clone Partially whose clone fails: the toast shows above the pick bar, clear of Cancel.
    await page.route('**/api/conversations/*/clone', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }),
      }),
    );
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Clone Conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clone Conversation' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Harbour');
    await dialog.getByRole('button', { name: 'Clone Partially' }).click();
    const bar = page.getByRole('region', { name: 'Pick the last message to clone' });
    await page.getByRole('radio', { name: /^Your message: Tell me about the harbour/ }).check();
    await bar.getByRole('button', { name: 'Clone' }).click();
    const toast = page
      .getByRole('status')
      .getByText('Could not clone the conversation. Please try again.');
    await expect(toast).toBeVisible();
    const toastBox = await boxOf(toast);
    const barBox = await boxOf(bar);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y + 1);
    const cancel = bar.getByRole('button', { name: 'Cancel' });
    const cancelBox = await boxOf(cancel);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(cancelBox.y);
    await shoot(page, 'pick-toast', project);
    await cancel.click();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  },
);
