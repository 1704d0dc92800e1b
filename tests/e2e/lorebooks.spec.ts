/**
 * Lorebooks in Chromium (issue 12): a member creates a lorebook with entries (the spec's messages,
 * the test box naming which entry fires and why), then imports a SillyTavern world file whose entry
 * breaks the 1000-character limit (the report before anything is written, then split), attaches the
 * book to a private chatbot and sees an entry's content in the prompt of a reply once its keyword is
 * said. The Lorebook Guide opens by itself on the first visit to /lorebook/create only, and again from
 * its link. A broken file and a card without a book are refused naming why; a card's book is read.
 * An entry still open in its form counts when the book is created, and the test box reads it as it
 * is typed (issue 28 §7). Screenshots in light and dark go to /tmp/shots-lore.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chooseAvatar } from './avatar-steps';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-lore', { fullPage: true });
const fixtures = path.resolve(import.meta.dirname, '../../../shared/fixtures/lorebooks');

/** Closes the Lorebook Guide, which opens by itself on a browser's first visit to /lorebook/create. */
async function dismissGuide(page: Page) {
  const guide = page.getByRole('dialog', { name: 'Lorebook Guide' });
  await guide.getByRole('button', { name: 'Got it' }).click();
  await expect(guide).toHaveCount(0);
}

async function addEntry(page: Page, name: string, keywords: string, content: string) {
  await page.getByRole('button', { name: 'Add Entry' }).click();
  const form = page.getByRole('region', { name: 'New entry' });
  await form.getByRole('textbox', { name: 'Entry name' }).fill(name);
  await form.getByRole('textbox', { name: 'Keywords' }).fill(keywords);
  await form.getByRole('textbox', { name: 'Content' }).fill(content);
  await form.getByRole('button', { name: 'Save Entry' }).click();
  await expect(page.getByText('Entry added').first()).toBeVisible();
}

