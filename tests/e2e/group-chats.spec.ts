/**
 * Group chats in Chromium (issue 12, item 6): a member fills Create Group, opens the member picker,
 * meets the Minimum Chatbots Required dialog, adds three chatbots from Explore, comes back to the form
 * as it was, creates the group and finds it in My Group Chats. Then (items 6 and 10) the member opens
 * the group's chat, sends a message, sees the reply labelled with a member, picks a member in "Who speaks
 * next" and sees that member answer, the choice going back to Anyone after the send. A guest opens an
 * unlisted group by its link and chats with it: no persona choice, and the premium Next and Auto
 * Response offer the upgrade.
 */
import { expect, test, type Page } from '@playwright/test';
import { chooseAvatar } from './avatar-steps';
import { setRole, signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { groupAutoTurnsPerRound } from '#shared/rules/group-turns';
import { newUnlistedGroup, sql } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-groupclone');

/** Signs a new member in and creates a group of three Explore chatbots; resolves the group's name and the member's email. */
async function createGroupOfThree(
  page: Page,
  who: string,
): Promise<{ name: string; email: string }> {
  const suffix = uniqueSuffix();
  const { email } = await signInAsNewMember(page, who, {
    email: `${who}-${suffix}@example.com`,
    username: `g_${suffix}`,
    name: 'Gale',
    path: '/groupchat/create',
  });

  await expect(page.getByRole('heading', { name: 'Create Group' })).toBeVisible();
  await chooseAvatar(page);
  const name = `Crew ${suffix}`.slice(0, 20);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Greeting' }).fill('Welcome to the tavern, {{user}}.');

  // Nothing is saved yet, so Add Members goes straight to the picker (issue 28 §8).
  await page.getByRole('button', { name: 'Add Members' }).click();
  await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Minimum Chatbots Required' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const rows = page.getByRole('list', { name: 'Chatbots' });
  const adds = rows.getByRole('button', { name: /^Add / });
  for (let i = 0; i < 3; i++) await adds.first().click();
  await expect(page.getByText('3 of 10 chatbots selected')).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  await expect(page).toHaveURL(/\/groupchat\/create$/);
  // The form comes back as it was, with the selection.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(page.getByRole('heading', { name: 'Chatbots (3/10)' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Speaks first' })).toHaveCount(3);

  await page.getByRole('checkbox', { name: /Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Group' }).click();
  await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
  return { name, email };
}

/**
 * The members who spoke in the member's conversations, in order, greeting first. The log renders only
 * the messages near the viewport, so at 390px a long reply can take an older one off the screen: counts
 * are read from what is stored.
 */
async function storedSpeakers(email: string): Promise<string[]> {
  const rows = await sql<{ speaker: string }>(
    `select s.name as speaker from messages m
       join conversations c on c.id = m.conversation_id
       join users u on u.id = c.user_id
       join characters s on s.id = m.sub_character_id
     where u.email = $1 and m.role = 'bot' order by m.created_at`,
    [email],
  );
  return rows.map((r) => r.speaker);
}

test('the group form asks before leaving and before a public save, never before the picker', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  await signInAsNewMember(page, 'guard', { name: 'Gale', path: '/groupchat/create' });
  await expect(page.getByRole('link', { name: 'Creation Guide' })).toBeVisible();
  const nameBox = page.getByRole('textbox', { name: 'Name' });
  await nameBox.fill('Dropped');

  // Leaving by a link with unsaved changes asks first; Keep editing stays with the form as it was.
  await page.getByRole('link', { name: 'Creation Guide' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(
    leave.getByText('Your changes to this group are not saved. Leave anyway?'),
  ).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/groupchat\/create$/);
  await expect(nameBox).toHaveValue('Dropped');

  // Nothing is saved yet: Add Members asks nothing and the form comes back as it was.
  await page.getByRole('button', { name: 'Add Members' }).click();
  await expect(page).toHaveURL(/\/groupchat\/create\/members$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const adds = page.getByRole('list', { name: 'Chatbots' }).getByRole('button', { name: /^Add / });
  for (let i = 0; i < 3; i++) await adds.first().click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/groupchat\/create$/);
  await expect(nameBox).toHaveValue('Dropped');

  // A public group goes to review, so the save is confirmed first; Cancel stores nothing.
  await chooseAvatar(page);
  await nameBox.fill(`Pub ${suffix}`.slice(0, 20));
  await page.getByRole('textbox', { name: 'Greeting' }).fill('Hello, {{user}}.');
  await page.getByRole('textbox', { name: 'Tags' }).fill('Adventure');
  await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText('Adventure');
  await page.getByRole('radio', { name: 'Public' }).check();
  await page.getByRole('checkbox', { name: /Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Group' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit for review' });
  await expect(
    confirm.getByText('Your group will be reviewed before it is listed publicly.', {
      exact: false,
    }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/groupchat\/create$/);
  await page.getByRole('button', { name: 'Create Group' }).click();
  await page
    .getByRole('dialog', { name: 'Submit for review' })
    .getByRole('button', { name: 'Submit' })
    .click();
  await expect(page).toHaveURL(/\/my-chatbots\/groupchats$/);
});

/** Gives the member two personas, the first their default (no screen needed: personas.spec.ts has those). */
async function givePersonas(email: string): Promise<void> {
  for (const [name, isDefault] of [
    ['Mara', true],
    ['Nico', false],
  ] as const) {
    await sql(
      `insert into personas (user_id, name, highlights, avatar_url, is_default)
       select id, $2, 'Keeps a lighthouse.', '/uploads/persona-avatars/none.webp', $3
       from users where email = $1`,
      [email, name, isDefault],
    );
  }
}

test(
  'creates a group of three chatbots through the member picker',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { name } = await createGroupOfThree(page, `groups-${testInfo.project.name}`);
    const list = page.getByRole('list', { name: 'Group chats' });
    await expect(list.getByText(name)).toBeVisible();
    await expect(list.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
  },
);

test(
  'chats with a group as a chosen persona: replies are labelled with their member and a picked member answers',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const { name, email } = await createGroupOfThree(page, `group-chat-${testInfo.project.name}`);
    await givePersonas(email);
    await page
      .getByRole('list', { name: 'Group chats' })
      .getByRole('link', { name, exact: true })
      .click();
    await expect(page).toHaveURL(/\/groupchat\/[\w-]+$/);

    // The same persona choice as before a chatbot's chat; the greeting greets the one chosen.
    const choice = page.getByRole('dialog', { name: `Who is going to chat with ${name}` });
    await expect(choice.getByRole('radio', { name: 'Mara' })).toBeChecked();
    await choice.getByRole('radio', { name: 'Nico' }).check();
    await choice.getByRole('button', { name: `Chat with ${name}` }).click();
    await expect(choice).toHaveCount(0);
    await expect(page.getByRole('log')).toContainText('Welcome to the tavern, Nico.');

    const turns = page.getByRole('group', { name: 'Turns' });
    const who = turns.getByRole('combobox', { name: 'Who speaks next' });
    await expect(who).toHaveValue('');
    const members = (await who.locator('option').allTextContents()).slice(1);
    expect(members).toHaveLength(3);

    const log = page.getByRole('log');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, everyone!');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="user"]').last()).toContainText('Hello, everyone!');
    // The greeting and one reply, each under its member's name.
    await expect.poll(async () => (await storedSpeakers(email)).length).toBe(2);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);
    const speakers = log.locator('[data-speaker]');
    const first = (await storedSpeakers(email))[1];
    expect(members).toContain(first);
    await expect(speakers.last()).toHaveText(first ?? '');

    const picked = members[2] ?? '';
    await who.selectOption({ label: picked });
    await page.getByRole('textbox', { name: 'Message' }).fill('Your turn, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => (await storedSpeakers(email)).length).toBe(3);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);
    expect((await storedSpeakers(email))[2]).toBe(picked);
    await expect(speakers.last()).toHaveText(picked);
    // The pick was for that message: the group chooses again for the next.
    await expect(who).toHaveValue('');
    // The context meter shows how the newest reply's prompt filled the budget, as in a chatbot's chat
    // (at 390px from the small control in the header).
    if (testInfo.project.name === 'mobile') {
      await page.getByRole('button', { name: 'Context details' }).click();
    }
    await expect(
      page.getByRole('group', { name: 'Context' }).getByText(/^Context: [\d,]+ \/ [\d,]+ tokens$/),
    ).toBeVisible();
    await shoot(page, 'group-context-meter', testInfo.project.name);

    // Next is premium: a free member gets the upgrade modal.
    await turns.getByRole('button', { name: 'Next', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade' });
    await expect(upgrade).toContainText('Auto Response and Next are premium features.');
    await upgrade.getByRole('button', { name: 'Close' }).click();
    await expect(upgrade).toHaveCount(0);

    // The header menu offers Change Persona, and Auto Response, premium as Next is.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await expect(page.getByRole('menuitem', { name: 'Change Persona' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Enable Auto Response' }).click();
    await expect(upgrade).toContainText('Auto Response and Next are premium features.');
    await upgrade.getByRole('button', { name: 'Close' }).click();
  },
);

test('a premium member turns Auto Response on: the bots answer each other, then off: one answers', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const { name, email } = await createGroupOfThree(page, `auto-${testInfo.project.name}`);
  await setRole(email, 'paid_premium');
  // A page load refreshes the session, so the token carries the premium role.
  await page.goto('/my-chatbots/groupchats');
  await page
    .getByRole('list', { name: 'Group chats' })
    .getByRole('link', { name, exact: true })
    .click();
  await expect(page).toHaveURL(/\/groupchat\/[\w-]+/);

  const log = page.getByRole('log');
  const speakers = () => storedSpeakers(email);
  const send = async (text: string) => {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="user"]').last()).toContainText(text);
  };
  const menu = async (item: string) => {
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };

  // The switch is kept per conversation, so it is offered once the conversation exists.
  await send('Hello, everyone!');
  await expect.poll(async () => (await speakers()).length).toBe(2);
  await expect(log.locator('[data-streaming]')).toHaveCount(0);
  await menu('Enable Auto Response');
  await expect(page.getByText('Auto Response enabled')).toBeVisible();

  // One message, then the bots keep answering each other up to the round's bound, each in turn.
  await send('Tell me about this place.');
  await expect
    .poll(async () => (await speakers()).length, { timeout: 60_000 })
    .toBe(2 + groupAutoTurnsPerRound);
  await expect(log.locator('[data-streaming]')).toHaveCount(0);
  const round = (await speakers()).slice(-groupAutoTurnsPerRound);
  expect(new Set(round).size).toBe(3);
  round.slice(1).forEach((speaker, i) => {
    expect(speaker).not.toBe(round[i]);
  });
  // The screen shows the round's last reply under its member's name.
  await expect(log.locator('[data-speaker]').last()).toHaveText(round.at(-1) ?? '');

  // Off: a message gets one reply, and nobody goes on.
  await menu('Disable Auto Response');
  await expect(page.getByText('Auto Response disabled')).toBeVisible();
  await send('Just one of you, please.');
  await expect.poll(async () => (await speakers()).length).toBe(3 + groupAutoTurnsPerRound);
  await expect(log.locator('[data-streaming]')).toHaveCount(0);
  await page.waitForTimeout(2_000);
  expect(await speakers()).toHaveLength(3 + groupAutoTurnsPerRound);
});

test(
  'a guest opens a group by its link and chats; Next and Auto Response offer the upgrade',
  { tag: '@mobile' },
  async ({ page }) => {
    const group = await newUnlistedGroup();
    await page.goto(`/groupchat/${group.id}`);

    // No persona choice for a guest: the chat opens with the greeting, spoken by the greeter.
    await expect(page.getByRole('heading', { name: group.name })).toBeVisible();
    const log = page.getByRole('log');
    const speakers = log.locator('[data-speaker]');
    await expect(speakers.first()).toHaveText(group.members[1] ?? '');
    await expect(log).toContainText('Welcome to the tavern, friend.');

    const turns = page.getByRole('group', { name: 'Turns' });
    const who = turns.getByRole('combobox', { name: 'Who speaks next' });
    await who.selectOption({ label: group.members[0] ?? '' });
    await page.getByRole('textbox', { name: 'Message' }).fill('Ada, tell me about this place.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="user"]').last()).toContainText('about this place');
    await expect(log.locator('[data-role="bot"]')).toHaveCount(2);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);
    await expect(speakers.last()).toHaveText(group.members[0] ?? '');
    await expect(who).toHaveValue('');

    // Next is premium: the upgrade modal, and the chat goes on as it was.
    await turns.getByRole('button', { name: 'Next', exact: true }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade' });
    await expect(upgrade).toContainText('Auto Response and Next are premium features.');
    await upgrade.getByRole('button', { name: 'Close' }).click();
    await expect(upgrade).toHaveCount(0);

    // The header menu: no Change Persona for a guest; Auto Response is premium too.
    await page.getByRole('button', { name: 'Chat options' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Change Persona' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Enable Auto Response' }).click();
    await expect(upgrade).toContainText('Auto Response and Next are premium features.');
    await upgrade.getByRole('button', { name: 'Close' }).click();
    await expect(log.locator('[data-role="bot"]')).toHaveCount(2);
  },
);

