/**
 * My Group Chats, group drafts and the member picker in Chromium (issue 12, items 6-7): the list
 * searches, filters and sorts; a draft needs a name and a title of 3 characters, is saved ('Group Draft
 * Saved') and listed on the drafts card and Group Drafts, and a browser that refuses to store keeps the
 * draft as it was and says so; a group below two members reads 'Group unavailable' on its card and its
 * chat; Delete asks first, and a member who may not delete gets the
 * Restricted! dialog. The picker takes My Chatbots or Explore (chatbots only, no group chats), stops at
 * 10 ('You can't add more than 10 chatbots.'), and an unlisted group of private chatbots is refused
 * naming them. A premium member's Next cuts a reply short and hands the turn to another member. Groups
 * and chatbots no screen needs to make are set in the database.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseAvatar } from './avatar-steps';
import { slowReply } from './global-setup';
import {
  restrictToLimitedAccess,
  setRole,
  signInAsNewMember,
  uniqueSuffix,
} from './onboarding-steps';
import { newBot, newCreator, sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-group-lists');

/** Signs a new member in; answers their id and email. */
async function signInMember(page: Page, who: string): Promise<{ id: string; email: string }> {
  const { email } = await signInAsNewMember(page, who, { name: 'Gale' });
  const [row] = await sql<{ id: string }>('select id from users where email = $1', [email]);
  if (!row) throw new Error('no member');
  return { id: row.id, email };
}

/** A chatbot of `creatorId` with the visibility given; answers its id. */
async function newChatbot(creatorId: string, name: string, visibility: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, persona, creator_user_id, visibility,
       definition_visible)
     values ($1, $2, 'A member of an e2e group', 'Hello!', 'Brief.', $3, $4, true) returning id`,
    [`e2e-${uniqueSuffix()}`, name, creatorId, visibility],
  );
  if (!row) throw new Error('no chatbot');
  return row.id;
}

/**
 * A group of `creatorId` with the members given, created `ageDays` ago; answers its id. It has no
 * cover: a public one is listed on home for every journey, and a missing image there is a console
 * error that library.spec's guest journey counts.
 */
async function newGroup(
  creatorId: string,
  name: string,
  options: { visibility: string; members: string[]; ageDays: number; rating?: number },
): Promise<string> {
  const [group] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, avatar_url, visibility, definition_visible,
       type, greeting_character_id, creator_user_id, created_at, rating_score)
     values ($1, $2, 'Friends at a tavern', 'Welcome, {{user}}.', null, $3, true, 'meta', $4, $5,
       now() - make_interval(days => $6), $7) returning id`,
    [
      `e2e-${uniqueSuffix()}`,
      name,
      options.visibility,
      options.members[0],
      creatorId,
      options.ageDays,
      options.rating ?? 0,
    ],
  );
  if (!group) throw new Error('no group');
  for (const [position, memberId] of options.members.entries()) {
    await sql('insert into group_members (group_id, member_id, position) values ($1, $2, $3)', [
      group.id,
      memberId,
      position,
    ]);
  }
  return group.id;
}

/** The names of the cards in the list, in the order shown. */
async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Group chats' })
    .getByRole('listitem')
    .locator('[id$="-name"]')
    .allTextContents();
}

