/**
 * Shared steps of the account journeys: signing in with the emailed code, finishing sign-up
 * (Welcome Aboard, Community Guidelines, interests) for a new member, who is sent to /signup, starting
 * a journey as a member who has done both, and making a member an admin.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { completeOnboarding as onboardingContract } from '#shared/api/account';
import { sessionHintKey, startEmailSignIn, verifyEmailCode } from '#shared/api/auth';
import { nextSignInMail } from '../support/mail-inbox';
import { redisKeys } from '#server/lib/redis-keys';
import { createRedis } from '#server/lib/redis';
import { localRedis } from '../support/services';
import { e2eDatabaseUrl, e2eRedisPrefix } from './global-setup';

/** A short unique suffix (hex), safe inside usernames and emails. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** The library's character cards (links to chatbot profiles). */
export function characterCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Characters' }).getByRole('link');
}

/**
 * Opens the Sign In modal from a Sign In button (the header's by default; none when `isOpen`, an
 * action opened it already) and asks for a code to `email`; answers the dialog, on its code step.
 */
export async function openSignIn(
  page: Page,
  email: string,
  options: { from?: Locator; isOpen?: boolean } = {},
): Promise<Locator> {
  const from = options.from ?? page.getByRole('banner');
  if (options.isOpen !== true) await from.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog).toContainText(`sent a 6-digit code to ${email}`);
  return dialog;
}

/** Signs in from a Sign In button (the header's by default) with the code from the mail. */
export async function signInWithCode(
  page: Page,
  email: string,
  options: { from?: Locator; isOpen?: boolean } = {},
): Promise<void> {
  const dialog = await openSignIn(page, email, options);
  const { code } = await nextSignInMail(email);
  // A complete code submits itself.
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await expect(dialog).toBeHidden();
}

/**
 * Completes onboarding from /signup and closes the interests modal, which opens over the page the
 * member goes on to, with `interests` chosen.
 */
export async function completeOnboarding(
  page: Page,
  options: { username: string; name: string; interests?: string[] },
): Promise<void> {
  await expect(page).toHaveURL(/\/signup(\?.*)?$/);
  await expect(page.getByRole('heading', { name: 'Welcome Aboard' })).toBeVisible();
  const username = page.getByRole('textbox', { name: 'Username' });
  await username.fill(options.username);
  await expect(page.getByRole('status').filter({ hasText: /^Available$/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Display name' }).fill(options.name);
  await page.getByRole('checkbox', { name: 'I confirm that I am 18 years or older' }).check();
  await page.getByRole('checkbox', { name: 'I agree with the terms and conditions' }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Community Guidelines' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I agree to the Community Guidelines' }).check();
  await page.getByRole('button', { name: 'Start Chatting' }).click();

  const interests = page.getByRole('dialog', { name: "I'm interested in..." });
  await expect(interests).toBeVisible();
  // It opens over the page the member goes on to, not over an emptied sign-up page (issue 28 §14).
  await expect(page).not.toHaveURL(/\/signup/);
  const chosen = options.interests ?? [];
  for (const label of chosen) {
    await interests.getByRole('checkbox', { name: label, exact: true }).check();
  }
  await interests.getByRole('button', { name: chosen.length > 0 ? 'Save' : 'Skip' }).click();
  await expect(interests).toBeHidden();
  await expect(page).not.toHaveURL(/\/signup/);
}

/**
 * Gives a member a role while they are signed in, as an admin or a payment would: the role is stored
 * and the member's cached standing dropped, so their next session refresh carries it.
 */
export async function setRole(email: string, role: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  const redis = createRedis(localRedis, 'command');
  try {
    const result = await client.query<{ id: string }>(
      'update users set role = $2 where email = $1 returning id',
      [email, role],
    );
    expect(result.rowCount, `member ${email} in the product's database`).toBe(1);
    await redis.del(redisKeys(e2eRedisPrefix()).restrictions(result.rows[0]?.id ?? ''));
  } finally {
    await client.end();
    await redis.quit();
  }
}

/** Makes a member an admin in the database, as the first admin is made in production. */
export function makeAdmin(email: string): Promise<void> {
  return setRole(email, 'admin');
}

/**
 * Restricts a member to limited access (chat only) while they are signed in, as a moderator would:
 * the restriction is stored and the member's cached restrictions are dropped.
 */
export async function restrictToLimitedAccess(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  const redis = createRedis(localRedis, 'command');
  try {
    const result = await client.query<{ user_id: string }>(
      `insert into restrictions (user_id, type, reason, created_by)
       select id, 'restriction_limited', 'e2e', id from users where email = $1 returning user_id`,
      [email],
    );
    expect(result.rowCount, `member ${email} in the product's database`).toBe(1);
    await redis.del(redisKeys(e2eRedisPrefix()).restrictions(result.rows[0]?.user_id ?? ''));
  } finally {
    await client.end();
    await redis.quit();
  }
}

/**
 * Starts a journey that is not about sign-up with a new member who has finished it, then opens `path`
 * signed in: the member signs in with the emailed code and finishes sign-up through the same API calls
 * the Sign In dialog and the sign-up pages make, from the page's own request context, so the refresh
 * cookie lands in its browser. Clicking through sign-up took several seconds a journey; the journeys
 * about it (sign-in, account, member-pages, usernames) still do. Answers the member's email and username.
 */
export async function signInAsNewMember(
  page: Page,
  prefix: string,
  options: { email?: string; username?: string; name?: string; path?: string } = {},
): Promise<{ email: string; username: string }> {
  const email =
    options.email ?? `${prefix}-${test.info().project.name}-${uniqueSuffix()}@example.com`;
  const username = options.username ?? `${prefix.slice(0, 6)}_${uniqueSuffix()}`;
  const request = page.request;
  await expect(await request.post(startEmailSignIn.path, { data: { email } })).toBeOK();
  const { code } = await nextSignInMail(email);
  const verified = await request.post(verifyEmailCode.path, { data: { email, code } });
  await expect(verified).toBeOK();
  const { accessToken } = verifyEmailCode.response.parse(await verified.json());
  const onboarded = await request.put(onboardingContract.path, {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      username,
      name: options.name ?? 'Sam',
      isAdult: true,
      acceptsTerms: true,
      acceptsGuidelines: true,
    },
  });
  await expect(onboarded).toBeOK();
  // The client restores a session at start-up only in a browser that has held one, as this one now has.
  const context = page.context();
  await context.setStorageState({
    cookies: await context.cookies(),
    origins: [
      {
        origin: new URL(verified.url()).origin,
        localStorage: [{ name: sessionHintKey, value: '1' }],
      },
    ],
  });
  await page.goto(options.path ?? '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
  return { email, username };
}
