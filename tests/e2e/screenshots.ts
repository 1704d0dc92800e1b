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
      // The scheme reaches the styles a frame or two later (a media listener re-renders the theme),
      // then colours fade to it (the buttons' transitions): the shot waits for both, or a screen is
      // caught halfway, its buttons in neither theme's colours.
      await page.evaluate(async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(done));
        await frame();
        await frame();
        await Promise.allSettled(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((transition) => transition.finished),
        );
      });
      await page.screenshot({
        path: `${dir}/${name}-${project}-${scheme}.png`,
        fullPage: options.fullPage === true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
}
