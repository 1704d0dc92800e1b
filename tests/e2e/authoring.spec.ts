/**
 * Creating chatbots (issue 10): the create routes are not taken for chatbot ids any more, guests get
 * the create teaser, and a member saves a draft, restores it, publishes the bot, sees it under review
 * in My Chatbots (the e2e model never answers a verdict, so it goes to a moderator), an admin approves
 * it on the review screen, and the creator edits it; another member may not open its editor. A member
 * imports a Character Card into the editor and the saved chatbot's export keeps the card's data.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  makeAdmin,
  restrictToLimitedAccess,
  signInAsNewMember,
  uniqueSuffix,
} from './onboarding-steps';
import { slowReply } from './global-setup';

/** The shared sample cards (../shared/fixtures). */
const fixtures = path.resolve(import.meta.dirname, '../../../shared/fixtures');

test.describe('chatbot routes for guests', () => {
  test('the create, draft, edit and legacy create paths reach the editor or its teaser', async ({
    page,
  }) => {
    for (const path of [
      '/chatbot/create',
      '/chatbot/create/3f0c2a1e-draft',
      '/chatbot/edit/3f0c2a1e-0000-4000-8000-000000000000',
      '/chat/create',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Create your own chatbots' })).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
    await expect(page).toHaveURL(/\/chatbot\/create$/);
    await expect(page.getByRole('region', { name: 'Unlock Bot Creation' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'What creators get' }).getByRole('listitem'),
    ).toHaveText([/Public chatbots/, /Private chatbots/, /Creator rewards/]);
    await page.getByRole('button', { name: 'Create Free Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign In' })).toBeVisible();
  });

  test('My Chatbots asks a guest to sign in', async ({ page }) => {
    await page.goto('/my-chatbots');
    await expect(page.getByRole('heading', { name: 'You are not logged in yet!' })).toBeVisible();
  });
});

async function newPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  return context.newPage();
}

