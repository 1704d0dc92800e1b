/**
 * Edit Group in Chromium (issue 12, items 6-7): with unsaved changes, Add Members asks first, and Save
 * Changes stores the edit before the picker opens while Don't Save drops it. Moderation as for
 * chatbots: a flagged group reads Action Required in My Group Chats, 'Fix Me' opens the form under
 * the editor's banner with the visibility locked, 'Submit for Manual Review' is confirmed and sends it
 * to a moderator (greyed out, not clickable, its chat leading back to the list), a group in review is
 * read-only, and editing a flagged group withdraws the manual review. States no screen can reach are
 * set in the database.
 */
import { expect, test, type Page } from '@playwright/test';
import { undecidedReason } from '#shared/rules/moderation';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-group-edit');

/** Signs a new member in; answers their user id. */
async function signInMember(page: Page, who: string): Promise<string> {
  const { email } = await signInAsNewMember(page, who, { name: 'Gale' });
  const [row] = await sql<{ id: string }>('select id from users where email = $1', [email]);
  if (!row) throw new Error('no member');
  return row.id;
}

/**
 * A group of `creatorId` made of three new public chatbots, tagged Adventure, with the moderation
 * state given (none by default); answers its id and name.
 */
async function newOwnGroup(
  creatorId: string,
  options: {
    visibility: 'public' | 'private';
    status?: 'fix_required' | 'rereview_required';
    reasons?: string[];
  },
): Promise<{ id: string; name: string }> {
  const suffix = uniqueSuffix();
  const ids: string[] = [];
  for (const member of ['Ada', 'Bram', 'Cleo']) {
    const [row] = await sql<{ id: string }>(
      `insert into characters (slug, name, title, greeting, persona, visibility, definition_visible)
       values ($1, $2, 'A member of an e2e group', 'Hello!', 'Brief.', 'public', true) returning id`,
      [`e2e-${uniqueSuffix()}`, `${member} ${suffix}`],
    );
    if (!row) throw new Error('no member');
    ids.push(row.id);
  }
  const name = `Crew ${suffix}`;
  const [group] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, scenario, avatar_url, visibility,
       definition_visible, type, greeting_character_id, creator_user_id, moderation_status,
       moderation_reasons)
     values ($1, $2, 'Three friends at a tavern', 'Welcome to the tavern, {{user}}.',
       'A noisy tavern on a rainy night.', '/uploads/character-avatars/e2e-none.webp', $3,
       $3 = 'public', 'meta', $4, $5, $6, $7) returning id`,
    [
      `e2e-${uniqueSuffix()}`,
      name,
      options.visibility,
      ids[0],
      creatorId,
      options.status ?? null,
      options.reasons ?? [],
    ],
  );
  if (!group) throw new Error('no group');
  for (const [position, memberId] of ids.entries()) {
    await sql('insert into group_members (group_id, member_id, position) values ($1, $2, $3)', [
      group.id,
      memberId,
      position,
    ]);
  }
  await sql("insert into tags (name) values ('Adventure') on conflict (name) do nothing", []);
  await sql(
    "insert into character_tags (character_id, tag_id) select $1, id from tags where name = 'Adventure'",
    [group.id],
  );
  return { id: group.id, name };
}

async function stored(id: string): Promise<{ title: string; moderation_status: string | null }> {
  const [row] = await sql<{ title: string; moderation_status: string | null }>(
    'select title, moderation_status from characters where id = $1',
    [id],
  );
  if (!row) throw new Error('no group');
  return row;
}

const editUrl = (id: string) => `/groupchat/edit?characterId=${id}`;

test(
  "Edit Group: Save Changes stores the edit and opens the picker; Don't Save drops it",
  { tag: '@mobile' },
  async ({ page }) => {
    const memberId = await signInMember(page, 'editor');
    const group = await newOwnGroup(memberId, { visibility: 'private' });
    await page.goto(editUrl(group.id));
    await expect(page.getByRole('heading', { name: 'Edit Group' })).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue('Three friends at a tavern');
    await expect(page.getByRole('heading', { name: 'Chatbots (3/10)' })).toBeVisible();

    // Save Changes saves the group (private: no review to confirm), then opens the picker.
    await title.fill('Four friends at a tavern');
    await page.getByRole('button', { name: 'Add Members' }).click();
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(ask).toContainText('Save your changes to this group before adding members?');
    await ask.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
    await expect(page.getByText('3 of 10 chatbots selected')).toBeVisible();
    expect(await stored(group.id)).toMatchObject({ title: 'Four friends at a tavern' });
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(editUrl(group.id));
    await expect(title).toHaveValue('Four friends at a tavern');

    // Don't Save opens the picker without storing, and the form comes back as stored.
    await title.fill('Dropped title');
    await page.getByRole('button', { name: 'Add Members' }).click();
    await ask.getByRole('button', { name: "Don't Save" }).click();
    await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(editUrl(group.id));
    await expect(title).toHaveValue('Four friends at a tavern');
    expect(await stored(group.id)).toMatchObject({ title: 'Four friends at a tavern' });
  },
);

test(
  'a flagged group: Action Required, Fix Me, Submit for Manual Review, then read-only in review',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const project = testInfo.project.name;
    const memberId = await signInMember(page, 'fixer');
    const reason = 'The greeting should greet the user by name';
    const group = await newOwnGroup(memberId, {
      visibility: 'public',
      status: 'fix_required',
      reasons: [reason],
    });

    // My Group Chats: the label, and Fix Me instead of Edit.
    await page.goto('/my-chatbots/groupchats');
    const card = page
      .getByRole('list', { name: 'Group chats' })
      .getByRole('listitem')
      .filter({ hasText: group.name });
    await expect(card.getByText('Action Required', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: `Edit ${group.name}` })).toHaveCount(0);
    await shoot(page, 'list-action-required', project);
    await card.getByRole('link', { name: `Fix Me: ${group.name}` }).click();
    await expect(page).toHaveURL(editUrl(group.id));

    // The chatbot editor's banner with what the review found; the visibility is locked.
    const banner = page.getByRole('note');
    await expect(banner).toContainText('Action Required');
    await expect(banner.getByRole('list', { name: 'What the review found' })).toHaveText(reason);
    await expect(page.getByRole('radio', { name: 'Public' })).toBeDisabled();
    await expect(page.getByText('The visibility of this group is locked.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeEnabled();
    await shoot(page, 'fix-required', project);

    // Submit for Manual Review is confirmed first; Cancel keeps the form.
    const manual = page.getByRole('button', { name: 'Submit for Manual Review' });
    await manual.click();
    const confirm = page.getByRole('dialog', { name: 'Submit for Manual Review' });
    await expect(confirm).toContainText(
      'A moderator will review your group. You can still chat with it meanwhile, but you cannot edit it until the review ends.',
    );
    await shoot(page, 'manual-confirm', project);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await manual.click();
    await confirm.getByRole('button', { name: 'Submit' }).click();

    // In manual review: the label, greyed out and not clickable, neither Edit nor Fix Me.
    await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
    await expect(card.getByText('Under Manual Review', { exact: true })).toBeVisible();
    await expect(card.getByRole('link')).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Delete ${group.name}` })).toBeVisible();
    await shoot(page, 'list-manual-review', project);
    expect(await stored(group.id)).toMatchObject({ moderation_status: 'manual_review_required' });
    // The e2e model answers prose, not a verdict: the review leaves it with a moderator.
    await expect
      .poll(async () => {
        const [row] = await sql<{ reasons: string[] }>(
          'select moderation_reasons as reasons from characters where id = $1',
          [group.id],
        );
        return row?.reasons;
      })
      .toEqual([undecidedReason]);

    // Its chat, opened by address, leads back to My Group Chats, as a chatbot's does.
    await page.goto(`/groupchat/${group.id}`);
    await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
    await expect(card.getByText('Under Manual Review', { exact: true })).toBeVisible();

    // Its form, opened by address, is read-only under the banner.
    const name = page.getByRole('textbox', { name: 'Name' });
    await page.goto(editUrl(group.id));
    await expect(banner).toContainText(
      'Under Manual Review A moderator is reviewing this group; it cannot be edited meanwhile.',
    );
    await expect(name).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add Members' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Group' })).toBeDisabled();
    await expect(manual).toHaveCount(0);
    await shoot(page, 'locked-manual', project);

    // Resubmitted after a fix (rereview_required): Under Review, read-only too, still open for chat.
    await sql(
      "update characters set moderation_status = 'rereview_required', moderation_reasons = '{}', updated_at = now() where id = $1",
      [group.id],
    );
    await page.reload();
    await expect(banner).toContainText(
      'Under Review This group cannot be edited until its review ends. You can still chat with it.',
    );
    await expect(name).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Greeting' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Group' })).toBeDisabled();
    await shoot(page, 'locked-review', project);
    await page.getByRole('button', { name: 'Save Group' }).scrollIntoViewIfNeeded();
    await shoot(page, 'locked-review-end', project);
    await page.goto('/my-chatbots/groupchats');
    await expect(card.getByText('Under Review', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: group.name, exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /^(Edit|Fix Me)/ })).toHaveCount(0);

    // Flagged again: editing the form withdraws Submit for Manual Review (spec §4).
    await sql(
      "update characters set moderation_status = 'fix_required', moderation_reasons = $2 where id = $1",
      [group.id, [reason]],
    );
    await page.goto(editUrl(group.id));
    await expect(manual).toBeVisible();
    await page.getByRole('textbox', { name: 'Title' }).fill('Three calm friends at a tavern');
    await expect(manual).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Group' })).toBeEnabled();
  },
);
