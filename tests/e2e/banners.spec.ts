/**
 * Banners and ads (issue 25 items 2 and 7), against a product of its own (its banners would otherwise
 * show on every other journey's screens; ads after 3 messages, a snippet that reports what it can
 * reach). A guest sees home's popup, follows its action (the popup closes and stays closed), sees the
 * top, bottom and inline banners, closes the top one and finds it still closed after navigating; an
 * admin's text shows as text, never as markup. A free member sees no ad until the chat exceeds the
 * threshold, then the upsell and the ad in a sandboxed frame that cannot reach the page, its storage or
 * its cookies; the same member on a paying tier sees neither.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import pg from 'pg';
import { redisKeys } from '#server/lib/redis-keys';
import { createRedis } from '#server/lib/redis';
import { startWireServer, words, type WireServer } from '../../testkit/openai-wire-server';
import { freePort, startProcess, type Child } from '../../testkit/processes';
import { adminUrl, dropDatabase, localRedis, redisUrl, testDatabaseUrl } from '../support/services';
import { e2eSmtpUrl } from './global-setup';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-banners');
const snippet = `<p id="ad" style="font:16px sans-serif;margin:8px">Sponsored: Moonlight Tea</p>
<script>
var checks = [];
try { void parent.document.title; checks.push('page:open'); } catch (e) { checks.push('page:blocked'); }
try { void localStorage.length; checks.push('storage:open'); } catch (e) { checks.push('storage:blocked'); }
try { void document.cookie; checks.push('cookies:open'); } catch (e) { checks.push('cookies:blocked'); }
document.getElementById('ad').setAttribute('data-checks', checks.join(' '));
</script>`;

let wire: WireServer | undefined;
let product: Child | undefined;
let database = '';
let baseURL = '';
let prefix = '';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(database) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const style = (color: string, size = 'md', weight = 'regular') => ({ color, size, weight });

/** Stores a banner as an admin's save would (the admin screens have their own journey). */
async function addBanner(fields: {
  placement: string;
  screens: string[];
  title: string;
  description?: string;
  closable?: boolean;
  action?: { label: string; path: string };
  startsAt?: string;
  endsAt?: string;
  backgroundColor?: string;
}): Promise<void> {
  const content = {
    title: fields.title,
    titleStyle: style('#ffffff', 'lg', 'bold'),
    description: fields.description ?? '',
    descriptionStyle: style('#f3f1fa'),
    backgroundColor: fields.backgroundColor ?? '#5b3fd6',
    backgroundImageUrl: null,
    additionalImageUrl: null,
    contentPlacement: 'center',
    actions:
      fields.action === undefined
        ? []
        : [
            {
              label: fields.action.label,
              font: { size: 'md', weight: 'bold' },
              textColor: '#1c1a29',
              backgroundColor: '#ffd166',
              shape: 'pill',
              placement: 'center',
              navigation: { type: 'internal', path: fields.action.path },
            },
          ],
  };
  await sql(
    `insert into banners (name, placement, screens, platforms, content, closable, transition_ms,
       starts_at, ends_at)
     values ($1, $2, $3, '{web}', $4, $5, 150, $6, $7)`,
    [
      fields.title,
      fields.placement,
      fields.screens,
      JSON.stringify(content),
      fields.closable ?? true,
      fields.startsAt ?? null,
      fields.endsAt ?? null,
    ],
  );
}

