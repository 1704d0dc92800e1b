/**
 * The report page at 390 px and 1280 px, light and dark (issue 28 §10): it names the chatbot reported
 * (avatar, name, creator), also once a valid id is typed on /report, and after Submit Report goes back
 * where it was opened with the toast, never leaving a blank form beside 'Fill all fields to submit.'.
 */
import { expect, test } from '@playwright/test';
import { signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { newBot, newCreator } from './product-db';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-forms');

test(
  'the report names the chatbot and goes back with a toast once sent',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const creator = await newCreator();
    const name = `Named ${uniqueSuffix()}`;
    const bot = await newBot(creator.id, { name });
    await signInAsNewMember(page, 'repname', { path: `/chatbot/${bot}` });

    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    await expect(page).toHaveURL(new RegExp(`/report/${bot}$`));
    const form = page.getByRole('form', { name: 'Report a chatbot' });
    const reported = form.getByRole('region', { name: 'Reported chatbot' });
    await expect(reported).toContainText(`You are reporting${name}`);
    await expect(reported).toContainText(`by @${creator.username}`);
    await form.getByRole('combobox', { name: 'What is wrong?' }).selectOption('Invalid');
    await form.getByRole('combobox', { name: 'What should happen?' }).selectOption('private');
    const details = form.getByRole('textbox', { name: 'Details' });
    await details.fill('It answers in the wrong language.');
    await expect(details).toHaveAccessibleDescription(/33 of 250 characters/);
    await shoot(page, 'report-page', testInfo.project.name);
    await form.getByRole('button', { name: 'Submit Report' }).click();

    await expect(page).toHaveURL(new RegExp(`/chatbot/${bot}$`));
    await expect(page.getByRole('status').getByText('Report submitted successfully')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Report a chatbot' })).toHaveCount(0);
    await shoot(page, 'report-sent', testInfo.project.name);

    // On /report, the chatbot is named once its id is typed.
    await page.goto('/report');
    const bare = page.getByRole('form', { name: 'Report a chatbot' });
    await expect(bare.getByRole('region', { name: 'Reported chatbot' })).toHaveCount(0);
    await bare.getByRole('textbox', { name: 'Chatbot ID' }).fill(bot);
    await expect(bare.getByRole('region', { name: 'Reported chatbot' })).toContainText(name);
  },
);
