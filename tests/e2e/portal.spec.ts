/**
 * The member's side after buying (product-rules.md §2 /portal, /manage-subscription, the link flow;
 * §4 "Subscription", "Link flow"): a subscriber cancels and uncancels and changes card; a member in
 * grace pays the amount due; an expired one is offered Choose Plan & Reactivate; /manage-subscription
 * routes by platform; a pledge-service account links through the SANDBOX pledge service. Subscribers
 * are made through the API with sandbox cards, as tests/support/billing.ts does; the billing sweep
 * (every second in e2e) moves subscriptions whose dates a journey moved.
 */
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { completeOnboarding as onboardingContract } from '#shared/api/account';
import { sessionHintKey, startEmailSignIn, verifyEmailCode } from '#shared/api/auth';
import {
  actOnSubscription,
  listSubscriptions,
  subscribeByCard,
  tokeniseSandboxCard,
} from '#shared/api/billing';
import type { Subscription } from '#shared/schemas/billing';
import { nextSignInMail } from '../support/mail-inbox';
import { uniqueSuffix } from './onboarding-steps';
import { sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-portal', { fullPage: true });

const cards = {
  approved: '4242424242424242',
  declinesCharges: '4000000000000341',
  discover: '6011111111111117',
  threeDs: '4000000000003220',
} as const;

interface Member {
  id: string;
  email: string;
  /** Calls the API as the member. */
  api: (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => Promise<unknown>;
}

/** Signs a new member in and through sign-up by API, the refresh cookie in the page's browser. */
async function newMember(page: Page, prefix: string): Promise<Member> {
  const email = `${prefix}-${test.info().project.name}-${uniqueSuffix()}@example.com`;
  const request: APIRequestContext = page.request;
  await expect(await request.post(startEmailSignIn.path, { data: { email } })).toBeOK();
  const { code } = await nextSignInMail(email);
  const verified = await request.post(verifyEmailCode.path, { data: { email, code } });
  await expect(verified).toBeOK();
  const session = verifyEmailCode.response.parse(await verified.json());
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const onboarded = await request.put(onboardingContract.path, {
    headers,
    data: {
      username: `${prefix.slice(0, 6)}_${uniqueSuffix()}`,
      name: 'Pat',
      isAdult: true,
      acceptsTerms: true,
      acceptsGuidelines: true,
    },
  });
  await expect(onboarded).toBeOK();
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
  return {
    id: session.user.id,
    email,
    api: async (method, path, data) => {
      const res = await request.fetch(path, { method, headers, data });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
      const body: unknown = await res.json();
      return body;
    },
  };
}

async function tokenise(member: Member, number: string): Promise<string> {
  const body = await member.api('POST', tokeniseSandboxCard.path, {
    number,
    exp: '12/34',
    cvc: '123',
  });
  return tokeniseSandboxCard.response.parse(body).token;
}

/** Subscribes the member to `planId` with the sandbox's approving card; answers the subscription. */
async function subscribe(member: Member, planId = 'basic-1m'): Promise<Subscription> {
  const paid = subscribeByCard.response.parse(
    await member.api('POST', subscribeByCard.path, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'US',
      state: 'CA',
      postalCode: '94103',
      email: member.email,
      planId,
      offerId: 'standard',
      promoCode: '',
      platform: 'web',
      idempotencyKey: randomUUID(),
      paymentToken: await tokenise(member, cards.approved),
    }),
  );
  expect(paid.respMsg).toBe('Approved');
  return current(member);
}

async function current(member: Member): Promise<Subscription> {
  const { items } = listSubscriptions.response.parse(
    await member.api('GET', listSubscriptions.path),
  );
  const [first] = items;
  if (first === undefined) throw new Error('no subscription');
  return first;
}

/** Ends the member's current period a second ago, so the sweep renews or ends it. */
async function periodEnded(member: Member): Promise<void> {
  await sql(
    `update subscriptions set recur_at = now() - interval '1 second',
       period_started_at = now() - interval '30 days'
     where user_id = $1 and status <> 'expired'`,
    [member.id],
  );
}

async function waitForStatus(member: Member, status: Subscription['subscriptionStatus']) {
  await expect.poll(async () => (await current(member)).subscriptionStatus).toBe(status);
}

function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

test.describe('portal', () => {
  test(
    'a subscriber sees the plan, cancels, uncancels and changes card',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const member = await newMember(page, 'portal');
      const sub = await subscribe(member);
      await page.goto('/portal');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
      const panel = main.getByRole('region', { name: sub.currentProduct.name });
      await expect(panel.getByText('Active', { exact: true })).toBeVisible();
      await expect(panel.getByText('Monthly Subscription')).toBeVisible();
      await expect(panel.getByText('visa ending in 4242 · expires 12/34')).toBeVisible();
      await expect(panel).toContainText(`Next charge${longDate(sub.recurAt)}`);
      await shoot(page, 'active', testInfo.project.name);

      // Cancel asks first; afterwards access runs until recur_at and Uncancel is offered.
      await panel.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
      await expect(confirm).toContainText(longDate(sub.recurAt));
      await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
      await expect(confirm).toBeHidden();
      await expect(panel.getByRole('status')).toHaveText(
        `Your subscription is cancelled. You keep access until ${longDate(sub.recurAt)}.`,
      );
      await expect(panel.getByText('Cancelled', { exact: true })).toBeVisible();
      await expect(panel).toContainText(`Access until${longDate(sub.recurAt)}`);
      await expect(panel.getByRole('button', { name: 'Change plan' })).toBeDisabled();
      await expect(panel.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
      await shoot(page, 'cancelled', testInfo.project.name);
      expect((await current(member)).subscriptionStatus).toBe('cancelled');

      await panel.getByRole('button', { name: 'Uncancel' }).click();
      await expect(panel.getByRole('status')).toHaveText(
        `Your subscription is active again and renews on ${longDate(sub.recurAt)}.`,
      );
      await expect(panel.getByText('Active', { exact: true })).toBeVisible();
      expect((await current(member)).subscriptionStatus).toBe('active');

      // Change card: a refused card keeps the form as typed, with the spec's message.
      await panel.getByRole('button', { name: 'Change card' }).click();
      const cardDialog = page.getByRole('dialog', { name: 'Change card' });
      await cardDialog.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4241');
      await cardDialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('11/33');
      await cardDialog.getByRole('textbox', { name: 'CVC' }).fill('123');
      await cardDialog.getByRole('button', { name: 'Save card' }).click();
      await expect(cardDialog.getByRole('alert')).toHaveText(
        'Enter a valid card, expiration date and cvv.',
      );
      await expect(cardDialog.getByRole('textbox', { name: 'Expiry (MM/YY)' })).toHaveValue(
        '11/33',
      );
      await cardDialog.getByRole('textbox', { name: 'Card number' }).fill(cards.discover);
      await cardDialog.getByRole('button', { name: 'Save card' }).click();
      await expect(cardDialog).toBeHidden();
      await expect(panel.getByRole('status')).toHaveText(
        'Your card ending in 1117 will be charged from now on.',
      );
      await expect(panel.getByText('discover ending in 1117 · expires 11/33')).toBeVisible();
    },
  );

  test('change plan lists the upgrade price and changes the plan', async ({ page }, testInfo) => {
    const member = await newMember(page, 'plan');
    const sub = await subscribe(member);
    await page.goto('/portal');
    const panel = page.getByRole('region', { name: sub.currentProduct.name });
    await panel.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    const premium = sub.availablePlans.find((p) => p.planId === 'premium-1m');
    if (premium?.upgradePrice == null) throw new Error('no premium upgrade price');
    await expect(dialog.getByRole('button', { name: 'Monthly', pressed: true })).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: premium.name })).toContainText(
      'plus taxes (prorated)',
    );
    await shoot(page, 'change-plan', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Annually' }).click();
    await expect(dialog.getByRole('listitem').first()).toContainText(
      'Takes effect at the next billing cycle',
    );
    await dialog.getByRole('button', { name: 'Monthly' }).click();
    await dialog.getByRole('button', { name: `Choose ${premium.name} monthly` }).click();
    await expect(dialog).toBeHidden();
    // The panel is named after the plan, which is now the new one.
    await expect(page.getByRole('region', { name: premium.name }).getByRole('status')).toHaveText(
      `You are now on ${premium.name}.`,
    );
    expect((await current(member)).currentProduct.planId).toBe('premium-1m');
  });

  test('an upgrade that needs 3-D Secure completes in its frame', async ({ page }) => {
    const member = await newMember(page, 'threeds');
    const sub = await subscribe(member);
    await member.api('PUT', actOnSubscription.path, {
      action: 'change_card',
      orderId: sub.orderId,
      subscriptionId: sub.subscriptionId,
      cardToken: await tokenise(member, cards.threeDs),
    });
    await page.goto('/portal');
    await page
      .getByRole('region', { name: sub.currentProduct.name })
      .getByRole('button', { name: 'Change plan' })
      .click();
    const premium = sub.availablePlans.find((p) => p.planId === 'premium-1m');
    if (premium === undefined) throw new Error('no premium plan');
    await page
      .getByRole('dialog', { name: 'Change plan' })
      .getByRole('button', { name: `Choose ${premium.name} monthly` })
      .click();
    const verify = page.getByRole('dialog', { name: 'Verify your payment' });
    await verify
      .frameLocator('iframe[title="Payment verification"]')
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expect(verify).toBeHidden();
    const panel = page.getByRole('region', { name: premium.name });
    await expect(panel.getByRole('status')).toHaveText('Payment confirmed.');
    expect((await current(member)).currentProduct.planId).toBe('premium-1m');
  });

  test('a failed load offers Try Again and then shows the subscription', async ({ page }) => {
    const member = await newMember(page, 'retry');
    const sub = await subscribe(member);
    // The first read of the subscription gets no answer (the network drops it).
    let isFirst = true;
    await page.route(`**${listSubscriptions.path}`, async (route) => {
      if (isFirst && route.request().method() === 'GET') {
        isFirst = false;
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await page.goto('/portal');
    const failure = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect(failure).toBeVisible();
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('region', { name: sub.currentProduct.name })).toBeVisible();
  });

  test('hides cancel, change plan and change card when the card is deleted', async ({ page }) => {
    const member = await newMember(page, 'nocard');
    const sub = await subscribe(member);
    // As the gateway's card.removed webhook leaves it.
    await sql('update billing_profiles set card_removed = true where user_id = $1', [member.id]);
    await page.goto('/portal');
    const panel = page.getByRole('region', { name: sub.currentProduct.name });
    await expect(panel.getByText('No card on file')).toBeVisible();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button')).toHaveCount(0);
  });

  test('a yearly subscriber is offered annual plans only', async ({ page }) => {
    const member = await newMember(page, 'yearly');
    const sub = await subscribe(member, 'basic-1y');
    await page.goto('/portal');
    await page
      .getByRole('region', { name: sub.currentProduct.name })
      .getByRole('button', { name: 'Change plan' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change plan' });
    await expect(dialog.getByRole('group', { name: 'Billing period' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Choose .* annual$/ })).not.toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /monthly$/ })).toHaveCount(0);
  });

  test(
    'a member in grace pays the amount due after a failed try',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const member = await newMember(page, 'grace');
      const sub = await subscribe(member);
      await member.api('PUT', actOnSubscription.path, {
        action: 'change_card',
        orderId: sub.orderId,
        subscriptionId: sub.subscriptionId,
        cardToken: await tokenise(member, cards.declinesCharges),
      });
      await periodEnded(member);
      await waitForStatus(member, 'grace');
      await page.goto('/portal');
      const panel = page.getByRole('region', { name: sub.currentProduct.name });
      await expect(panel.getByText('Payment failed', { exact: true })).toBeVisible();
      await expect(panel).toContainText('Your last payment failed. Pay the amount due');
      await shoot(page, 'grace', testInfo.project.name);

      // The card still declines: its message replaces the payment-failed note.
      await panel.getByRole('button', { name: 'Pay amount due' }).click();
      await expect(panel.getByRole('alert')).toBeVisible();
      await expect(panel).not.toContainText('Your last payment failed.');
      await expect(panel.getByRole('button', { name: 'Pay amount due' })).toBeEnabled();

      await panel.getByRole('button', { name: 'Change card' }).click();
      const cardDialog = page.getByRole('dialog', { name: 'Change card' });
      await cardDialog.getByRole('textbox', { name: 'Card number' }).fill(cards.approved);
      await cardDialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
      await cardDialog.getByRole('textbox', { name: 'CVC' }).fill('123');
      await cardDialog.getByRole('button', { name: 'Save card' }).click();
      await expect(cardDialog).toBeHidden();

      await panel.getByRole('button', { name: 'Pay amount due' }).click();
      await expect(panel.getByRole('status')).toHaveText(
        'Thank you! Your payment went through and your subscription is active.',
      );
      await expect(panel.getByText('Active', { exact: true })).toBeVisible();
      expect((await current(member)).subscriptionStatus).toBe('active');
    },
  );

  test(
    'an expired member is offered Choose Plan & Reactivate only',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const member = await newMember(page, 'expired');
      const sub = await subscribe(member);
      await member.api('PUT', actOnSubscription.path, {
        action: 'cancel',
        orderId: sub.orderId,
        subscriptionId: sub.subscriptionId,
      });
      await periodEnded(member);
      await waitForStatus(member, 'expired');
      await page.goto('/portal');
      const panel = page.getByRole('region', { name: sub.currentProduct.name });
      await expect(panel.getByText('Expired', { exact: true })).toBeVisible();
      await expect(panel.getByRole('button')).toHaveCount(0);
      await shoot(page, 'expired', testInfo.project.name);
      await panel.getByRole('link', { name: 'Choose Plan & Reactivate' }).click();
      await expect(page).toHaveURL(
        `/checkout?${new URLSearchParams({ plan_id: sub.currentProduct.planId }).toString()}`,
      );
      await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
    },
  );

  test(
    'a member without a subscription sees Choose Plan',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      await newMember(page, 'nosub');
      await page.goto('/portal');
      await expect(page.getByRole('heading', { name: 'You have no subscription' })).toBeVisible();
      await shoot(page, 'empty', testInfo.project.name);
      await page.getByRole('link', { name: 'Choose Plan' }).click();
      await expect(page).toHaveURL(/\/subscribe$/);
    },
  );
});

