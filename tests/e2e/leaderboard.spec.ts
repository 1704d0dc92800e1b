/**
 * The creators leaderboard (issue 25 item 1): a pending month is hidden from everyone but admins; an
 * admin approves it in the admin area; then anyone sees the podium, the table with stars, scores in
 * thousands and movement, switches categories with the tabs (mouse and keyboard) and months with the
 * dropdown (its first option removes `date`). The month's table is written here as the job would write
 * it (the job itself is tested against PostgreSQL in tests/integration/workers/leaderboard.test.ts).
 */
import { expect, test } from '@playwright/test';
import { makeAdmin, signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shot = screenshotsIn('test-results/screenshots/leaderboard', { fullPage: true });

/** A month of this run alone: far in the past, a random year and month. */
function uniqueMonth(): string {
  const year = 1000 + Math.floor(Math.random() * 8000);
  const month = 1 + Math.floor(Math.random() * 12);
  return `${String(year)}-${String(month).padStart(2, '0')}`;
}

async function seedPendingMonth(month: string): Promise<string[]> {
  const suffix = uniqueSuffix();
  const usernames: string[] = [];
  await sql("insert into leaderboard_months (month, status) values ($1, 'pending')", [month]);
  // A newer approved month (empty), so this run's month is never the dropdown's first option.
  await sql(
    "insert into leaderboard_months (month, status) values ('9999-12', 'approved') on conflict do nothing",
    [],
  );
  for (let i = 0; i < 25; i++) {
    const username = `lb${String(i + 1)}_${suffix}`;
    usernames.push(username);
    const [user] = await sql<{ id: string }>(
      "insert into users (kind, username, name) values ('member', $1, 'Creator') returning id",
      [username],
    );
    const rank = i + 1;
    // Some climbed, some fell, some are new this month.
    const previous = rank % 4 === 0 ? null : rank % 3 === 0 ? rank + 2 : Math.max(1, rank - 1);
    await sql(
      `insert into leaderboard_entries (month, type, rank, user_id, score, num_bots, previous_rank)
       values ($1, 'new', $2, $3, $4, $5, $6)`,
      [month, rank, user?.id, 250_000 - i * 9_137, 1 + (i % 7), previous],
    );
    if (rank <= 5) {
      await sql(
        `insert into leaderboard_entries (month, type, rank, user_id, score, num_bots, previous_rank)
         values ($1, 'all', $2, $3, $4, $5, null)`,
        [month, 6 - rank, user?.id, 900_000 + rank * 1_000, 10 + rank],
      );
    }
  }
  return usernames;
}

test('an admin approves a month and everyone sees the leaderboard @mobile', async ({
  page,
}, testInfo) => {
  // A long journey (a guest, an admin's review and approval, two tabs, eight screenshots): 59 s on an idle
  // desktop run, so the default minute is too tight.
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const month = uniqueMonth();
  const usernames = await seedPendingMonth(month);
  const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  // Pending: a guest sees nothing of it.
  await page.goto(`/creators/leaderboard?date=${month}`);
  await expect(page.getByRole('heading', { name: 'Creators Leaderboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No creators ranked yet' })).toBeVisible();
  await expect(page.getByText(usernames[0] ?? 'missing')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Prizes' })).toBeVisible();
  await shot(page, 'pending-guest', project);

  // The admin looks it over and approves it.
  const { email } = await signInAsNewMember(page, 'lbadmin');
  await makeAdmin(email);
  await page.goto(`/admin/leaderboard?date=${month}`);
  await expect(page.getByRole('heading', { name: 'Creators leaderboard', level: 1 })).toBeVisible();
  const review = page.getByRole('region', { name: new RegExp(monthName) });
  await expect(review.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ranked creators' })).toContainText(
    usernames[0] ?? 'missing',
  );
  await shot(page, 'admin-pending', project);
  await page.getByRole('button', { name: `Approve ${monthName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is approved' })).toBeVisible();
  await expect(review.getByText('Approved', { exact: true })).toBeVisible();

  // Everyone sees it now: the menu leads there.
  await page.goto('/');
  await page.getByRole('button', { name: 'More chatbot pages' }).click();
  await page.getByRole('menuitem', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/creators\/leaderboard$/);
  await page.goto(`/creators/leaderboard?date=${month}`);
  const podium = page.getByRole('list', { name: 'Top 3' });
  await expect(podium.getByRole('listitem')).toHaveCount(3);
  await expect(podium).toContainText(usernames[0] ?? 'missing');
  await expect(podium).toContainText('250.0K');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Rank',
    'Creator',
    'Num Bots',
    'Score',
    'M/M Rank',
  ]);
  await expect(table.getByRole('row')).toHaveCount(26);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('img', { name: 'Two stars' })).toBeVisible();
  await expect(table.getByRole('row').nth(10).getByRole('img', { name: 'One star' })).toBeVisible();
  await expect(table.getByRole('row').nth(11).getByRole('img')).toHaveCount(0);
  await expect(table.getByRole('row').nth(4)).toContainText('New');
  await expect(first.getByRole('link', { name: usernames[0] })).toHaveAttribute(
    'href',
    `/creator/${usernames[0] ?? ''}`,
  );
  await shot(page, 'new-bots', project);

  // Tabs: by keyboard to All Bots, and back by mouse.
  const newTab = page.getByRole('tab', { name: 'New Bots' });
  await expect(newTab).toHaveAttribute('aria-selected', 'true');
  await newTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(new RegExp(`type=all&date=${month}`));
  await expect(page.getByRole('tab', { name: 'All Bots' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(6);
  await expect(page.getByRole('list', { name: 'Top 3' })).toContainText(usernames[4] ?? 'missing');
  await shot(page, 'all-bots', project);
  await page.getByRole('tab', { name: 'New Bots' }).click();
  await expect(page).toHaveURL(new RegExp(`/creators/leaderboard\\?date=${month}$`));

  // The month dropdown: the first option (the newest month) removes date.
  const monthSelect = page.getByRole('combobox', { name: 'Month' });
  await expect(monthSelect).toBeVisible();
  await monthSelect.selectOption({ index: 0 });
  await expect(page).toHaveURL(/\/creators\/leaderboard$/);
});
