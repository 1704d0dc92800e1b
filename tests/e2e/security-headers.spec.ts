/**
 * The app under its Content-Security-Policy (server/plugins/security-headers.ts): the pages a guest and
 * an admin open, the live chat socket, the API docs and the queue dashboard all work, and Chromium
 * reports no violation of the policy.
 */
import { expect, test, type BrowserContext } from '@playwright/test';
import { makeAdmin, signInAsNewMember } from './onboarding-steps';

/** Console messages of any of the context's pages that report a Content-Security-Policy violation. */
function cspViolations(context: BrowserContext): string[] {
  const violations: string[] = [];
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

test('the app, a chat, the API docs and the queue dashboard render with no CSP violation', async ({
  page,
}) => {
  // A guest's chat, a sign-in, the admin's dashboard and the docs: near the default minute when loaded.
  test.setTimeout(120_000);
  const violations = cspViolations(page.context());
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");

  // A chat streams over the socket (connect-src) into styled components (style-src).
  const cards = page.getByRole('list', { name: 'Characters' }).getByRole('link');
  await expect(cards.first()).toBeVisible();
  await cards.first().click();
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello under a strict policy.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText('story3');

  // An admin opens the queue dashboard, which runs under the same policy.
  const { email } = await signInAsNewMember(page, 'csp', { name: 'Ada' });
  await makeAdmin(email);
  await page.goto('/admin');
  const [dashboard] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Queue dashboard' }).click(),
  ]);
  await expect(dashboard).toHaveURL(/\/admin\/queues/);
  await expect(dashboard.getByText('waiting-room').first()).toBeVisible();
  await dashboard.close();

  // Swagger UI parses a 1.4 MB bundle before it draws: under a loaded CI run that alone took over 15 s.
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /CharChat API/ })).toBeVisible({
    timeout: 45_000,
  });

  expect(violations).toEqual([]);
});