test.describe('manage subscription', () => {
  test('sends a card subscriber to the portal and others to the plans', async ({ page }) => {
    await newMember(page, 'manage');
    await page.goto('/manage-subscription');
    await expect(page).toHaveURL(/\/subscribe$/);

    const subscriber = await newMember(page, 'managecard');
    await subscribe(subscriber);
    await page.goto('/manage-subscription');
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  });

  test('warns before removing an account with an active subscription', async ({ page }) => {
    await subscribe(await newMember(page, 'remove'));
    await page.goto('/profile');
    await expect(page.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute(
      'href',
      '/manage-subscription',
    );
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const warning = page.getByRole('dialog', { name: 'You have an active subscription' });
    await expect(warning).toContainText('Deleting your account cancels your subscription.');
    await warning.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog', { name: 'You have an active subscription' })
      .getByRole('link', { name: 'Manage Subscription' })
      .click();
    await expect(page).toHaveURL(/\/portal$/);
  });
});

test.describe('pledge-service link', () => {
  for (const [tier, outcome] of [
    ['supporter', 'Your account was succesfully linked. Please reload the page...'],
    ['', 'No active pledge found'],
  ] as const) {
    test(
      `links through the sandbox service: ${tier === '' ? 'invalid_pledge' : 'success'}`,
      { tag: '@mobile' },
      async ({ page }, testInfo) => {
        await newMember(page, 'link');
        await page.goto('/link/subscribestar');
        await page.getByRole('button', { name: 'Link SubscribeStar account' }).click();
        await expect(page.getByRole('heading', { name: 'Sandbox pledge service' })).toBeVisible();
        await page.getByLabel('Account').fill(`fan-${uniqueSuffix()}`);
        await page.getByLabel('Pledge').selectOption(tier);
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(page).toHaveURL(/\/link\/subscribestar\?/);
        await expect(
          page.getByRole(tier === '' ? 'alert' : 'status').filter({ hasText: outcome }),
        ).toBeVisible();
        await shoot(page, `link-${tier === '' ? 'invalid' : 'success'}`, testInfo.project.name);
        if (tier === '') return;
        // Reload leaves the spent code behind for where the pledge is managed: at the service.
        await page.getByRole('button', { name: 'Reload' }).click();
        await expect(page).toHaveURL(/\/manage-subscription$/);
        await expect(page.getByRole('heading', { name: 'Manage Subscription' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Open SubscribeStar' })).toHaveAttribute(
          'href',
          'https://www.subscribestar.com/',
        );
      },
    );
  }

  test('links with a one-time id the service hands out', async ({ page }) => {
    await newMember(page, 'transient');
    await page.goto('/api/link/sandbox/transient');
    await page.getByLabel('Account').fill(`fan-${uniqueSuffix()}`);
    await page.getByLabel('Pledge').selectOption('all-in');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/link\/subscribestar\/[A-Za-z0-9_-]+$/);
    await expect(
      page.getByRole('status').filter({
        hasText: 'Your account was succesfully linked. Please reload the page...',
      }),
    ).toBeVisible();
  });
});
