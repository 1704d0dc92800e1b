/**
 * Generation settings in the chat: a member with the plan changes the sampling in the Generation
 * Settings modal and it stays saved; the context meter shows how full the last reply's prompt was; an
 * admin opens that prompt. The role is set in the database as for the admin screens.
 */
import { expect, test } from '@playwright/test';
import { characterCards, makeAdmin, signInAsNewMember } from './onboarding-steps';
import { tierNames } from '#shared/rules/plans';
import { screenshotsIn } from './screenshots';

const shots = '/tmp/shots-gen';

const shoot = screenshotsIn(shots);

test(
  'a member changes generation settings, reads the context meter and opens the prompt',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    const { email } = await signInAsNewMember(page, 'gen', { name: 'Gene' });

    // A free member is told which plans, by the names the plans page uses, bring the settings.
    await characterCards(page).first().click();
    await page.getByRole('link', { name: 'Chat Now' }).click();
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Generation Settings' }).click();
    const freeDialog = page.getByRole('dialog', { name: 'Generation Settings' });
    await expect(freeDialog).toContainText(
      `Generation settings come with the ${tierNames.paid_basic} and ${tierNames.paid_premium} plans.`,
    );
    await freeDialog.getByRole('button', { name: 'Cancel' }).click();

    await makeAdmin(email);

    // A page load refreshes the session, so the token carries the new role.
    await page.goto('/');
    await characterCards(page).first().click();
    await page.getByRole('link', { name: 'Chat Now' }).click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+\/new$/);

    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Generation Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generation Settings' });
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toBeVisible();
    const temperature = dialog.getByRole('slider', { name: 'Temperature' });
    await expect(temperature).toBeEnabled();
    const before = Number(await temperature.inputValue());
    await temperature.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const chosen = (before + 0.1).toFixed(2);
    await expect(temperature).toHaveValue(String(Number(chosen)));
    const memory = /Your context memory on it: [\d,]+ tokens, ([\d,]+) for the chat/.exec(
      (await dialog.textContent()) ?? '',
    )?.[1];
    expect(memory).toBeDefined();
    await shoot(page, 'settings', testInfo.project.name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // Saved: the modal opens again with the new value.
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Generation Settings' }).click();
    await expect(dialog.getByRole('slider', { name: 'Temperature' })).toHaveValue(
      String(Number(chosen)),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A reply fills the meter; the admin opens its exact prompt.
    await page.getByRole('textbox', { name: 'Message' }).fill('Tell me a story, please.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+\/[0-9a-f-]{36}$/);
    if (testInfo.project.name === 'mobile') {
      // At 390px the meter is a small control in the header; the count and View prompt open from it.
      await page.getByRole('button', { name: 'Context details' }).click();
    }
    // The meter's budget is the chat's share of the context memory the settings named.
    await expect(
      page.getByText(new RegExp(`^Context: [\\d,]+ / ${memory ?? 'none'} tokens$`)),
    ).toBeVisible();
    await expect(page.getByRole('meter')).toBeVisible();
    await shoot(page, 'meter', testInfo.project.name);
    await page.getByRole('button', { name: 'View prompt' }).click();
    const prompt = page.getByRole('dialog', { name: 'Prompt of the last reply' });
    await expect(prompt.getByText('Tell me a story, please.')).toBeVisible();
    await expect(prompt.getByText('System', { exact: true })).toBeVisible();
    await shoot(page, 'prompt', testInfo.project.name);
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toBeHidden();
  },
);
