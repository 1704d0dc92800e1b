/**
 * The chat at 390px (issue 11 polish, issue 28 §9): one header (the chat's own), the log keeping at
 * least 70% of the height in a chatbot's chat and 60% in a group's, the context meter folded into a
 * small control whose details open over the log, the 'Keep the chat rolling' strip on one line, and a
 * toast shown while picking a message above the pick bar instead of over its Cancel. Measured by the
 * boxes the elements take; on desktop the same journeys check the wide layout and take the same
 * screenshots.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { listLibrary } from '#shared/api/library';
import { newUnlistedGroup } from './product-db';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-groupclone');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not on screen');
  return box;
}

test(
  'the chat keeps most of the height for the log under one header, the strip keeps to one line, and a toast clears the pick bar',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    // A long journey: sign-in, a reply, the meter, the strip and a partial clone.
    test.setTimeout(120_000);
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

    // One header: at 390px the chat's own (the app's steps aside), on desktop both.
    const appHeader = page.getByRole('banner');
    if (isNarrow) await expect(appHeader).toBeHidden();
    else await expect(appHeader).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: character.name })).toBeVisible();

    // The log takes at least 70% of the height at 390px (issue 28 §9), the strip and meter shown.
    const viewport = page.viewportSize();
    if (viewport === null) throw new Error('no viewport');
    const logBox = await boxOf(log);
    testInfo.annotations.push({
      type: 'log height',
      description: `${String(Math.round(logBox.height))} of ${String(viewport.height)} px`,
    });
    if (isNarrow) expect(logBox.height / viewport.height).toBeGreaterThanOrEqual(0.7);

    // The context meter: at 390px a small control in the header whose details open over the log;
    // on desktop a bar under the header with what filled it.
    const meter = page.getByRole('group', { name: 'Context' });
    const count = meter.getByText(/^Context: [\d,]+ \/ [\d,]+ tokens$/);
    const note = meter.getByText(/^Used by /);
    if (isNarrow) {
      const details = meter.getByRole('button', { name: /^Context details: \d+%$/ });
      await expect(details).toBeVisible();
      const detailsBox = await boxOf(details);
      const headingBox = await boxOf(page.getByRole('heading', { level: 1 }));
      expect(detailsBox.width).toBeLessThan(viewport.width / 4);
      expect(
        Math.abs(detailsBox.y + detailsBox.height / 2 - (headingBox.y + headingBox.height / 2)),
      ).toBeLessThan(4);
      await expect(count).toBeHidden();
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(count).toBeVisible();
      await expect(note).toBeVisible();
      // Over the log, not pushing it down.
      expect((await boxOf(log)).height).toBe(logBox.height);
      await shoot(page, 'meter-details', project);
      await page.keyboard.press('Escape');
      await expect(note).toBeHidden();
      await expect(details).toBeFocused();
      await details.click();
      await expect(note).toBeVisible();
      await page.getByRole('textbox', { name: 'Message' }).click();
      await expect(note).toBeHidden();
    } else {
      await expect(count).toBeVisible();
      await expect(note).toBeVisible();
    }

    // The strip: every suggestion on one line, inside the screen.
    const strip = page.getByRole('region', { name: 'Keep the chat rolling' });
    const chips = strip.getByRole('button');
    await expect(chips).toHaveCount(3);
    const chipBoxes = await Promise.all((await chips.all()).map(boxOf));
    for (const box of chipBoxes) {
      expect(Math.abs(box.y - (chipBoxes[0]?.y ?? 0))).toBeLessThan(1);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
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

test(
  'a group chat keeps at least 60% of the height for the log under one header',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const project = testInfo.project.name;
    const isNarrow = project === 'mobile';
    const group = await newUnlistedGroup();
    await signInAsNewMember(page, 'narrowgrp', { name: 'Nia' });
    await page.goto(`/groupchat/${group.id}`);
    const log = page.getByRole('log');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, all of you.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="bot"]')).toHaveCount(2);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Turns' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Keep the chat rolling' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Context' })).toBeVisible();

    const appHeader = page.getByRole('banner');
    if (isNarrow) await expect(appHeader).toBeHidden();
    else await expect(appHeader).toBeVisible();
    // No footer under a chat that fills the screen.
    await expect(page.getByRole('contentinfo')).toBeHidden();
    const viewport = page.viewportSize();
    if (viewport === null) throw new Error('no viewport');
    const logBox = await boxOf(log);
    testInfo.annotations.push({
      type: 'log height',
      description: `${String(Math.round(logBox.height))} of ${String(viewport.height)} px`,
    });
    if (isNarrow) expect(logBox.height / viewport.height).toBeGreaterThanOrEqual(0.6);
    // The screen fits the viewport: nothing below it to scroll to.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
      viewport.height,
    );
    await shoot(page, 'group-chat-height', project);
  },
);

test(
  'the chat loads with its skeleton in place of the chat, not a lone spinner',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { items } = listLibrary.response.parse(
      await (
        await page.request.get('/api/library', { headers: { 'x-guest-id': randomUUID() } })
      ).json(),
    );
    const character = items[0];
    if (character === undefined) throw new Error('no character in the library');
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/characters/${character.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/chat/${character.id}/new`);
    const loading = page.getByRole('status', { name: 'Loading chat' });
    await expect(loading).toBeVisible();
    // The placeholder messages take the log's place: most of the screen, not a ring in the middle.
    const viewport = page.viewportSize();
    const box = await boxOf(loading);
    expect(box.height).toBeGreaterThan((viewport?.height ?? 0) / 2);
    await expect(page.getByRole('banner')).toBeVisible({
      visible: testInfo.project.name !== 'mobile',
    });
    await shoot(page, 'chat-skeleton', testInfo.project.name);
    release?.();
    await expect(page.getByRole('log')).toBeVisible();
    await expect(loading).toHaveCount(0);
  },
);
