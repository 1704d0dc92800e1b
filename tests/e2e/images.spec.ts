/**
 * Images in the conversation (issue 26 item 2): a basic member generates a reply's image from an
 * edited image prompt with the conversation's image settings, watches its progress in the message,
 * sees it appear, rates it and generates it again; a free member gets the upgrade path instead.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSeededChatbot } from './product-db';
import { setRole, signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-images');

/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

async function chatWithOneReply(page: Page) {
  await openSeededChatbot(page, 'juno-okafor');
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Show me the harbour.');
  await page.getByRole('button', { name: 'Send' }).click();
  const bubble = page.getByRole('log').locator('[data-role="bot"]').last();
  await expect(bubble).toContainText(lastWord);
  return bubble;
}

test(
  'a basic member generates an image in a chat, sees its progress and the picture, rates it',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    // Two images drawn, a rating, a reload and eight screenshots: longer than one reply's journey.
    test.setTimeout(180_000);
    const { email } = await signInAsNewMember(page, 'images');
    await setRole(email, 'paid_basic');
    const reply = await chatWithOneReply(page);
    const actions = page.getByRole('log').getByRole('toolbar', { name: 'Message actions' }).last();
    await actions.getByRole('button', { name: 'Generate image' }).click();

    const dialog = page.getByRole('dialog', { name: 'Generate image' });
    const prompt = dialog.getByLabel('Image prompt');
    await expect(prompt).toHaveValue(/story1 story2/);
    await prompt.fill('A SLOW lantern-lit harbour at dusk');
    await expect(dialog.getByLabel('Style')).toHaveValue('anime');
    await expect(dialog.getByRole('option', { name: 'Anime V2 (Premium)' })).toBeDisabled();
    await dialog.getByLabel('Style').selectOption('semi-realistic');
    await dialog.getByLabel('Prompt suffix').fill('soft rain');
    await dialog.getByLabel('Negative prompt').fill('people');
    await expect(dialog.getByRole('switch', { name: 'NSFW mode' })).not.toBeChecked();
    await shoot(page, 'generate-dialog', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(dialog).toHaveCount(0);

    const progress = reply.getByRole('progressbar', { name: 'Image progress' });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shoot(page, 'progress', testInfo.project.name);

    const picture = reply.getByRole('img', { name: 'Image: A SLOW lantern-lit harbour at dusk' });
    await expect(picture).toBeVisible({ timeout: 20_000 });
    await expect(progress).toHaveCount(0);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await shoot(page, 'image', testInfo.project.name);

    await reply.getByRole('button', { name: 'Rate image' }).click();
    const rate = page.getByRole('dialog', { name: 'Rate this image' });
    await rate.getByRole('radio', { name: 'Great' }).check();
    await rate.getByRole('checkbox', { name: 'Relevant' }).check();
    await expect(rate.getByRole('checkbox', { name: 'Scary' })).toHaveCount(0);
    await shoot(page, 'rate-image', testInfo.project.name);
    await rate.getByRole('button', { name: 'Submit' }).click();
    await expect(rate).toHaveCount(0);
    await expect(reply).toContainText('Image rated Great');

    // Edit the image prompt and generate again; the settings were kept for the conversation.
    await reply.getByRole('button', { name: 'Edit image prompt' }).click();
    await expect(dialog.getByLabel('Image prompt')).toHaveValue(
      'A SLOW lantern-lit harbour at dusk',
    );
    await expect(dialog.getByLabel('Style')).toHaveValue('semi-realistic');
    await expect(dialog.getByLabel('Prompt suffix')).toHaveValue('soft rain');
    await dialog.getByLabel('Image prompt').fill('The harbour at dawn');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(reply.getByRole('img', { name: 'Image: The harbour at dawn' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(reply.getByRole('button', { name: 'Rate image' })).toBeVisible();

    // A reload finds the image again.
    await page.reload();
    await expect(page.getByRole('log')).toContainText(lastWord, { timeout: 30_000 });
    await expect(
      page.getByRole('log').getByRole('img', { name: 'Image: The harbour at dawn' }),
    ).toBeVisible({ timeout: 30_000 });
  },
);

test('a free member is offered the upgrade instead of an image', async ({ page }, testInfo) => {
  // Sign-in and a streamed reply first: on a loaded machine that alone nears a minute.
  test.setTimeout(120_000);
  await signInAsNewMember(page, 'noimages');
  await chatWithOneReply(page);
  const actions = page.getByRole('log').getByRole('toolbar', { name: 'Message actions' }).last();
  await actions.getByRole('button', { name: 'Generate image' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade' });
  await expect(upgrade).toContainText(
    'Images in the conversation are for Basic and Premium members.',
  );
  await expect(upgrade.getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await shoot(page, 'upgrade', testInfo.project.name);
  await upgrade.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('log').getByRole('img', { name: /^Image:/ })).toHaveCount(0);
});
