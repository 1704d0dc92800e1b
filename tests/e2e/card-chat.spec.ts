/**
 * A chat with a chatbot imported from a card (issue 27 items 1-2): the member swipes the greeting
 * through the card's alternate greetings, chats from the one shown, and the prompt view shows the
 * card's system prompt in place of ours.
 */
import { expect, test } from '@playwright/test';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('test-results/screenshots/card-chat');

/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

test('a member imports a card, swipes its greeting, chats and sees the card system prompt', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
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
    },
  };
  await signInAsNewMember(page, 'cardchat', { name: 'Ada', path: '/chatbot/create' });
  await page.getByRole('button', { name: 'Import card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a character card' });
  await dialog.getByLabel('Character card file').setInputFiles({
    name: 'keeper.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(card)),
  });
  await expect(dialog).toContainText(name);
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
  await expect(prompt.getByText(/The storm is here, \w+\. Hold the rail!/)).toBeVisible();
  await shoot(page, 'prompt', testInfo.project.name);
  await prompt.getByRole('button', { name: 'Close' }).click();
});
