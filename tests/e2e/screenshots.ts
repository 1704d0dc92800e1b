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
      await page.screenshot({
        path: `${dir}/${name}-${project}-${scheme}.png`,
        fullPage: options.fullPage === true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
}