test(
  'creates a lorebook with entries and tests which entries fire',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInAsNewMember(page, 'lore-create', { name: 'Lorna', path: '/my-chatbots/lorebooks' });
    await expect(page.getByRole('heading', { name: 'My Lorebooks' })).toBeVisible();
    await expect(page.getByText('No Results Found')).toBeVisible();
    await page.getByRole('link', { name: 'Create Lorebook' }).first().click();
    await expect(page).toHaveURL(/\/lorebook\/create$/);
    await dismissGuide(page);
    await page.getByRole('button', { name: 'Start New' }).click();

    // The spec's messages, per field.
    await page.getByRole('button', { name: 'Create Lorebook' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'This field is required 0 of 25 characters',
    );
    await expect(page.getByText('At least 2 tags are required')).toBeVisible();
    await expect(page.getByText('You must agree to the community guidelines')).toBeVisible();

    await chooseAvatar(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Harbor Lore');
    await page.getByRole('textbox', { name: 'Description' }).fill('The old harbor town.');
    await page.getByRole('textbox', { name: 'Tags' }).fill('Fantasy, Towns');
    // A field's message goes once the field is filled; the others stay until theirs are.
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      '11 of 25 characters',
    );
    await expect(page.getByText('At least 2 tags are required')).toBeHidden();
    await expect(page.getByText('You must agree to the community guidelines')).toBeVisible();

    // An entry's own rules.
    await page.getByRole('button', { name: 'Add Entry' }).click();
    const form = page.getByRole('region', { name: 'New entry' });
    // Content stops at its limit and says so (issue 28 §6).
    const content = form.getByRole('textbox', { name: 'Content' });
    await content.fill('x'.repeat(1001));
    await expect(content).toHaveValue('x'.repeat(1000));
    await expect(content).toHaveAccessibleDescription(/1000 of 1000 characters/);
    await form.getByRole('button', { name: 'Save Entry' }).click();
    await expect(form.getByText('This field is required').first()).toBeVisible();
    await form.getByRole('textbox', { name: 'Entry name' }).fill('The Lighthouse');
    await form.getByRole('textbox', { name: 'Keywords' }).fill('lighthouse, beacon');
    await form.getByRole('textbox', { name: 'Content' }).fill('The lighthouse burns blue.');
    await form.getByRole('button', { name: 'Save Entry' }).click();
    await expect(page.getByText('Entry added').first()).toBeVisible();

    await addEntry(page, 'The Market', 'market', 'The market opens at dawn.');
    await expect(page.getByText('2/100 entries')).toBeVisible();

    const results = page.getByRole('list', { name: 'Test results' });
    await page.getByRole('textbox', { name: 'Sample message' }).fill('Is the Lighthouse lit?');
    await expect(results).toContainText('The Lighthouse — fires: keyword “lighthouse” matched');
    await expect(results).toContainText('The Market — no keyword matched');
    // Plurals do not match by accident.
    await page.getByRole('textbox', { name: 'Sample message' }).fill('Two markets, one beacon.');
    await expect(results).toContainText('The Market — no keyword matched');
    await expect(results).toContainText('The Lighthouse — fires: keyword “beacon” matched');
    await shoot(page, 'editor', testInfo.project.name);

    await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
    await page.getByRole('button', { name: 'Create Lorebook' }).click();
    await expect(page).toHaveURL(/\/lorebook\/edit\/[0-9a-f-]{36}$/);

    // On the saved book, entries save one by one; the last one cannot be deleted.
    await page.getByRole('button', { name: 'Delete entry The Market' }).click();
    await page
      .getByRole('dialog', { name: 'Delete entry' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Entry deleted').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete entry The Lighthouse' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Description' }).fill('The old harbor town, by night.');
    await page.getByRole('button', { name: 'Update Lorebook' }).click();
    await expect(page.getByText('Lorebook updated').first()).toBeVisible();

    await page.goto('/my-chatbots/lorebooks');
    const card = page.getByRole('list', { name: 'Lorebooks' }).getByRole('listitem');
    await expect(card).toContainText('Harbor Lore');
    await expect(card).toContainText('1/100 entries');
    await shoot(page, 'list', testInfo.project.name);
    await card.getByRole('link', { name: /^Harbor Lore/ }).click();
    await expect(page.getByRole('heading', { name: 'Harbor Lore', level: 1 })).toBeVisible();
    await expect(page.getByText('The lighthouse burns blue.')).toBeVisible();
    await shoot(page, 'detail', testInfo.project.name);

    // Export: the character-card book shape with the spec's defaults.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    expect((await download).suggestedFilename()).toBe('Harbor Lore.json');
    const exported: unknown = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
    expect(exported).toMatchObject({
      spec: 'charchat_lorebook',
      data: {
        name: 'Harbor Lore',
        extensions: { 'charchat/tags': ['Fantasy', 'Towns'] },
        entries: [
          {
            name: 'The Lighthouse',
            keys: ['lighthouse', 'beacon'],
            content: 'The lighthouse burns blue.',
            enabled: true,
            priority: 100,
            insertion_order: 100,
            probability: 100,
            extensions: { probability: 100 },
          },
        ],
      },
    });

    await page.goBack();
    await card.getByRole('button', { name: 'Remove Harbor Lore' }).click();
    await page
      .getByRole('dialog', { name: 'Remove lorebook' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(page.getByText('Lorebook removed').first()).toBeVisible();
    await expect(page.getByText('No Results Found')).toBeVisible();
  },
);

test('imports a SillyTavern world, splits what does not fit, attaches it and sees it in the prompt', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signInAsNewMember(page, 'lore-import', { name: 'Lorna', path: '/lorebook/create' });
  await dismissGuide(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await (await chooser).setFiles(path.join(fixtures, 'Eldoria.json'));

  const report = page.getByRole('dialog', { name: 'Some entries do not fit' });
  await expect(report).toContainText('entries[0].content: 1551 characters, maximum is 1000');
  await shoot(page, 'import-report', testInfo.project.name);
  await report.getByRole('button', { name: 'Split long entries' }).click();
  await expect(report).toBeHidden();

  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Eldoria');
  await expect(page.getByText('5/100 entries')).toBeVisible();
  const entries = page.getByRole('list', { name: 'Entries' });
  await expect(entries).toContainText('eldoria (1/2)');
  await expect(entries).toContainText('eldoria (2/2)');
  await chooseAvatar(page);
  await page.getByRole('textbox', { name: 'Description' }).fill('A magical forest.');
  await page.getByRole('textbox', { name: 'Tags' }).fill('Fantasy, Forest');
  await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Lorebook' }).click();
  await expect(page.getByText('Lorebook Imported').first()).toBeVisible();
  await expect(page).toHaveURL(/\/lorebook\/edit\/[0-9a-f-]{36}$/);

  // A private chatbot carries it.
  await page.goto('/chatbot/create');
  const botName = `Warden ${uniqueSuffix()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(botName);
  await page.getByRole('textbox', { name: 'Title' }).fill('Keeps the forest');
  await page.getByRole('textbox', { name: 'Greeting' }).fill('Welcome to the woods.');
  await page.getByRole('textbox', { name: 'Personality' }).fill('Calm, speaks softly.');
  await page.getByRole('radio', { name: /Private/ }).check();
  await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  const characterId = /\/chat\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

  await page.goto(`/chatbot/edit/${characterId}`);
  const section = page.getByRole('region', { name: 'Lorebooks' });
  await section
    .getByRole('combobox', { name: 'Attach a lorebook' })
    .selectOption({ label: 'Eldoria' });
  await section.getByRole('button', { name: 'Attach' }).click();
  await expect(section.getByRole('list', { name: 'Attached lorebooks' })).toContainText('Eldoria');
  await shoot(page, 'attach', testInfo.project.name);

  // Saying a keyword puts its entry in the reply's prompt.
  await page.goto(`/chat/${characterId}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('What is the glade?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/^Context: [\d,]+ \/ [\d,]+ tokens$/)).toBeVisible();
  await page.getByRole('button', { name: 'View prompt' }).click();
  const prompt = page.getByRole('dialog', { name: 'Prompt of the last reply' });
  await expect(prompt.getByText(/a haven of safety/).first()).toBeVisible();
  await expect(prompt).not.toContainText('What are Shadowfangs?');
  await shoot(page, 'prompt', testInfo.project.name);
});

/** A file chosen through Import JSON, built in the test. */
async function importFile(page: Page, name: string, json: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(json) });
}

test("refuses a broken file and a card without a book, naming why, and reads a card's book", async ({
  page,
}, testInfo) => {
  await signInAsNewMember(page, 'lore-files', { name: 'Lorna', path: '/lorebook/create' });
  await dismissGuide(page);
  const alert = page.getByRole('alert');
  await importFile(page, 'broken.json', '{ "entries": [1, 2');
  await expect(alert).toContainText('Invalid JSON file. Please upload a valid lorebook export.');
  await expect(alert).toContainText(/JSON/);
  await importFile(
    page,
    'card.json',
    JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Sage', first_mes: 'Hi' } }),
  );
  await expect(alert).toContainText('This is a character card without a lorebook.');
  // Valid JSON whose every entry fails: the file's problem is named, and every entry's reason listed.
  await importFile(
    page,
    'keyless.json',
    JSON.stringify({
      entries: [
        { keys: [], content: 'No keys here.' },
        { keys: ['a'], content: 'x' },
      ],
    }),
  );
  await expect(alert).toContainText(
    'Valid JSON, but no entry fits: entries[0].keywords: entry has no keywords (and 1 more).',
  );
  const reasons = page.getByRole('list', { name: 'Why each entry does not fit' });
  await expect(reasons).toContainText('entries[0].keywords: entry has no keywords');
  await expect(reasons).toContainText('entries[1].content: 1 characters, minimum is 3');
  await shoot(page, 'import-error', testInfo.project.name);

  const book = {
    name: 'Moon lore',
    entries: [
      {
        keys: ['moon', 'lunar'],
        content: 'The moon is silver dust. '.repeat(20),
        enabled: true,
        insertion_order: 5,
      },
      { keys: [], constant: true, content: 'Always here.', enabled: true, insertion_order: 1 },
    ],
  };
  await importFile(
    page,
    'sage.json',
    JSON.stringify({
      spec: 'chara_card_v2',
      data: { name: 'Sage', first_mes: 'Hi', character_book: book },
    }),
  );
  // A constant entry needs no keywords: both entries fit and fill the form.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Moon lore');
  await expect(page.getByText('2/100 entries')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Entries' })).toContainText('moon, lunar');
  // The test box: the constant entry fires first; the long one matched but does not fit the budget.
  await page.getByRole('spinbutton', { name: 'Token budget' }).fill('50');
  await page.getByRole('textbox', { name: 'Sample message' }).fill('The lunar sea.');
  const results = page.getByRole('list', { name: 'Test results' });
  await expect(results).toContainText(
    /fires: constant \(\d+ tokens\), before the character definition/,
  );
  await expect(results).toContainText(
    /left out for budget: keyword “lunar” matched, but \d+ tokens do not fit the 50-token budget/,
  );
  // The constant entry's settings, under More settings.
  await page.getByRole('button', { name: 'Edit entry Entry 2' }).click();
  const form = page.getByRole('region', { name: /Edit entry/ });
  await form.getByText('More settings').click();
  await expect(form.getByRole('checkbox', { name: /Constant/ })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Placement' })).toHaveValue('before_char');
  await shoot(page, 'entry-settings', testInfo.project.name);
});

test(
  'shows the Lorebook Guide on the first visit only, and again from its link',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await signInAsNewMember(page, 'lore-guide', { name: 'Lorna', path: '/lorebook/create' });
    const guide = page.getByRole('dialog', { name: 'Lorebook Guide' });
    await expect(guide).toContainText('only as a whole word or phrase');
    await expect(guide).toContainText('0 to 50, 4 by default');
    const gotIt = guide.getByRole('button', { name: 'Got it' });
    await expect(gotIt).toBeFocused();
    await shoot(page, 'guide', testInfo.project.name);
    await page.keyboard.press('Escape');
    await expect(guide).toHaveCount(0);

    // Seen in this browser: not again, on a reload or in the editor after Start New.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Create Lorebook' })).toBeVisible();
    await page.getByRole('button', { name: 'Start New' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expect(guide).toHaveCount(0);

    const link = page.getByRole('button', { name: 'Lorebook Guide' });
    await link.click();
    await expect(guide).toContainText('Test keywords');
    await expect(guide).toContainText('A constant entry is always in the prompt');
    await expect(guide).toContainText('NOT ALL: not all of them may appear');
    await gotIt.click();
    await expect(guide).toHaveCount(0);
    await expect(link).toBeFocused();
  },
);

test(
  'creates a lorebook with the entry still open in its form, which the test box reads as typed',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    await signInAsNewMember(page, 'lore-open', { name: 'Lorna', path: '/lorebook/create' });
    await dismissGuide(page);
    await page.getByRole('button', { name: 'Start New' }).click();
    await chooseAvatar(page);
    await page.getByRole('textbox', { name: 'Name' }).fill('Open Lore');
    await page.getByRole('textbox', { name: 'Description' }).fill('An entry never saved.');
    await page.getByRole('textbox', { name: 'Tags' }).fill('Fantasy, Towns');
    await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();

    // The test box fires on the entry being typed, before Save Entry.
    await page.getByRole('button', { name: 'Add Entry' }).click();
    const form = page.getByRole('region', { name: 'New entry' });
    await form.getByRole('textbox', { name: 'Entry name' }).fill('The Bell');
    await form.getByRole('textbox', { name: 'Keywords' }).fill('bell');
    await form.getByRole('textbox', { name: 'Content' }).fill('ok');
    const results = page.getByRole('list', { name: 'Test results' });
    await page.getByRole('textbox', { name: 'Sample message' }).fill('Ring the bell.');
    await expect(results).toContainText('The Bell — fires: keyword “bell” matched');
    await form.getByRole('textbox', { name: 'Keywords' }).fill('gong');
    await expect(results).toContainText('The Bell — no keyword matched');
    await form.getByRole('textbox', { name: 'Keywords' }).fill('bell, gong');

    // Create Lorebook with the entry unfinished says what to do; finished, it counts.
    await page.getByRole('button', { name: 'Create Lorebook' }).click();
    await expect(
      page.getByText('Finish the open entry below, or cancel it, to create the lorebook.'),
    ).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Content' })).toHaveAccessibleDescription(
      /^Content must be at least 3 characters/,
    );
    await form.getByRole('textbox', { name: 'Content' }).fill('The bell rings at noon.');
    await expect(form.getByText('Content must be at least 3 characters')).toHaveCount(0);
    await shoot(page, 'open-entry', testInfo.project.name);
    await page.getByRole('button', { name: 'Create Lorebook' }).click();
    await expect(page).toHaveURL(/\/lorebook\/edit\/[0-9a-f-]{36}$/);
    await expect(page.getByText('1/100 entries')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit entry The Bell' })).toBeVisible();

    // On the saved book, editing an entry is tested as typed too.
    await page.getByRole('button', { name: 'Edit entry The Bell' }).click();
    const edit = page.getByRole('region', { name: 'Edit entry The Bell' });
    await edit.getByRole('textbox', { name: 'Keywords' }).fill('chime');
    await page.getByRole('textbox', { name: 'Sample message' }).fill('A chime sounds.');
    await expect(results).toContainText('The Bell — fires: keyword “chime” matched');
    await expect(
      page.getByText('Save Entry saves the open entry; Update Lorebook saves the rest.'),
    ).toBeVisible();
  },
);