test(
  'My Group Chats searches, filters and sorts, lists drafts, reads Group unavailable and deletes',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { id: me, email } = await signInMember(page, 'glist');
    const bots = [await newChatbot(me, 'Ada', 'private'), await newChatbot(me, 'Bram', 'private')];
    const [ada = '', bram = ''] = bots;
    await newGroup(me, 'Mid Harbor', {
      visibility: 'public',
      members: [ada, bram],
      ageDays: 2,
      rating: 0.9,
    });
    await newGroup(me, 'Zeta Inn', { visibility: 'private', members: [ada, bram], ageDays: 1 });
    await newGroup(me, 'Alpha Camp', { visibility: 'private', members: [ada, bram], ageDays: 3 });
    const lone = await newGroup(me, 'Lone Tower', {
      visibility: 'private',
      members: [ada],
      ageDays: 4,
    });

    await page.goto('/my-chatbots/groupchats');
    const list = page.getByRole('list', { name: 'Group chats' });
    await expect(list.getByRole('listitem')).toHaveCount(4);
    expect(await cardNames(page)).toEqual(['Zeta Inn', 'Mid Harbor', 'Alpha Camp', 'Lone Tower']);
    // A group below two members says so on its card.
    await expect(
      list.getByRole('link', { name: 'Lone Tower', exact: true }),
    ).toHaveAccessibleDescription(/Group unavailable/);
    await shoot(page, 'my-group-chats', testInfo.project.name);

    const sort = page.getByRole('combobox', { name: 'Sort' });
    await sort.selectOption('Oldest');
    expect(await cardNames(page)).toEqual(['Lone Tower', 'Alpha Camp', 'Mid Harbor', 'Zeta Inn']);
    await sort.selectOption('Name');
    expect(await cardNames(page)).toEqual(['Alpha Camp', 'Lone Tower', 'Mid Harbor', 'Zeta Inn']);
    await sort.selectOption('Top rated');
    expect((await cardNames(page))[0]).toBe('Mid Harbor');

    await page.getByRole('combobox', { name: 'Filter' }).selectOption('Public');
    expect(await cardNames(page)).toEqual(['Mid Harbor']);
    await page.getByRole('combobox', { name: 'Filter' }).selectOption('All');
    await page.getByRole('searchbox', { name: 'Search your group chats' }).fill('zeta');
    expect(await cardNames(page)).toEqual(['Zeta Inn']);
    await page.getByRole('searchbox', { name: 'Search your group chats' }).fill('nothing here');
    await expect(page.getByText('No Results Found')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search your group chats' }).fill('');

    // Its chat says the same.
    await page.goto(`/groupchat/${lone}`);
    await expect(page.getByRole('status').filter({ hasText: 'Group unavailable' })).toBeVisible();

    // A draft needs a name and a title of 3 characters; it is saved and listed.
    await page.goto('/groupchat/create');
    const title = page.getByRole('textbox', { name: 'Title' });
    // The title defaults to today's date.
    await expect(title).toHaveValue(
      new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    await page.getByRole('textbox', { name: 'Name' }).fill('Dr');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(
      page.getByText('Name and title need at least 3 characters to save a draft.'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Draft Den');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Group Draft Saved')).toBeVisible();
    await expect(page).toHaveURL(/\/groupchat\/create\/[\w-]+$/);
    const draftUrl = page.url();

    await page.goto('/my-chatbots/groupchats');
    await page.getByRole('link', { name: 'Drafts (1)' }).click();
    await expect(page).toHaveURL(/\/groupchat\/drafts$/);
    const drafts = page.getByRole('list', { name: 'Group drafts' });
    await drafts.getByRole('link', { name: 'Draft Den' }).click();
    expect(page.url()).toBe(draftUrl);
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Draft Den');

    // A browser that refuses to store (storage full or turned off) keeps the draft as it was and says so.
    const refuseStorage = () =>
      page.evaluate(() => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      });
    await refuseStorage();
    await page.getByRole('textbox', { name: 'Name' }).fill('Draft Den Two');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByText('Failed to save draft. Please try again.')).toBeVisible();
    await page.goto('/groupchat/drafts');
    await expect(drafts.getByRole('link', { name: 'Draft Den', exact: true })).toBeVisible();
    await refuseStorage();
    await drafts.getByRole('button', { name: 'Remove draft Draft Den' }).click();
    await expect(page.getByText('Oops. Something went wrong')).toBeVisible();
    await shoot(page, 'group-draft-not-removed', testInfo.project.name);
    await expect(drafts.getByRole('link', { name: 'Draft Den', exact: true })).toBeVisible();
    await page.reload();
    await drafts.getByRole('button', { name: 'Remove draft Draft Den' }).click();
    await expect(page.getByText('No Results Found')).toBeVisible();

    // Delete asks first, then the group is gone.
    await page.goto('/my-chatbots/groupchats');
    await list.getByRole('button', { name: 'Delete Zeta Inn' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete group chat' });
    await ask.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Group deleted')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(3);

    // A member who may no longer delete gets the Restricted! dialog, and the group stays.
    await restrictToLimitedAccess(email);
    await list.getByRole('button', { name: 'Delete Alpha Camp' }).click();
    await ask.getByRole('button', { name: 'Delete' }).click();
    const restricted = page.getByRole('dialog', { name: 'Restricted!' });
    await expect(restricted).toBeVisible();
    await shoot(page, 'group-delete-restricted', testInfo.project.name);
    await restricted.getByRole('button', { name: 'Close' }).click();
    await expect(list.getByRole('link', { name: 'Alpha Camp', exact: true })).toBeVisible();
  },
);

test(
  'the member picker: Explore lists chatbots and no groups, My Chatbots, at most 10, and private members named on save',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const { id: me } = await signInMember(page, 'gpick');
    const mine: string[] = [];
    for (let i = 1; i <= 11; i++) mine.push(`${suffix} P${String(i).padStart(2, '0')}`);
    for (const name of mine) await newChatbot(me, name, 'private');
    // A listed chatbot and a listed group of another creator, both named after the suffix.
    const other = await newCreator();
    const listed = await newBot(other.id, { name: `${suffix} bot` });
    await newGroup(other.id, `${suffix} group`, {
      visibility: 'public',
      members: [listed, await newBot(other.id, { name: `${suffix} mate` })],
      ageDays: 0,
    });

    await page.goto('/groupchat/create');
    await page.getByRole('button', { name: 'Add Members' }).click();
    await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
    const rows = page.getByRole('list', { name: 'Chatbots' });
    const search = page.getByRole('searchbox', { name: 'Search chatbots' });

    // Explore lists the listed chatbots, never a group chat (a group is no member of a group).
    await search.fill(suffix);
    await expect(rows.getByRole('button', { name: `Add ${suffix} bot` })).toBeVisible();
    await expect(rows.getByRole('button', { name: `Add ${suffix} mate` })).toBeVisible();
    await expect(rows.getByText(`${suffix} group`)).toHaveCount(0);

    // My Chatbots lists the member's own, private ones too; at most 10 may be added.
    await page.getByRole('combobox', { name: 'Data source' }).selectOption('My Chatbots');
    await expect(rows.getByRole('listitem')).toHaveCount(11);
    for (const name of mine.slice(0, 10)) {
      await rows.getByRole('button', { name: `Add ${name}` }).click();
    }
    await expect(page.getByText('10 of 10 chatbots selected')).toBeVisible();
    await rows.getByRole('button', { name: `Add ${mine[10] ?? ''}` }).click();
    await expect(page.getByRole('alert')).toHaveText("You can't add more than 10 chatbots.");
    await shoot(page, 'group-picker-limit', testInfo.project.name);
    await expect(page.getByText('10 of 10 chatbots selected')).toBeVisible();
    // Remove takes one out again.
    for (const name of mine.slice(2, 10)) {
      await rows.getByRole('button', { name: `Remove ${name}` }).click();
    }
    await expect(page.getByText('2 of 10 chatbots selected')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/groupchat\/create$/);
    await expect(page.getByRole('heading', { name: 'Chatbots (2/10)' })).toBeVisible();

    // An unlisted group may not carry private chatbots: the save is refused, naming them.
    await chooseAvatar(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Hidden Crew');
    await page.getByRole('textbox', { name: 'Greeting' }).fill('Hello, {{user}}.');
    await page.getByRole('radio', { name: 'Unlisted' }).check();
    await page.getByRole('checkbox', { name: /Community Guidelines/ }).check();
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      `Public or unlisted groups cannot contain private chatbots: ${mine[0] ?? ''}, ${mine[1] ?? ''}`,
    );
    // The refusal sits by the members, far above the button: the form brings it into view.
    await expect(page.getByRole('alert')).toBeInViewport();
    await shoot(page, 'group-private-members', testInfo.project.name);
    await expect(page).toHaveURL(/\/groupchat\/create$/);
    const [stored] = await sql<{ n: string }>(
      "select count(*) as n from characters where creator_user_id = $1 and type = 'meta'",
      [me],
    );
    expect(stored?.n).toBe('0');
  },
);

