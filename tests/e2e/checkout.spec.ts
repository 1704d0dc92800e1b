/**
 * Buying a plan (issue 23; product-rules.md §2 /subscribe, /checkout, /checkout/success; §4 "Checkout
 * (card)"; §5): a guest picks a plan, signs in, finishes sign-up and lands on that plan's checkout, sees
 * a bad Zip refused, pays with the sandbox 3-D Secure card, passes the challenge and reaches the success
 * page; the refreshed session unlocks the Memory Manager, in this tab and (through account:changed) in
 * another tab of the same browser. A declined card shows the gateway's message under the summary and
 * keeps what was typed.
 */
import { expect, test, type Page } from '@playwright/test';
import { nextSignInMail } from '../support/mail-inbox';
import {
  characterCards,
  completeOnboarding,
  signInAsNewMember,
  uniqueSuffix,
} from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-checkout', { fullPage: true });

// A journey signs up, chats, pays and waits for the session to refresh.
test.describe.configure({ timeout: 180_000 });

const cards = { threeDs: '4000 0000 0000 3220', declined: '4000 0000 0000 0002' } as const;
const memoryManagerLocked =
  'The Memory Manager comes with the True Supporter and I’m All In plans.';

async function fillAddress(page: Page) {
  await page.getByRole('textbox', { name: 'First Name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United States' });
  await page.getByRole('combobox', { name: 'State' }).selectOption({ label: 'California' });
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card Number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiration Date' }).fill('12/34');
  await page.getByRole('textbox', { name: 'CVV' }).fill('123');
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
}

/** Opens a chat with the first character and sends one message, so the chat menu has a conversation. */
async function openChat(page: Page) {
  await page.goto('/');
  await characterCards(page).first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).not.toHaveAttribute(
    'data-streaming',
    'true',
  );
}

