import { expect, test } from '@playwright/test';
import {
  completeOnboarding,
  signInAsNewMember,
  signInWithCode,
  uniqueSuffix,
} from './onboarding-steps';
import { screenshotsIn } from './screenshots';

const shoot = screenshotsIn('/tmp/shots-account');

test.describe('account: sign-up, profile, restrictions', () => {
  test(
    'signs up, edits the profile, and signs out',
    { tag: '@mobile' },
    async ({ page }, testInfo) => {
      const suffix = uniqueSuffix();
      const email = `member-${testInfo.project.name}-${suffix}@example.com`;
      await page.goto('/');
      await signInWithCode(page, email);

      // A member without a username is sent to sign-up; the first step checks its fields.
      await expect(page).toHaveURL(/\/signup$/);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect(
        page.getByRole('checkbox', { name: 'I confirm that I am 18 years or older' }),
      ).toHaveAccessibleDescription('You must confirm that you are 18 years or older.');
      await expect(page.getByRole('textbox', { name: 'Username' })).toHaveAccessibleDescription(
        'This field is required',
      );

      await completeOnboarding(page, {
        username: `m_${suffix}`,
        name: 'Mira',
        interests: ['Female', 'Non-Binary'],
      });
      await expect(page).toHaveURL(/\/$/);

      // A reload keeps the member in the app: onboarding is done.
      await page.reload();
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Profile' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      await banner.getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await expect(name).toHaveValue('Mira');
      await name.fill('Mira Nova');
      await page.getByRole('textbox', { name: 'Highlights' }).fill('Loves long fantasy stories.');
      await page.getByRole('switch', { name: 'Show NSFW content' }).check();
      await page.getByRole('combobox', { name: 'Chat language' }).selectOption('fr');

      // Leaving with unsaved changes asks first; Update saves them.
      await page.getByRole('link', { name: 'CharChat home' }).click();
      const warning = page.getByRole('dialog', { name: 'Unsaved changes' });
      await expect(warning).toContainText(
        'You have unsaved changes. Update your profile before leaving?',
      );
      await shoot(page, 'profile-leave', testInfo.project.name);
      await warning.getByRole('button', { name: 'Discard' }).click();
      await expect(page).toHaveURL(/\/$/);

      await banner.getByRole('link', { name: 'Profile' }).click();
      await expect(name).toHaveValue('Mira');
      await name.fill('Mira Nova');
      await page.getByRole('textbox', { name: 'Highlights' }).fill('Loves long fantasy stories.');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Profile saved successfully.' }),
      ).toBeVisible();
      await page.reload();
      await expect(name).toHaveValue('Mira Nova');
      await expect(page.getByRole('textbox', { name: 'Highlights' })).toHaveValue(
        'Loves long fantasy stories.',
      );

      // Sign out from the profile.
      await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
      await expect(banner.getByRole('button', { name: 'Sign In' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);

      // Another new member cannot take the same username.
      await signInWithCode(page, `other-${testInfo.project.name}-${suffix}@example.com`);
      await expect(page).toHaveURL(/\/signup$/);
      await page.getByRole('textbox', { name: 'Username' }).fill(`M_${suffix}`);
      await expect(page.getByRole('status').filter({ hasText: 'Not Available' })).toBeVisible();
    },
  );

  test('a Terminated member sees only the Terminated screen', async ({ page }) => {
    await signInAsNewMember(page, 'ended', { name: 'Tess' });
    // The restriction itself is set by moderators; here GET /api/me answers with one.
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const me: unknown = await response.json();
      const body = typeof me === 'object' && me !== null ? me : {};
      await route.fulfill({
        json: {
          ...body,
          restriction: { type: 'restriction_full', reason: 'Abuse', expiresAt: null },
        },
      });
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Terminated' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discover characters' })).toHaveCount(0);
  });

  test('the Sign In modal offers the listed providers; a failed OAuth landing shows an error', async ({
    page,
  }) => {
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { providers: ['discord', 'google'] } }),
    );
    await page.goto('/?signin=oauth-failed');
    const error = page.getByRole('dialog', { name: 'Error' });
    await expect(error).toContainText(
      'Signing in with that provider did not work. Please try again.',
    );
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Discord' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Continue with Apple' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Continue with X' })).toHaveCount(0);
    const start = page.waitForRequest((request) =>
      request.url().endsWith('/api/auth/oauth/google'),
    );
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await start;
  });
});

