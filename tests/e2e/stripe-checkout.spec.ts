/**
 * Paying through Stripe (issue 23), against a product of its own with PAYMENT_GATEWAY=stripe and the
 * local Stripe peer for Stripe's API and Stripe.js: the checkout loads Stripe.js, the card typed into
 * Stripe's card Element becomes a PaymentMethod in the browser (its digits never reach our server), a
 * 3-D Secure card passes Stripe's challenge in the frame and the member reaches the success page with
 * the plan, then changes the card in the portal through the same Element; a declined card shows
 * Stripe's message under the summary.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { startWireServer, words, type WireServer } from '../../testkit/openai-wire-server';
import { freePort, startProcess, type Child } from '../../testkit/processes';
import { adminUrl, dropDatabase, redisUrl, testDatabaseUrl } from '../support/services';
import { startStripePeer, type StripePeer } from '../support/stripe-peer';
import { e2eSmtpUrl } from './global-setup';
import { signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-stripe-checkout', { fullPage: true });
const checkoutPath = '/checkout?plan_id=premium-1m&o_id=standard';
let wire: WireServer | undefined;
let peer: StripePeer | undefined;
let product: Child | undefined;
let database = '';
let baseURL = '';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  const run = randomBytes(4).toString('hex');
  database = `charchat_e2e_stripe_${run}`;
  wire = await startWireServer({
    tokens: words(3, 'word'),
    firstTokenDelayMs: 10,
    tokenDelayMs: 5,
  });
  peer = await startStripePeer();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${String(port)}`;
  peer.deliverTo(`${baseURL}/api/payments/webhooks/stripe`);
  product = await startProcess(
    'scripts/start.ts',
    {
      PORT: String(port),
      DATABASE_URL: testDatabaseUrl(database),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `e2e-stripe-${run}:`,
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: wire.baseUrl,
      LLM_MODEL: 'wire',
      LOG_LEVEL: 'warn',
      SMTP_URL: e2eSmtpUrl(),
      SIGN_IN_MAILS_PER_IP_PER_HOUR: '1000',
      PUBLIC_URL: baseURL,
      ...peer.env(),
    },
    /is running at/,
    180_000,
  );
});

test.afterAll(async () => {
  await product?.stop();
  await peer?.close();
  await wire?.close();
  if (database !== '') await dropDatabase(adminUrl(), database);
});

/** A browser of this project's screen on this spec's product, signed in as a new member at the checkout. */
async function memberAtCheckout(browser: Browser, testInfo: TestInfo, prefix: string) {
  const { viewport, isMobile, hasTouch, userAgent } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent });
  const page = await context.newPage();
  // Everything the browser sends to our server, to show a card's digits are never among it.
  const sentToUs: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(baseURL))
      sentToUs.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  await signInAsNewMember(page, prefix, { path: checkoutPath });
  await page.getByRole('textbox', { name: 'First Name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'California' });
  await page.getByRole('textbox', { name: 'Zip' }).fill('94103');
  return { context, page, sentToUs };
}

async function typeCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Card' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date MM / YY' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
}

test(
  'pays through Stripe.js with a 3-D Secure card, gets the plan and changes the card in the portal',
  { tag: '@mobile' },
  async ({ browser }, testInfo) => {
    const { context, page, sentToUs } = await memberAtCheckout(browser, testInfo, 'stripe3ds');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const submit = summary.getByRole('button', { name: 'Submit' });
    // An incomplete card cannot be sent.
    await page
      .getByRole('group', { name: 'Card' })
      .getByRole('textbox', { name: 'Card number' })
      .fill('4000 0027');
    await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
    await expect(submit).toBeDisabled();
    await typeCard(page, '4000 0027 6000 3184');
    await expect(submit).toBeEnabled();
    await shoot(page, 'checkout', testInfo.project.name);
    await submit.click();

    // Stripe's challenge, in the frame; its page sends the browser back to ours, which tells the checkout.
    const challenge = page.getByRole('dialog', { name: 'Verify your payment' });
    await challenge
      .frameLocator('iframe[title="3-D Secure verification"]')
      .getByRole('link', { name: 'Complete' })
      .click();
    await expect(page).toHaveURL(/\/checkout\/success\?order_id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'I’m All In' })).toBeVisible();

    // The card became a PaymentMethod at Stripe, from the browser; our server never saw its number.
    expect(peer?.requests).toContainEqual({ method: 'POST', path: '/v1/payment_methods' });
    expect(sentToUs.filter((sent) => sent.includes('4000002760003184'))).toEqual([]);

    // The portal's Change card takes the new card through Stripe's Element too.
    await page.goto('/portal');
    const panel = page.getByRole('main').getByRole('region', { name: 'I’m All In' });
    await expect(panel.getByText('visa ending in 3184 · expires 12/34')).toBeVisible();
    await panel.getByRole('button', { name: 'Change card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change card' });
    const card = dialog.getByRole('group', { name: 'Card' });
    await card.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
    await card.getByRole('textbox', { name: 'Expiration date MM / YY' }).fill('11 / 33');
    await card.getByRole('textbox', { name: 'CVC' }).fill('321');
    await shoot(page, 'change-card', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText('master ending in 4444 · expires 11/33')).toBeVisible();
    expect(sentToUs.filter((sent) => sent.includes('5555555555554444'))).toEqual([]);
    await context.close();
  },
);

test('a card Stripe declines shows its message under the summary', async ({
  browser,
}, testInfo) => {
  const { context, page } = await memberAtCheckout(browser, testInfo, 'stripedecl');
  await typeCard(page, '4000 0000 0000 0002');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByRole('button', { name: 'Submit' }).click();
  await expect(summary.getByText('Your card was declined.')).toBeVisible();
  // What was typed stays, so the member can change the card and try again.
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
  await shoot(page, 'declined', testInfo.project.name);
  await context.close();
});
