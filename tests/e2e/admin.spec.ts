/**
 * The admin screens: an admin finds a member, changes their role, sets a Temporary Hold (the member's
 * open tab shows it at once, and drops it when lifted) and lifts it; a member who is not an admin gets
 * the 403 page. The first admin is made directly in the database,
 * as in production; the role reaches the token at the next refresh (a page load).
 */
import { expect, test } from '@playwright/test';
import { makeAdmin, signInAsNewMember, uniqueSuffix } from './onboarding-steps';

test.describe('admin screens', () => {
  test('an admin finds a member, changes the role, sets a Temporary Hold and lifts it', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const adminEmail = `admin-${testInfo.project.name}-${suffix}@example.com`;
    const memberEmail = `target-${testInfo.project.name}-${suffix}@example.com`;
    // The member has the app open in a browser of their own all along.
    const memberContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const memberPage = await memberContext.newPage();
    await signInAsNewMember(memberPage, 'target', { email: memberEmail });

    const admin = await signInAsNewMember(page, 'admin', { email: adminEmail, name: 'Ada' });
    await makeAdmin(adminEmail);

    // A page load refreshes the session, so the token carries the admin role: the header links Admin.
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
    // The queue dashboard (served by the server) opens for the admin in its own tab, with every queue;
    // the admin screens stay where they were.
    const [dashboard] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Queue dashboard' }).click(),
    ]);
    await expect(dashboard).toHaveURL(/\/admin\/queues/);
    await expect(dashboard.getByText('waiting-room').first()).toBeVisible();
    await dashboard.close();
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();

    // Nothing matches: the empty state.
    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.fill(`nobody-${suffix}@nowhere`);
    await search.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: '0 members found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();

    // Find the member by the start of their email.
    await search.fill(memberEmail.slice(0, -'@example.com'.length));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?q=target-/);
    await expect(page.getByRole('status').filter({ hasText: '1 member found' })).toBeVisible();
    await page.getByRole('link', { name: new RegExp(memberEmail) }).click();
    await expect(page.getByRole('heading', { name: memberEmail, level: 1 })).toBeVisible();

    // Change the role, confirming in the dialog.
    const role = page.getByRole('combobox', { name: 'Role' });
    await expect(role).toHaveValue('free_tier');
    const changeRole = page.getByRole('button', { name: 'Change role' });
    await expect(changeRole).toBeDisabled();
    await role.selectOption({ label: 'True Supporter' });
    await changeRole.click();
    const confirmRole = page.getByRole('dialog', { name: 'Change role?' });
    await expect(confirmRole).toContainText('from Free to True Supporter');
    await expect(confirmRole.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirmRole.getByRole('button', { name: 'Change role' }).click();
    await expect(confirmRole).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Role changed to True Supporter.' }),
    ).toBeVisible();
    await expect(role).toBeFocused();
    const audit = page.getByRole('list', { name: 'Audit entries, newest first' });
    await expect(audit).toContainText('Role changed from Free to True Supporter');

    // Set a Temporary Hold: a reason is required.
    await page.getByRole('button', { name: 'Set restriction' }).click();
    const setDialog = page.getByRole('dialog', { name: 'Set restriction' });
    await expect(setDialog.getByRole('combobox', { name: 'Type' })).toBeFocused();
    await expect(setDialog.getByRole('combobox', { name: 'Type' })).toHaveValue(
      'restriction_full_time',
    );
    await setDialog.getByRole('button', { name: 'Set restriction' }).click();
    const reason = setDialog.getByRole('textbox', { name: 'Reason' });
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription('Give a reason.');
    await expect(reason).toBeFocused();
    await reason.fill('Cool off after spam');
    await expect(setDialog.getByLabel('Ends at')).not.toHaveValue('');
    await setDialog.getByRole('button', { name: 'Set restriction' }).click();
    await expect(setDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Temporary Hold set.' })).toBeVisible();
    const active = page.getByRole('list', { name: 'Active restrictions' });
    await expect(active).toContainText('Temporary Hold');
    await expect(active).toContainText('Ends');
    await expect(active).toContainText('Reason: Cool off after spam');
    await expect(audit).toContainText('Temporary Hold set until');
    await expect(audit).toContainText(`by ${admin.username}`);

    // The member's open tab shows the hold at once, with its reason and end.
    const hold = memberPage.getByRole('heading', { name: 'Temporary Hold', level: 1 });
    await expect(hold).toBeVisible();
    await expect(memberPage.getByRole('definition')).toContainText(['Cool off after spam']);

    // The search list shows the hold too.
    await page.getByRole('link', { name: 'Back to search' }).click();
    await expect(page.getByRole('link', { name: new RegExp(memberEmail) })).toContainText(
      'Temporary Hold',
    );
    await page.getByRole('link', { name: new RegExp(memberEmail) }).click();

    // Lift it.
    await page.getByRole('button', { name: 'Lift Temporary Hold' }).click();
    const liftDialog = page.getByRole('dialog', { name: 'Lift restriction?' });
    await liftDialog.getByRole('button', { name: 'Lift', exact: true }).click();
    await expect(liftDialog).toBeHidden();
    await expect(
      page.getByRole('status').filter({ hasText: 'Temporary Hold lifted.' }),
    ).toBeVisible();
    await expect(page.getByText('No active restrictions.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Restrictions' })).toBeFocused();
    await expect(audit).toContainText('Temporary Hold lifted');
    // Lifted: the member's tab goes back to the app by itself.
    await expect(hold).toBeHidden();
    await expect(
      memberPage.getByRole('banner').getByRole('link', { name: 'Profile' }),
    ).toBeVisible();
    await memberContext.close();

    // A reload shows what the server stored.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveValue('paid_basic');
    await expect(page.getByText('No active restrictions.')).toBeVisible();
  });

  test('a member who is not an admin gets the 403 page; a guest is asked to sign in', async ({
    page,
  }) => {
    await page.goto('/admin');
    const denied = page.getByRole('heading', {
      name: 'Access Denied - You are Not Authorized to access this page',
    });
    await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
    await expect(denied).toHaveCount(0);

    await signInAsNewMember(page, 'plain', { name: 'Ada', path: '/admin' });
    await expect(denied).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search members' })).toHaveCount(0);
    await page.goto('/admin/users/00000000-0000-4000-8000-000000000000');
    await expect(denied).toBeVisible();
  });
});