/** A 2×2 PNG, enough for the server to turn into a WebP avatar. */
const pngAvatar = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('account: avatar, leaving the profile, ban page, app settings', () => {
  test('uploads an avatar, guards Back with unsaved changes, and bans a Restricted member from lost pages', async ({
    page,
  }) => {
    const suffix = uniqueSuffix();
    await signInAsNewMember(page, 'avatar', { username: `a_${suffix}`, name: 'Ava' });
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const picker = page.getByRole('group', { name: 'Avatar' });

    // A file that is not an image is named as the problem, before any upload.
    let chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Choose image' }).click();
    await (
      await chooser
    ).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(picker.getByRole('alert')).toHaveText('Use a JPEG, PNG, WebP or GIF image.');

    // The server refusing a restricted account opens the Restricted! dialog.
    await page.route('**/api/me/avatar', (route) =>
      route.fulfill({
        status: 403,
        json: { error: { code: 'account_restricted', message: 'Restricted' } },
      }),
    );
    chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Choose image' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngAvatar });
    const restricted = page.getByRole('dialog', { name: 'Restricted!' });
    await expect(restricted).toContainText(
      'Uploading and editing chatbots is disabled for this account; chat still works.',
    );
    await restricted.getByRole('button', { name: 'Close' }).click();
    await expect(restricted).toBeHidden();
    await page.unroute('**/api/me/avatar');

    // A chosen image uploads at once and becomes the avatar; it can be changed, not removed.
    chooser = page.waitForEvent('filechooser');
    await picker.getByRole('button', { name: 'Choose image' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngAvatar });
    await expect(picker.getByRole('button', { name: 'Change image' })).toBeVisible();
    await expect(picker.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(picker.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
      'src',
      /^\/uploads\/avatars\//,
    );
    const headerAvatar = banner.getByRole('link', { name: 'Profile' }).locator('img');
    await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\//);

    // It is kept: after a reload the header reads it from the profile.
    await page.goto('/');
    await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\//);

    // Back with unsaved changes asks Update or Discard (one member for these journeys: sign-in mail
    // is rate limited per address and per IP, and the whole suite shares one IP).
    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Ava');
    await name.fill('Bea Moon');

    // Back is held: the page and what was typed stay, and the warning asks.
    await page.goBack();
    const warning = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(warning).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    await expect(name).toHaveValue('Bea Moon');

    // Asked again on the next Back; Update saves and then goes back.
    await page.goBack();
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await expect(name).toHaveValue('Bea Moon');

    // Discard drops the change and goes back.
    await name.fill('Bea Sun');
    await page.goBack();
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
    await expect(name).toHaveValue('Bea Moon');

    // Without changes, Back simply goes back.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);

    // A Restricted member opening a page they lost gets the ban page, not 403.
    // Moderators set restrictions; here GET /api/me answers with one that also lost view_auth.
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const me: unknown = await response.json();
      const body = typeof me === 'object' && me !== null ? me : {};
      await route.fulfill({
        json: {
          ...body,
          permissions: ['site_access', 'view_help', 'view_chats', 'limited_access'],
          restriction: { type: 'restriction_limited', reason: 'Spam uploads', expiresAt: null },
        },
      });
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Restricted', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Access Denied/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  });

  test('with onboarding v2 a new member onboards in a modal; the footer shows brand links', async ({
    page,
  }, testInfo) => {
    await page.route('**/api/app-settings', async (route) => {
      const response = await route.fetch();
      const settings: unknown = await response.json();
      const body = typeof settings === 'object' && settings !== null ? settings : {};
      await route.fulfill({
        json: {
          ...body,
          featureFlags: { onboarding_v2: true },
          branding: {
            customerSupportUrl: 'https://help.example.com/',
            tcUrl: 'https://example.com/terms',
            privacyPolicyUrl: 'https://example.com/privacy',
            refundPolicyUrl: 'javascript:alert(1)',
            footerBottomLineHtml:
              '<b>Example Ltd</b>, 1 Main St <img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="https://example.com/">Example</a>',
          },
        },
      });
    });
    const suffix = uniqueSuffix();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const legal = footer.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Customer Support' })).toHaveAttribute(
      'href',
      'https://help.example.com/',
    );
    await expect(legal.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
    await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    // An unsafe brand URL counts as absent: the footer links our own refund page instead.
    await expect(legal.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
      'href',
      '/refund',
    );
    await expect(footer).toContainText('Example Ltd, 1 Main St');
    await expect(footer.getByRole('link', { name: 'Example', exact: true })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(await footer.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => 'window.__pwned' in window || '__pwned' in window)).toBe(
      false,
    );

    await signInWithCode(page, `modal-${testInfo.project.name}-${suffix}@example.com`);
    const welcome = page.getByRole('dialog', { name: 'Welcome Aboard' });
    await expect(welcome).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await welcome.getByRole('textbox', { name: 'Username' }).fill(`o_${suffix}`);
    await expect(welcome.getByRole('status').filter({ hasText: /^Available$/ })).toBeVisible();
    await welcome.getByRole('textbox', { name: 'Display name' }).fill('Oona');
    await welcome.getByRole('checkbox', { name: 'I confirm that I am 18 years or older' }).check();
    await welcome.getByRole('checkbox', { name: 'I agree with the terms and conditions' }).check();
    await welcome.getByRole('button', { name: 'Continue', exact: true }).click();
    const guidelines = page.getByRole('dialog', { name: 'Community Guidelines' });
    await guidelines.getByRole('checkbox', { name: 'I agree to the Community Guidelines' }).check();
    await guidelines.getByRole('button', { name: 'Start Chatting' }).click();
    const interests = page.getByRole('dialog', { name: "I'm interested in..." });
    await interests.getByRole('button', { name: 'Skip' }).click();
    await expect(interests).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