test.beforeAll(async () => {
  const run = randomBytes(4).toString('hex');
  database = `charchat_e2e_bn_${run}`;
  prefix = `e2e-bn-${run}:`;
  wire = await startWireServer({
    tokens: words(3, 'line'),
    firstTokenDelayMs: 20,
    tokenDelayMs: 5,
  });
  const snippetFile = path.join(mkdtempSync(path.join(tmpdir(), 'ads-')), 'snippet.html');
  writeFileSync(snippetFile, snippet);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${String(port)}`;
  product = await startProcess(
    'scripts/start.ts',
    {
      PORT: String(port),
      DATABASE_URL: testDatabaseUrl(database),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      LOG_LEVEL: 'warn',
      SMTP_URL: e2eSmtpUrl(),
      SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000',
      PUBLIC_URL: baseURL,
      AD_AFTER_MESSAGES: '3',
      ADS_SNIPPET_FILE: snippetFile,
    },
    /is running at/,
    180_000,
  );
  const hour = 3_600_000;
  await addBanner({
    placement: 'popup',
    screens: ['home'],
    title: 'Black Friday: up to 40% off',
    description: 'Every plan, this week only.',
    action: { label: 'See the deals', path: '/subscribe' },
  });
  await addBanner({
    placement: 'top',
    screens: ['home'],
    title: 'New: group chats',
    description: 'Bring several characters into one conversation.',
  });
  await addBanner({
    placement: 'bottom',
    screens: ['home', 'chat'],
    title: 'Get the app',
    description: 'Chat on the go.',
    backgroundColor: '#1f6f5c',
  });
  await addBanner({
    placement: 'inline',
    screens: ['home'],
    title: '<img src=x onerror="window.__bannerXss=1">Birthday sale',
    description: '<b>$0.99</b> for your first month',
    closable: false,
    backgroundColor: '#8a2be2',
  });
  // Outside its window: never shown, although it is the newest top banner.
  await addBanner({
    placement: 'top',
    screens: ['home'],
    title: 'Valentine promotion',
    startsAt: '2025-02-13T21:01:00Z',
    endsAt: '2025-02-15T07:59:00Z',
  });
  await addBanner({
    placement: 'inline',
    screens: ['home'],
    title: 'Coming soon',
    startsAt: new Date(Date.now() + hour).toISOString(),
  });
});

test.afterAll(async () => {
  await product?.stop();
  await wire?.close();
  if (database !== '') await dropDatabase(adminUrl(), database);
});

/** A fresh browser with this project's screen (desktop or 390 px) on the product of this spec. */
async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, userAgent } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent });
  return context.newPage();
}

test('a guest sees each placement, follows the popup and keeps a closed banner closed @mobile', async ({
  browser,
}, testInfo) => {
  const page = await newPage(browser, testInfo);
  const project = testInfo.project.name;
  await page.goto('/');

  // The popup is a dialog with focus inside; its action closes it and goes where it says.
  const popup = page.getByRole('dialog', { name: 'Black Friday: up to 40% off' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Every plan, this week only.');
  await expect(popup.getByRole('link', { name: 'See the deals' })).toBeVisible();
  await shoot(page, 'popup', project);
  await popup.getByRole('link', { name: 'See the deals' }).click();
  await expect(popup).toBeHidden();
  await expect(page).toHaveURL(/\/subscribe$/);

  // Back home: the popup stays closed; top, bottom and inline show; out-of-window ones never do.
  await page.getByRole('link', { name: 'CharChat home' }).click();
  const top = page.getByRole('region', { name: 'New: group chats' });
  const bottom = page.getByRole('region', { name: 'Get the app' });
  const inline = page.getByRole('region', { name: /Birthday sale/ });
  await expect(top).toBeVisible();
  await expect(bottom).toBeVisible();
  await expect(inline).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Valentine promotion')).toHaveCount(0);
  await expect(page.getByText('Coming soon')).toHaveCount(0);
  // An admin's markup is text: shown as typed, never run.
  await expect(inline).toContainText('<img src=x onerror="window.__bannerXss=1">Birthday sale');
  await expect(inline).toContainText('<b>$0.99</b> for your first month');
  expect(await page.evaluate(() => 'bannerXss' in window || '__bannerXss' in window)).toBe(false);
  await expect(inline.getByRole('button', { name: /Close banner/ })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Characters' }).getByRole('link').first(),
  ).toBeVisible();
  await shoot(page, 'home', project);

  // Close the top banner by keyboard; it stays closed across navigation in this session.
  await top.getByRole('button', { name: 'Close banner: New: group chats' }).focus();
  await page.keyboard.press('Enter');
  await expect(top).toBeHidden();
  await page.getByRole('link', { name: 'Chats', exact: true }).first().click();
  await expect(page).toHaveURL(/\/chats$/);
  await page.getByRole('link', { name: 'CharChat home' }).click();
  await expect(bottom).toBeVisible();
  await expect(top).toBeHidden();
  await page.reload();
  await expect(bottom).toBeVisible();
  await expect(top).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new session (another tab's storage is its own) sees them again.
  const fresh = await newPage(browser, testInfo);
  await fresh.goto('/');
  await expect(fresh.getByRole('dialog', { name: 'Black Friday: up to 40% off' })).toBeVisible();
  await fresh.keyboard.press('Escape');
  await expect(fresh.getByRole('region', { name: 'New: group chats' })).toBeVisible();
  await fresh.context().close();
  await page.context().close();
});

/** Sends `text` and waits for the reply: `replies` is how many replies (not the greeting) the chat holds. */
async function send(page: Page, text: string, replies: number) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  const log = page.getByRole('log');
  await expect(log.locator('[data-role="user"]').last()).toContainText(text);
  await expect(log.locator('[data-role="bot"]', { hasText: 'line3' })).toHaveCount(replies);
}

test('a free member sees the ad slot after the threshold; a paying one never does @mobile', async ({
  browser,
}, testInfo) => {
  const page = await newPage(browser, testInfo);
  const project = testInfo.project.name;
  const { email } = await signInAsNewMember(page, 'ads', { path: '/chats' });
  const [character] = await sql<{ id: string }>(
    "select id from characters where visibility = 'public' and type = 'standard' order by name limit 1",
    [],
  );
  await page.goto(`/chat/${character?.id ?? 'missing'}`);
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);
  const slot = page.getByRole('complementary', { name: 'Advertisement' });

  // The greeting and one exchange are not more than 3 messages: no ad yet; the next exchange is.
  await send(page, 'Hello there.', 1);
  await expect(slot).toHaveCount(0);
  await send(page, 'Tell me more.', 2);
  await expect(slot).toBeVisible();
  await expect(slot.getByRole('note', { name: 'Ad-free upsell' })).toContainText(
    'Enjoy every chat without ads.',
  );
  await expect(slot.getByRole('link', { name: 'Go Ad-Free' })).toHaveAttribute(
    'href',
    '/subscribe',
  );

  // The frame is sandboxed without allow-same-origin and holds the snippet, which runs but reaches
  // neither the page, nor its storage, nor its cookies.
  const frame = slot.locator('iframe[title="Advertisement"]');
  const sandbox = (await frame.getAttribute('sandbox')) ?? '';
  expect(sandbox.split(/\s+/)).toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  expect(await frame.getAttribute('srcdoc')).toContain('Sponsored: Moonlight Tea');
  const ad = page.frameLocator('iframe[title="Advertisement"]').locator('#ad');
  await expect(ad).toHaveText('Sponsored: Moonlight Tea');
  await expect(ad).toHaveAttribute('data-checks', 'page:blocked storage:blocked cookies:blocked');
  // The chat leaves room for its bottom banner: the message box stays on screen.
  await expect(page.getByRole('region', { name: 'Get the app' })).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
  await slot.scrollIntoViewIfNeeded();
  await shoot(page, 'chat-ad', project);

  // The same member on a paying tier: no slot and no upsell.
  const [member] = await sql<{ id: string }>(
    "update users set role = 'paid_minimal' where email = $1 returning id",
    [email],
  );
  const redis = createRedis(localRedis, 'command');
  try {
    await redis.del(redisKeys(prefix).restrictions(member?.id ?? ''));
  } finally {
    await redis.quit();
  }
  await page.reload();
  await expect(
    page.getByRole('log').locator('[data-role="bot"]', { hasText: 'line3' }),
  ).toHaveCount(2);
  await expect(slot).toHaveCount(0);
  await expect(page.getByText('Enjoy every chat without ads.')).toHaveCount(0);
  await page.context().close();
});

test('an admin lists, creates and deletes banners; a member may not @mobile', async ({
  browser,
}, testInfo) => {
  const page = await newPage(browser, testInfo);
  const project = testInfo.project.name;
  const { email } = await signInAsNewMember(page, 'banad', { path: '/chats' });

  // Not an admin yet: the banner screens answer 403.
  await page.goto('/admin/banners');
  await expect(page.getByRole('heading', { name: /Access Denied/, level: 1 })).toBeVisible();

  const [admin] = await sql<{ id: string }>(
    "update users set role = 'admin' where email = $1 returning id",
    [email],
  );
  const redis = createRedis(localRedis, 'command');
  try {
    await redis.del(redisKeys(prefix).restrictions(admin?.id ?? ''));
  } finally {
    await redis.quit();
  }
  // A page load refreshes the session, so the token carries the admin role.
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Banners' });
  await expect(list.getByRole('link', { name: 'Valentine promotion', exact: true })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Valentine promotion' })).toContainText(
    'Ended',
  );
  await expect(list.getByRole('listitem').filter({ hasText: 'Coming soon' })).toContainText(
    'Scheduled',
  );
  await shoot(page, 'admin-list', project);

  // A banner without a name or any text is refused under its fields, nothing sent.
  await page.getByRole('link', { name: 'New banner' }).click();
  await expect(page.getByRole('heading', { name: 'New banner', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create banner' }).click();
  const name = page.getByRole('textbox', { name: 'Name (admins only)' });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some fields need a look' }),
  ).toBeVisible();
  await shoot(page, 'admin-editor-errors', project);

  await name.fill('Spring sale');
  await page
    .getByRole('combobox', { name: 'Placement', exact: true })
    .selectOption({ label: 'Top' });
  await page.getByRole('checkbox', { name: 'Home' }).uncheck();
  await page.getByRole('checkbox', { name: 'Chats' }).check();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring sale: 20% off');
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Until the end of April.');
  await page.getByRole('button', { name: 'Add action' }).click();
  const action = page.getByRole('group', { name: 'Action 1' });
  await action.getByRole('textbox', { name: 'Label', exact: true }).fill('See plans');
  await action.getByRole('textbox', { name: 'Path', exact: true }).fill('//evil.example');
  await page.getByRole('button', { name: 'Create banner' }).click();
  await expect(action.getByRole('textbox', { name: 'Path', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await action.getByRole('textbox', { name: 'Path', exact: true }).fill('/subscribe');
  await page.getByRole('button', { name: 'Create banner' }).click();
  await expect(page.getByRole('heading', { name: 'Banners', level: 1 })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Spring sale' })).toContainText('Live');

  // It shows where it was placed.
  await page.goto('/chats');
  const shown = page.getByRole('region', { name: 'Spring sale: 20% off' });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/subscribe',
  );

  // Delete it, confirming first.
  await page.goto('/admin/banners');
  await list.getByRole('button', { name: 'Delete Spring sale' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete banner?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('link', { name: 'Spring sale', exact: true })).toHaveCount(0);
  await page.context().close();
});