test(
  'a premium member presses Next mid-reply: the speaker stops and another member answers',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { id: me, email } = await signInMember(page, 'gnext');
    await setRole(email, 'paid_premium');
    const members = [
      await newChatbot(me, 'Ada', 'private'),
      await newChatbot(me, 'Bram', 'private'),
      await newChatbot(me, 'Cleo', 'private'),
    ];
    const group = await newGroup(me, 'Night Shift', {
      visibility: 'private',
      members,
      ageDays: 0,
    });
    // A page load refreshes the session, so the token carries the premium role.
    await page.goto(`/groupchat/${group}`);
    const log = page.getByRole('log');
    await expect(log.locator('[data-speaker]')).toHaveText(['Ada']);

    // The slow reply keeps the member talking long enough to be cut short.
    await page.getByRole('textbox', { name: 'Message' }).fill(`${slowReply}: tell a long tale.`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-streaming]')).toHaveCount(1);
    const speaker = log.locator('[data-speaker]').last();
    await expect(speaker).not.toHaveText('Ada');
    const stopped = await speaker.textContent();
    const next = page.getByRole('group', { name: 'Turns' }).getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled();
    await shoot(page, 'group-turns-mid-reply', testInfo.project.name);
    await next.click();
    await expect(log.locator('[data-streaming]')).toHaveCount(0, { timeout: 60_000 });
    await expect(speaker).not.toHaveText(stopped ?? '');
    expect(['Ada', 'Bram', 'Cleo']).toContain(await speaker.textContent());
  },
);
