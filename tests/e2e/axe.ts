/**
 * axe in the page (issue 28, items 5 and 15): what it finds serious or critical, and every link or
 * button whose accessible name leaves out its visible text (label-content-name-mismatch, which axe
 * runs only when asked). axe-core (a devDependency) is added as a script of its own, which the
 * product's script policy rightly refuses: specs using it set `test.use({ bypassCSP: true })`.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { z } from 'zod';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const FailuresSchema = z.array(
  z.object({ rule: z.string(), target: z.string(), summary: z.string() }),
);
export type AxeFailure = z.infer<typeof FailuresSchema>[number];

/** What axe finds serious or critical on the page as it is now, and every name that hides its text. */
export async function axeFailures(page: Page): Promise<AxeFailure[]> {
  await page.addScriptTag({ path: axePath });
  const found: unknown = await page.evaluate(`
    axe
      .run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } })
      .then((result) =>
        result.violations
          .filter(
            (v) =>
              v.impact === 'serious' ||
              v.impact === 'critical' ||
              v.id === 'label-content-name-mismatch',
          )
          .flatMap((v) =>
            v.nodes.map((n) => ({
              rule: v.id,
              target: n.target.join(' '),
              summary: n.failureSummary ?? '',
            })),
          ),
      )
  `);
  return FailuresSchema.parse(found);
}
