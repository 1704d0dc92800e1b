/**
 * Character translation (issue 26 item 3): a premium member translates a Spanish chatbot through the
 * modal (idle, translating with its percent and status, success), by keyboard, and then sees its
 * name, title and definition in their chat language, with the original a press away; a free member
 * is not offered Translate.
 */
import { expect, test, type Page } from '@playwright/test';
import { axeFailures } from './axe';
import { slowReply } from './global-setup';
import { newCreator, sql } from './product-db';
import { setRole, signInAsNewMember, uniqueSuffix } from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-translation');

// axe is added to the page as a script of its own, which the product's script policy rightly refuses.
test.use({ bypassCSP: true });

/** axe finds nothing serious in the modal or the page, in the light and the dark theme. */
async function expectAccessible(page: Page) {
  const found: Record<string, unknown[]> = {};
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(async () => {
      await Promise.allSettled(document.getAnimations().map((a) => a.finished));
    });
    found[scheme] = await axeFailures(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found).toEqual({ light: [], dark: [] });
}

/** A public Spanish chatbot; its scenario is translated slowly, so the modal is seen translating. */
async function spanishBot(): Promise<string> {
  const creator = await newCreator();
  const [row] = await sql<{ id: string }>(
    `insert into characters (slug, name, title, greeting, persona, scenario, creator_user_id,
       visibility, definition_visible, language)
     values ($1, 'Profesora Lucía', 'Clases de español con paciencia', 'Hola {{user}}, soy {{char}}.',
       'Lucía es una profesora paciente de Valencia.', $2, $3, 'public', true, 'es')
     returning id`,
    [
      `e2e-${uniqueSuffix()}`,
      'Una clase por videollamada desde un balcón lleno de limoneros en Valencia. Lucía corrige ' +
        'con calma, cuenta historias de su abuela y de su gato Pimienta, y propone practicar ' +
        `pidiendo churros o quejándose del tiempo (${slowReply}).`,
      creator.id,
    ],
  );
  if (!row) throw new Error('no chatbot');
  return row.id;
}

test(
  'a premium member translates a chatbot through the modal and reads it in their chat language',
  { tag: '@mobile' },
  async ({ page }, testInfo) => {
    // Four axe runs and eight screenshots on a shared two-core machine.
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    const { email } = await signInAsNewMember(page, 'translate');
    await setRole(email, 'paid_premium');
    const id = await spanishBot();
    await page.goto(`/chatbot/${id}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Profesora Lucía');

    // Keyboard only: the button, then the dialog's own buttons.
    const translate = page.getByRole('button', { name: 'Translate' });
    await translate.focus();
    await page.keyboard.press('Enter');
    const idle = page.getByRole('dialog', { name: 'Translate Profesora Lucía' });
    await expect(idle).toContainText(
      'Translate this chatbot’s name, title and definition from Spanish into English?',
    );
    await expect(idle.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shoot(page, 'idle', project);
    await expectAccessible(page);
    await page.keyboard.press('Tab');
    await expect(idle.getByRole('button', { name: 'Translate' })).toBeFocused();
    await page.keyboard.press('Enter');

    const progress = page.getByRole('progressbar', { name: 'Translation progress' });
    await expect(progress).toHaveAttribute('aria-valuetext', /%, Translating the scenario…$/, {
      timeout: 30_000,
    });
    const percent = Number(await progress.getAttribute('aria-valuenow'));
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    await expect(page.getByRole('dialog', { name: 'Translate Profesora Lucía' })).toContainText(
      `${String(percent)}%`,
    );
    await shoot(page, 'translating', project);

    const done = page.getByRole('dialog', { name: 'Translation complete' });
    await expect(done).toContainText('Profesora Lucía is translated into English.', {
      timeout: 30_000,
    });
    await expect(done.getByRole('button', { name: 'Done' })).toBeFocused();
    await shoot(page, 'success', project);
    await page.keyboard.press('Enter');
    await expect(done).toHaveCount(0);

    await expect(heading).toHaveText('Profesora Lucía (English)');
    await expect(page.getByText('Clases de español con paciencia (English)')).toBeVisible();
    await expect(page.getByText('Translated into English from Spanish')).toBeVisible();
    await expect(
      page.getByText('Lucía es una profesora paciente de Valencia. (English)'),
    ).toBeVisible();
    await shoot(page, 'translated', project);
    await expectAccessible(page);

    const original = page.getByRole('button', { name: 'Show original' });
    await original.click();
    await expect(original).toHaveAttribute('aria-pressed', 'true');
    await expect(heading).toHaveText('Profesora Lucía');
    await expect(page.getByText('Lucía es una profesora paciente de Valencia.')).toBeVisible();
  },
);

test('a free member is not offered Translate', async ({ page }) => {
  await signInAsNewMember(page, 'notranslate');
  const id = await spanishBot();
  await page.goto(`/chatbot/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profesora Lucía');
  await expect(page.getByRole('link', { name: 'Chat Now' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Translate' })).toHaveCount(0);
});