async function openMemoryManager(page: Page) {
  await page.getByRole('button', { name: 'Chat options' }).click();
  await page.getByRole('menuitem', { name: 'Manage Memories' }).click();
  const dialog = page.getByRole('dialog', { name: 'Memory Manager' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test(
  'a guest picks a plan, signs in, pays with a 3-D Secure card and gets the tier',
  { tag: '@mobile' },
  async ({ page, context }, testInfo) => {
    const project = testInfo.project.name;
    await page.goto('/subscribe');
    const tabs = page.getByRole('tablist', { name: 'Billing period' });
    await expect(tabs.getByRole('tab', { name: 'Monthly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The tabs follow the arrow keys.
    await tabs.getByRole('tab', { name: 'Monthly' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(tabs.getByRole('tab', { name: 'Annually' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(tabs.getByRole('tab', { name: 'Annually' })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('$249.99');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tabpanel')).toContainText('$24.99');
    await page.getByRole('button', { name: 'How do I cancel?' }).click();
    await expect(page.getByRole('button', { name: 'How do I cancel?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await shoot(page, 'subscribe', project);

    // A guest choosing a plan is asked to sign in, on that plan's checkout.
    await page.getByRole('button', { name: 'Choose Plan I’m All In' }).click();
    await expect(page).toHaveURL(/\/checkout\?plan_id=premium-1m&o_id=standard$/);
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    const email = `buyer-${project}-${uniqueSuffix()}@example.com`;
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    const { code } = await nextSignInMail(email);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await expect(dialog).toBeHidden();
    await completeOnboarding(page, { username: `buy_${uniqueSuffix()}`, name: 'Ada' });
    await expect(page).toHaveURL(/\/checkout\?plan_id=premium-1m&o_id=standard$/);

    // Another tab of this browser, where the Memory Manager is still locked.
    const other = await context.newPage();
    await openChat(other);
    const locked = await openMemoryManager(other);
    await expect(locked).toContainText(memoryManagerLocked);
    await locked.getByRole('button', { name: 'Close' }).click();

    // The form: the email is the member's; a bad Zip is refused under its field.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await fillAddress(page);
    const zip = page.getByRole('textbox', { name: 'Zip' });
    await zip.fill('9410');
    await expect(page.getByText('Invalid Zip')).toBeVisible();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await zip.fill('94103');
    await expect(page.getByText('Invalid Zip')).toHaveCount(0);
    await fillCard(page, cards.threeDs);
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await expect(summary.getByRole('radio', { name: /I’m All In/ })).toBeChecked();
    await expect(summary).toContainText('Total');
    await expect(summary).toContainText('$24.99');
    await shoot(page, 'checkout', project);
    await summary.getByRole('button', { name: 'Submit' }).click();

    // The sandbox's 3-D Secure challenge, in its frame.
    const challenge = page.getByRole('dialog', { name: 'Verify your payment' });
    await challenge
      .frameLocator('iframe[title="3-D Secure verification"]')
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expect(page).toHaveURL(/\/checkout\/success\?order_id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Thank you for your purchase!' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'I’m All In' })).toBeVisible();
    await shoot(page, 'success', project);

    // The other tab heard account:changed and refreshed its session: the Memory Manager opens.
    const unlocked = await openMemoryManager(other);
    await expect(unlocked.getByText('No memories yet.')).toBeVisible();
    await expect(unlocked).not.toContainText(memoryManagerLocked);

    // This tab, after its own refresh, too.
    await page.getByRole('link', { name: 'Start Chatting' }).click();
    await openChat(page);
    const mine = await openMemoryManager(page);
    await expect(mine.getByText('No memories yet.')).toBeVisible();
  },
);

test('a declined card shows the message under the summary and keeps the form', async ({ page }) => {
  await signInAsNewMember(page, 'decl', { path: '/checkout?plan_id=basic-1m&o_id=standard' });
  await fillAddress(page);
  await page.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await fillCard(page, cards.declined);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByRole('radio', { name: /True Supporter/ })).toBeChecked();
  // Coupons are judged by the calculation: an unknown one is refused under its field, a good one
  // shows its discount in the server's total.
  const coupon = summary.getByRole('textbox', { name: 'Coupon' });
  await coupon.fill('nope');
  await expect(coupon).toHaveValue('NOPE');
  await expect(summary.getByText('Invalid coupon')).toBeVisible();
  await expect(coupon).toHaveAttribute('aria-invalid', 'true');
  await coupon.fill('WELCOME10');
  await expect(summary).toContainText('Discount (WELCOME10)');
  await expect(summary.getByRole('definition').last()).toHaveText('$13.50');
  await coupon.fill('');
  await expect(summary.getByRole('definition').last()).toHaveText('$15');
  await summary.getByRole('button', { name: 'Submit' }).click();
  await expect(summary.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic-1m/);
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Ada');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('CA');
  await expect(page.getByRole('textbox', { name: 'Zip' })).toHaveValue('94103');
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toHaveValue(cards.declined);
  // Submit waits for a change; any edit clears the message.
  await expect(summary.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'CVV' }).fill('321');
  await expect(summary.getByRole('alert')).toHaveCount(0);
  await expect(summary.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a failed 3-D Secure challenge shows why under the summary', async ({ page }) => {
  await signInAsNewMember(page, 'fail3ds', { path: '/checkout?plan_id=basic-1m&o_id=standard' });
  await fillAddress(page);
  await page.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await fillCard(page, cards.threeDs);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await summary.getByRole('button', { name: 'Submit' }).click();
  const challenge = page.getByRole('dialog', { name: 'Verify your payment' });
  await challenge
    .frameLocator('iframe[title="3-D Secure verification"]')
    .getByRole('button', { name: 'Fail authentication' })
    .click();
  await expect(challenge).toBeHidden();
  await expect(summary.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic-1m/);
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toHaveValue(cards.threeDs);
});

test('the sale, the plan comparison and the welcome page', async ({ page }) => {
  await page.goto('/sale');
  await expect(page.getByRole('heading', { name: 'Sale', level: 1 })).toBeVisible();
  await expect(page.getByText('Offer ends')).toBeVisible();
  const premium = page.getByRole('listitem', { name: 'I’m All In' });
  await expect(premium).toContainText('$180');
  await expect(premium).toContainText('$300');
  await expect(premium).toContainText('$15 per month');

  await page.getByRole('link', { name: 'Compare Plans' }).click();
  await expect(page).toHaveURL(/\/plan-comparison\/annual$/);
  const table = page.getByRole('table', { name: 'Compare Plans' });
  const tts = table.getByRole('row', { name: /Text to speech/ });
  await expect(tts.getByLabel('Included', { exact: true })).toHaveCount(1);
  await expect(tts.getByLabel('Not included', { exact: true })).toHaveCount(2);

  // The thanks-for-subscribing page counts down, then goes home by itself.
  await page.goto('/welcome');
  await expect(page.getByRole('timer')).toContainText('Redirecting in');
  await expect(page.getByRole('link', { name: 'Go to home now' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('another payment method sends the browser to the provider', async ({ page }) => {
  await signInAsNewMember(page, 'altpay', { path: '/checkout?plan_id=premium-1m&o_id=standard' });
  await fillAddress(page);
  await page.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await page.getByRole('radio', { name: 'PayPal' }).check();
  await expect(page.getByText('You will be taken to PayPal to pay.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Card Number' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'I agree to the Terms of Service' }).check();
  await page
    .getByRole('region', { name: 'Order Summary' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/pay\/pay_sb_[0-9a-f]{32}/);
  await expect(page.getByRole('heading', { name: 'Sandbox paypal payment' })).toBeVisible();
});
