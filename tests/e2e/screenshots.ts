/**
 * Screenshots of a journey's screens in light and dark, kept in one folder per spec for a look;
 * `fullPage` takes the whole scrolled page, not only the viewport.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';

export function screenshotsIn(dir: string, options: { fullPage?: boolean } = {}) {
  return async (page: Page, name: string, project: string): Promise<void> => {
    mkdirSync(dir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Colours fade to the new scheme (the buttons' transitions): the shot waits for them, or a busy
      // screen is caught halfway, its buttons in neither theme's colours.
      await page.evaluate(() =>
        Promise.allSettled(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((transition) => transition.finished),
        ),
      );
      await page.screenshot({
        path: `${dir}/${name}-${project}-${scheme}.png`,
        fullPage: options.fullPage === true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
}
