/**
 * Text to speech (issue 26 item 1): a premium member plays a reply aloud with the offline engine and
 * stops it, rates how it sounded and sets the conversation's voice; a free member gets the upgrade
 * modal instead of the audio.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSeededChatbot } from './product-db';
import { setRole, signInAsNewMember } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-speech');

/** Replies end with this word (see global-setup.ts). */
const lastWord = 'story120';

async function chatWithOneReply(page: Page) {
  await openSeededChatbot(page, 'juno-okafor');
  await page.getByRole('link', { name: 'Chat Now' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Tell me a story.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('log').locator('[data-role="bot"]').last()).toContainText(lastWord);
  // The reply's own actions: the last toolbar of the log.
  return page.getByRole('log').getByRole('toolbar', { name: 'Message actions' }).last();
}

test(
  'a premium member plays a reply aloud, stops it, rates it and sets the voice',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { email } = await signInAsNewMember(page, 'voice');
    await setRole(email, 'paid_premium');
    const reply = await chatWithOneReply(page);
    const speech = page.waitForResponse((r) => /\/speech\??$/.test(r.url()));
    await reply.getByRole('button', { name: 'Read aloud' }).click();
    const stop = reply.getByRole('button', { name: 'Stop reading aloud' });
    await expect(stop).toBeVisible();
    const response = await speech;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');
    await shoot(page, 'playing', testInfo.project.name);
    await stop.click();
    const play = reply.getByRole('button', { name: 'Read aloud' });
    await expect(play).toHaveAttribute('data-voice-state', 'stop');

    await reply.getByRole('button', { name: 'Rate voice' }).click();
    const rate = page.getByRole('dialog', { name: 'Rate speech quality' });
    await rate.getByRole('radio', { name: 'Dislike' }).click();
    await expect(rate.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await rate.getByLabel('What was wrong?').selectOption('Sounds robotic');
    await shoot(page, 'rate-speech', testInfo.project.name);
    await rate.getByRole('button', { name: 'Submit' }).click();
    await expect(rate).toHaveCount(0);

    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Set Voice' }).click();
    const voices = page.getByRole('dialog', { name: 'Choose a voice' });
    await expect(voices.getByRole('listitem')).toHaveCount(5);
    await expect(voices.getByRole('button', { name: 'Use Warm Narrator' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await shoot(page, 'voices', testInfo.project.name);
    await voices.getByRole('button', { name: 'Use Bright Guide' }).click();
    await expect(voices).toHaveCount(0);
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Set Voice' }).click();
    await expect(voices.getByRole('button', { name: 'Use Bright Guide' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
);

test('a free member is offered the upgrade instead of the audio', async ({ page }, testInfo) => {
  await signInAsNewMember(page, 'novoice');
  const reply = await chatWithOneReply(page);
  await reply.getByRole('button', { name: 'Read aloud' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade' });
  await expect(upgrade).toContainText(
    'Listening to replies and choosing a voice are premium features.',
  );
  await shoot(page, 'upgrade', testInfo.project.name);
  await upgrade.getByRole('button', { name: 'Close' }).click();
  await expect(reply.getByRole('button', { name: 'Read aloud' })).toHaveAttribute(
    'data-voice-state',
    'idle',
  );
});