test(
  'a member drafts, publishes, sees the review, gets approved and edits a chatbot',
  { tag: '@mobile' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(150_000);
    await signInAsNewMember(page, 'creator', { name: 'Ada' });
    await page.getByRole('banner').getByRole('link', { name: 'Create Chatbot' }).click();
    await expect(page).toHaveURL(/\/chatbot\/create$/);
    await expect(page.getByRole('heading', { name: 'Chatbot Editor', level: 1 })).toBeVisible();

    // The shared schema's messages, per field.
    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    // The error comes first, then the counter (issue 28 §6).
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      /^This field is required 0 of \d+ characters$/,
    );
    // The refused save takes the focus to the first field to fix, with its error read out.
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(page.getByText('You must agree with the Community Guidelines')).toBeVisible();

    const name = `Captain ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Title' }).fill('Commands a sky ship');
    await page.getByRole('textbox', { name: 'Greeting' }).fill('Welcome aboard the Aurora!');
    await page.getByRole('textbox', { name: 'Personality' }).fill('Stern but fair, loves maps.');
    // The live token count follows the text (about four characters a token).
    await expect(page.getByRole('status').filter({ hasText: /^\d+ tokens$/ })).toHaveText(
      '14 tokens',
    );
    await page.getByRole('textbox', { name: 'Tags' }).fill('Adventure');
    await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await expect(page.getByRole('list', { name: 'Chosen tags' })).toContainText('Adventure');
    await page.getByRole('radio', { name: /Public/ }).check();
    await expect(
      page.getByText('Its definition (personality, scenario, example dialogues) will be visible'),
    ).toBeVisible();

    // Save Draft keeps it in this browser and moves to the draft's address.
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL(/\/chatbot\/create\/[\w-]+$/);
    await expect(page.getByRole('status').filter({ hasText: 'Chatbot Saved' })).toBeVisible();
    const draftUrl = page.url();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(page.getByRole('radio', { name: /Public/ })).toBeChecked();
    await page.goto('/my-chatbots');
    await expect(page.getByRole('link', { name: /Drafts/ })).toContainText('1 draft saved');
    await page.goto(draftUrl);

    // Leaving with unsaved changes asks first.
    // The marker makes the review's model answer slowly, so the chatbot is seen in review first.
    await page
      .getByRole('textbox', { name: 'Scenario' })
      .fill(`High above the clouds. ${slowReply}`);
    await page.getByRole('banner').getByRole('link', { name: 'My Chatbots' }).click();
    const guard = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(guard).toBeVisible();
    await guard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(draftUrl);

    // Publishing is confirmed, then the chat opens.
    await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
    await page.getByRole('button', { name: 'Create Chatbot' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit for review' });
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
    const characterId = /\/chat\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

    // In My Chatbots it is in review; the draft is gone. The e2e model streams prose, not a verdict,
    // so the review hands it to a moderator.
    await page.goto('/my-chatbots');
    await expect(page.getByRole('status').filter({ hasText: '1 chatbot found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Drafts/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Chat with ${name}, Under Review` })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByText('Under Manual Review')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    // Greyed out and not clickable, with no editor.
    await expect(page.getByRole('link', { name: new RegExp(`Chat with ${name}`) })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Edit ${name}` })).toHaveCount(0);
    // Its chat, opened by address, leads back to My Chatbots.
    await page.goto(`/chat/${characterId}`);
    await expect(page).toHaveURL(/\/my-chatbots$/);
    await expect(page.getByText('Under Manual Review')).toBeVisible();

    // Another member (an admin) may not open its editor, and approves it on the review screen.
    const admin = await newPage(browser, testInfo);
    const { email: adminEmail } = await signInAsNewMember(admin, 'moderator', {
      name: 'Ada',
      path: `/chatbot/edit/${characterId}`,
    });
    await expect(admin.getByText('You are not allowed to access this page')).toBeVisible();
    await makeAdmin(adminEmail);
    await admin.goto('/admin');
    await admin.getByRole('link', { name: 'Chatbot review' }).click();
    const card = admin.getByRole('region', { name: new RegExp(name) });
    await expect(card).toContainText('The automatic review could not decide');
    await card.getByRole('textbox', { name: 'Action taken' }).fill('Read it: fine for everyone.');
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveCount(0);
    await admin.context().close();

    // Listed now: public, and the creator may edit it again.
    await page.reload();
    await expect(page.getByRole('link', { name: `Chat with ${name}, Public` })).toBeVisible();
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(`/chatbot/edit/${characterId}`);
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Commands a sky ship');
    await page.getByRole('textbox', { name: 'Title' }).fill('Commands the fastest sky ship');
    await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
    await page.getByRole('button', { name: 'Save Chatbot' }).click();
    await page
      .getByRole('dialog', { name: 'Submit for review' })
      .getByRole('button', { name: 'Submit' })
      .click();
    await expect(page).toHaveURL(/\/my-chatbots$/);
    await expect(
      page.getByRole('link', { name: new RegExp(`Chat with ${name}, Under`) }),
    ).toBeVisible();
  },
);

test('a member imports a card, sees what it holds, creates the chatbot and exports it with the card data kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await signInAsNewMember(page, 'importer', {
    name: 'Ada',
    path: '/chatbot/create',
  });
  await page.getByRole('button', { name: 'Import card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a character card' });
  await dialog
    .getByLabel('Character card file')
    .setInputFiles(path.join(fixtures, 'cards', 'minimal_v2.json'));
  // The preview shows what the card holds before anything is saved.
  await expect(dialog).toContainText('Test Character V2');
  await expect(dialog).toContainText("Hello! I'm a test character. How can I help?");
  await dialog.getByRole('button', { name: 'Use this card' }).click();
  await expect(dialog).toBeHidden();

  // A draft keeps the card's other data too: the chatbot is created from the restored draft.
  await page.getByRole('button', { name: 'Save Draft' }).click();
  await expect(page).toHaveURL(/\/chatbot\/create\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Chatbot Saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Test Character V2');
  await expect(page.getByRole('textbox', { name: 'Greeting' })).toHaveValue(
    "Hello! I'm a test character. How can I help?",
  );
  // The card has no title; the creator gives one, keeps it private and creates it.
  await page.getByRole('textbox', { name: 'Title' }).fill('Imported from a card');
  await page.getByRole('radio', { name: /Private/ }).check();
  await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\//);
  const id = new URL(page.url()).pathname.split('/')[2] ?? '';

  // Its export carries the card's fields we have no place for (creator notes, other greetings).
  await page.goto(`/chatbot/${id}`);
  const group = page.getByRole('group', { name: 'Export card' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('button', { name: 'JSON V2' }).click(),
  ]);
  const card: unknown = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(card).toMatchObject({
    spec: 'chara_card_v2',
    data: {
      name: 'Test Character V2',
      first_mes: "Hello! I'm a test character. How can I help?",
      creator_notes: 'Created for automated testing',
      alternate_greetings: ['Hi there! Ready for testing?'],
    },
  });

  // Restricted by a moderator while editing: saving opens the Restricted! dialog, not an inline error.
  await page.goto(`/chatbot/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Imported from a card');
  await restrictToLimitedAccess(email);
  await page.getByRole('textbox', { name: 'Title' }).fill('Edited while restricted');
  await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Save Chatbot' }).click();
  const restricted = page.getByRole('dialog', { name: 'Restricted!' });
  await expect(restricted).toContainText(
    'Uploading and editing chatbots is disabled for this account; chat still works.',
  );
  await restricted.getByRole('button', { name: 'Close' }).click();
  await expect(restricted).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
