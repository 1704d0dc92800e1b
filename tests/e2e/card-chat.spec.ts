/**
 * A chat with a chatbot imported from a PNG card (issue 27 items 1-3, 6): the import shows the card's
 * embedded lorebook, the member swipes the greeting through the card's alternate greetings, chats
 * from the one shown, and the prompt view shows the card's system prompt in place of ours and the
 * book's constant entry; the profile shows the card's own art, uncropped.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readPngChunks, textChunk, writePng } from '#shared/cards/png';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('test-results/screenshots/card-chat');

/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

/** Portrait art (2:3, as card sites draw them) with the card in a `chara` chunk before IEND. */
async function pngCard(card: unknown): Promise<Buffer> {
  const art = await sharp({
    create: { width: 400, height: 600, channels: 3, background: { r: 40, g: 90, b: 140 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="600"><circle cx="200" cy="220" r="120" fill="#f2c14e"/><rect x="150" y="360" width="100" height="220" fill="#eeeeee"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const chunks = readPngChunks(new Uint8Array(art));
  const iend = chunks.pop();
  if (iend === undefined) throw new Error('no IEND');
  const chara = Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
  return Buffer.from(writePng([...chunks, textChunk('chara', chara), iend]));
}

test('a member imports a PNG card with a lorebook, swipes its greeting, chats and sees the card in the prompt @mobile', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const name = `Keeper ${uniqueSuffix()}`;
  const card = {
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name,
      description: '{{char}} keeps the lighthouse on the cliff.',
      personality: '',
      scenario: '',
      first_mes: 'Welcome in from the rain, {{user}}.',
      mes_example: '',
      creator_notes: '',
      system_prompt: 'Card rules: narrate {{char}} in the present tense. {{original}}',
      post_history_instructions: '',
      alternate_greetings: ['The storm is here, {{user}}. Hold the rail!'],
      tags: ['Fantasy', 'Adventure'],
      creator: 'E2E',
      character_version: '1',
      extensions: {},
      character_book: {
        name: 'Cliff lore',
        entries: [
          {
            keys: [],
            content: 'The lighthouse lamp burns green on stormy nights.',
            constant: true,
            enabled: true,
            insertion_order: 10,
            name: 'Green lamp',
            extensions: {},
          },
          {
            keys: ['harbour'],
            content: 'The harbour master owes the keeper a favour.',
            enabled: true,
            insertion_order: 20,
            name: 'Harbour master',
            extensions: {},
          },
        ],
      },
    },
  };
  await signInAsNewMember(page, 'cardchat', { name: 'Ada', path: '/chatbot/create' });
  await page.getByRole('button', { name: 'Import card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a character card' });
  await dialog.getByLabel('Character card file').setInputFiles({
    name: 'keeper.png',
    mimeType: 'image/png',
    buffer: await pngCard(card),
  });
  await expect(dialog).toContainText(name);
  // The card's book, reported as a lorebook import reports it; importing it is the first choice.
  const book = dialog.getByRole('region', { name: 'Lorebook' });
  await expect(book).toContainText('The card carries a lorebook (Cliff lore): 2 entries read.');
  await expect(book.getByRole('radio', { name: 'Import it: 2 entries' })).toBeChecked();
  await expect(book.getByRole('radio', { name: 'Leave the lorebook out' })).not.toBeChecked();
  await book.getByRole('radio', { name: 'Import it: 2 entries' }).focus();
  await shoot(page, 'import-book', testInfo.project.name);
  await dialog.getByRole('button', { name: 'Use this card' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Title' }).fill('Imported with its greetings');
  await page.getByRole('radio', { name: /Private/ }).check();
  await page.getByRole('checkbox', { name: /I agree with the Community Guidelines/ }).check();
  await page.getByRole('button', { name: 'Create Chatbot' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\/new$/);

  // The greeting has the card's other greeting as its alternative, browsed as a reply's are.
  const log = page.getByRole('log');
  const greeting = log.locator('[data-role="bot"]').first();
  await expect(greeting).toContainText(/Welcome in from the rain, \w+\./);
  const pager = page.getByRole('toolbar', { name: 'Greeting actions' });
  await expect(pager).toContainText('1/2');
  await pager.getByRole('button', { name: 'Next alternative' }).click();
  await expect(pager).toContainText('2/2');
  await expect(greeting).toContainText(/The storm is here, \w+\. Hold the rail!/);
  await shoot(page, 'greeting-swiped', testInfo.project.name);

  // The chat starts on the greeting shown.
  await page.getByRole('textbox', { name: 'Message' }).fill('I grab the rail.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(log.locator('[data-role="bot"]').last()).toContainText(lastWord);
  await page.reload();
  await expect(log.locator('[data-role="bot"]').first()).toContainText(
    /The storm is here, \w+\. Hold the rail!/,
  );
  await expect(log.locator('[data-role="bot"]').last()).toContainText(lastWord);

  // The prompt view shows the card's system prompt, ours after it where {{original}} stood.
  if (testInfo.project.name === 'mobile') {
    await page.getByRole('button', { name: 'Context details' }).click();
  }
  await page.getByRole('button', { name: 'View prompt' }).click();
  const prompt = page.getByRole('dialog', { name: 'Prompt of the last reply' });
  await expect(
    prompt.getByText(`Card rules: narrate ${name} in the present tense. You are ${name}.`),
  ).toBeVisible();
  // The card book's constant entry is in the prompt without any keyword; the other is not.
  await expect(
    prompt.getByText(/The lighthouse lamp burns green on stormy nights\./),
  ).toBeVisible();
  await expect(prompt).not.toContainText('The harbour master owes the keeper a favour.');
  await expect(prompt.getByText(/The storm is here, \w+\. Hold the rail!/)).toBeVisible();
  await shoot(page, 'prompt', testInfo.project.name);
  await prompt.getByRole('button', { name: 'Close' }).click();

  // The profile shows the card's own portrait art; the square avatar is derived from it.
  const characterId = /\/chat\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
  await page.goto(`/chatbot/${characterId}`);
  const art = page.getByRole('img', { name: `Card art of ${name}` });
  await expect(art).toBeVisible();
  const size = await art.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([400, 600]);
  await shoot(page, 'profile-art', testInfo.project.name);
});
