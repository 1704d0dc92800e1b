/**
 * A chat of 10,000 messages in Chromium (issue 11 part 8): it opens at its newest message, scrolling up
 * loads earlier pages while the message being read stays where it was, the messages come in order with
 * no gaps or duplicates, and the page holds only the rows near the viewport. The conversation is
 * stored straight in the product's database, so no reply has to be generated.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from '@playwright/test';
import { createDb } from '#server/db/database';
import * as users from '#server/db/repositories/users.repo';
import { createCharacter } from '../support/factories';
import { createLongConversation } from '../../testkit/long-conversation';
import { e2eDatabaseUrl } from './global-setup';

const total = 10_000;
const pageSize = 30;
/** More rows than this in the page means the list renders what is off screen. */
const maxRenderedRows = 60;

async function storeLongChat(guestId: string) {
  const db = createDb(e2eDatabaseUrl(), 2);
  try {
    const guest = await users.upsertGuest(db, guestId);
    const characterId = await createCharacter(db, { name: 'Chatterbox' });
    const chat = await createLongConversation(db, { userId: guest.id, characterId, count: total });
    return { characterId, conversationId: chat.conversationId };
  } finally {
    await db.destroy();
  }
}

/** The message numbers rendered in the log, checked to be one run without gaps or repeats. */
async function renderedRun(log: Locator): Promise<number[]> {
  const texts = await log.locator('[data-role]').allTextContents();
  const numbers = texts.map((t) => Number(/^Message (\d+)$/.exec(t.trim())?.[1] ?? Number.NaN));
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers.length).toBeLessThanOrEqual(maxRenderedRows);
  numbers.forEach((n, i) => {
    expect(n).toBe(i === 0 ? n : (numbers[i - 1] ?? Number.NaN) + 1);
  });
  return numbers;
}

test(
  'a 10,000-message chat opens at its end, pages back in order and renders only what is near',
  { tag: '@mobile' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const guestId = randomUUID();
    const { characterId, conversationId } = await storeLongChat(guestId);
    await page.addInitScript((id) => {
      window.localStorage.setItem('charchat.guestId', id);
    }, guestId);
    await page.goto(`/chat/${characterId}/${conversationId}`);

    const log = page.getByRole('log', { name: 'Chat with Chatterbox' });
    // The first load waits for the caller's place in line (the e2e server runs the waiting room).
    await expect(log.locator('[data-role]').last()).toHaveText(`Message ${String(total - 1)}`, {
      timeout: 45_000,
    });
    await expect(log.locator('[data-role]').last()).toBeInViewport();
    const seen = new Set(await renderedRun(log));

    // Up to the top of what is loaded, four times: each time the page before arrives, and the message
    // that was at the top stays at the same place on screen. Earlier pages answer only once the test has read the screen, so it sees the place before and after.
    const held: (() => void)[] = [];
    let allowed = 0;
    const release = () => {
      const next = held.shift();
      if (next === undefined) allowed += 1;
      else next();
    };
    await page.route(/\/messages\?.*before=/, async (route) => {
      if (allowed > 0) allowed -= 1;
      else await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    for (let p = 0; p < 4; p++) {
      await log.evaluate((el) => {
        el.scrollTop = 0;
      });
      await expect(log).toHaveAttribute('aria-busy', 'true');
      // The first message on screen, and where it is.
      const top = await log.evaluate((el) => {
        const view = el.getBoundingClientRect();
        const row = [...el.querySelectorAll('[data-role]')].find(
          (b) => b.getBoundingClientRect().bottom > view.top,
        );
        return { text: row?.textContent ?? '', y: row?.getBoundingClientRect().top ?? Number.NaN };
      });
      const n = Number(/^Message (\d+)$/.exec(top.text)?.[1] ?? Number.NaN);
      expect(n).toBeGreaterThan(0);
      release();
      await expect(log.getByText(`Message ${String(n - 1)}`, { exact: true })).toBeAttached();
      await expect(log).toHaveAttribute('aria-busy', 'false');
      const row = log.locator('[data-role]').filter({ hasText: new RegExp(`^${top.text}$`) });
      // Within a line: the reader keeps their place (without anchoring it would move by a page).
      await expect
        .poll(async () => Math.abs(((await row.boundingBox())?.y ?? Number.NaN) - top.y))
        .toBeLessThanOrEqual(24);
      for (const m of await renderedRun(log)) seen.add(m);
    }
    const oldest = Math.min(...seen);
    expect(oldest).toBeLessThanOrEqual(total - 4 * pageSize);

    // Back down to the newest, a screenful at a time: every message between appears once, in order.
    for (let step = 0; step < 200; step++) {
      const isAtBottom = await log.evaluate((el) => {
        el.scrollTop += el.clientHeight * 0.7;
        return el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      for (const n of await renderedRun(log)) seen.add(n);
      if (isAtBottom) break;
    }
    const numbers = [...seen].sort((a, b) => a - b);
    expect(numbers[0]).toBe(oldest);
    expect(numbers).toEqual(
      Array.from({ length: numbers.length }, (_, i) => (numbers[0] ?? 0) + i),
    );
    expect(numbers.at(-1)).toBe(total - 1);
    // The whole log, not only the bubbles, stays small.
    expect(await log.evaluate((el) => el.querySelectorAll('*').length)).toBeLessThan(2_500);
  },
);