test(
  'a group conversation opened from Recent Chats or a /chat link lands on the group chat screen',
  { tag: '@mobile' },
  async ({ page }) => {
    const group = await newUnlistedGroup();
    await signInAsNewMember(page, 'group-links', { name: 'Lin' });
    await page.goto(`/groupchat/${group.id}`);
    const log = page.getByRole('log');
    const speakers = log.locator('[data-speaker]');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello, all of you.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="bot"]')).toHaveCount(2);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);
    await expect(speakers).toHaveCount(2);
    const conversationId = new URL(page.url()).searchParams.get('conversationId') ?? '';
    expect(conversationId).toMatch(/^[\w-]{36}$/);

    // A fresh conversation elsewhere, so opening the row proves it is that conversation, not the latest.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Start New Chat' }).click();
    await page
      .getByRole('dialog', { name: 'Start New Chat' })
      .getByRole('button', { name: 'Start New Chat' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/groupchat/${group.id}$`));
    await page.getByRole('textbox', { name: 'Message' }).fill('A second chat.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('[data-role="bot"]')).toHaveCount(2);
    await expect(log.locator('[data-streaming]')).toHaveCount(0);

    // Recent Chats, latest first: the older row is the first conversation.
    await page.goto('/chats');
    const rows = page.getByRole('link', { name: new RegExp(`Chat with ${group.name}`) });
    await expect(rows).toHaveCount(2);
    await rows.last().click();
    await expect(page).toHaveURL(`/groupchat/${group.id}?conversationId=${conversationId}`);
    await expect(page.getByRole('heading', { name: group.name })).toBeVisible();
    await expect(log.locator('[data-role="user"]')).toHaveText(['Hello, all of you.']);
    await expect(speakers).toHaveCount(2);
    await expect(page.getByRole('group', { name: 'Turns' })).toBeVisible();

    // An old /chat link to the group redirects there too, keeping the conversation.
    await page.goto(`/chat/${group.id}/${conversationId}`);
    await expect(page).toHaveURL(`/groupchat/${group.id}?conversationId=${conversationId}`);
    await expect(log.locator('[data-role="user"]')).toHaveText(['Hello, all of you.']);
    await expect(speakers).toHaveCount(2);
  },
);

/**
 * Stores a conversation of the member with the group: the greeting by the second member, a message,
 * a reply of the first member, then of the third. Answers its id.
 */
async function storeGroupChat(
  email: string,
  group: { id: string; members: string[] },
  label: string,
): Promise<string> {
  const memberIds = await sql<{ id: string }>(
    'select member_id as id from group_members where group_id = $1 order by position',
    [group.id],
  );
  const speaker = (i: number) => memberIds[i]?.id ?? null;
  const lines = [
    { role: 'bot', content: 'Welcome to the tavern, friend.', speaker: speaker(1) },
    { role: 'user', content: 'Tell me a story, all of you.', speaker: null },
    { role: 'bot', content: 'Once there was a lighthouse.', speaker: speaker(0) },
    { role: 'bot', content: 'And a keeper who never slept.', speaker: speaker(2) },
  ];
  const [conversation] = await sql<{ id: string }>(
    `insert into conversations (user_id, character_id, label)
     select id, $2, $3 from users where email = $1 returning id`,
    [email, group.id, label],
  );
  if (!conversation) throw new Error('no conversation');
  let prev: string | null = null;
  for (const [i, line] of lines.entries()) {
    const rows: { id: string }[] = await sql<{ id: string }>(
      `insert into messages (conversation_id, prev_id, role, content, sub_character_id, created_at)
       values ($1, $2, $3, $4, $5, now() - make_interval(secs => $6)) returning id`,
      [conversation.id, prev, line.role, line.content, line.speaker, lines.length - i],
    );
    prev = rows[0]?.id ?? null;
  }
  await sql('update conversations set last_message_id = $2, message_count = 4 where id = $1', [
    conversation.id,
    prev,
  ]);
  return conversation.id;
}

test(
  'Clone Partially of a group conversation picks the last message on the group screen, from its menu and from Recent Chats',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const group = await newUnlistedGroup();
    const { email } = await signInAsNewMember(page, 'group-clone', { name: 'Lin' });
    const conversationId = await storeGroupChat(email, group, 'Tavern tales');
    const [ada = '', bram = ''] = group.members;

    // From the group screen's menu: the clone dialog, then the pick mode on the same screen.
    await page.goto(`/groupchat/${group.id}?conversationId=${conversationId}`);
    const log = page.getByRole('log');
    await expect(log.getByText('And a keeper who never slept.')).toBeVisible();
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Clone Conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clone Conversation' });
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Tavern tales');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('The lighthouse');
    await dialog.getByRole('button', { name: 'Clone Partially' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/groupchat/${group.id}\\?conversationId=${conversationId}&cloneType=partial&cloneTitle=The\\+lighthouse$`,
      ),
    );
    const bar = page.getByRole('region', { name: 'Pick the last message to clone' });
    await expect(bar.getByRole('button', { name: 'Clone' })).toBeDisabled();
    // The turn bar and the message box make way for the pick bar, as in a chatbot's chat.
    await expect(page.getByRole('group', { name: 'Turns' })).toHaveCount(0);
    await page
      .getByRole('radio', { name: `${ada}'s message: Once there was a lighthouse.` })
      .check();
    await shoot(page, 'group-pick', testInfo.project.name);
    await bar.getByRole('button', { name: 'Clone' }).click();
    await expect(page.getByText('Conversation cloned')).toBeVisible();

    // The copy opens on the group screen, each reply still under its member's name.
    await expect(page).toHaveURL(
      new RegExp(`/groupchat/${group.id}\\?conversationId=(?!${conversationId})[\\w-]{36}$`),
    );
    await expect(bar).toHaveCount(0);
    await expect(log.getByText('Once there was a lighthouse.')).toBeVisible();
    await expect(log.getByText('And a keeper who never slept.')).toHaveCount(0);
    await expect(log.locator('[data-speaker]')).toHaveText([bram, ada]);
    await expect(page.getByRole('group', { name: 'Turns' })).toBeVisible();

    // From Recent Chats: the row's Clone Partially lands on the group screen in the pick mode too.
    await page.goto('/chats');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'More actions for Tavern tales', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Clone Conversation' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Second try');
    await dialog.getByRole('button', { name: 'Clone Partially' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/groupchat/${group.id}\\?conversationId=${conversationId}&cloneType=partial&cloneTitle=Second\\+try$`,
      ),
    );
    await expect(bar).toBeVisible();
    await expect(log.getByText('And a keeper who never slept.')).toBeVisible();
    // Cancel leaves the mode and keeps the conversation; nothing was cloned.
    await bar.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`/groupchat/${group.id}?conversationId=${conversationId}`);
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await page.goto('/chats');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2);
  },
);
