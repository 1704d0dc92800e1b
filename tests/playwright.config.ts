import { defineConfig, devices } from '@playwright/test';

/** The product under test listens here; e2e/global-setup.ts starts it. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3199);

/**
 * Debian's headless shell (package chromium-headless-shell, which .ci/run installs): the old headless
 * mode Playwright itself runs headless journeys in. Chromium's own binary runs the new one, a whole
 * browser without a window, which took about 3 times as long per new page and 1.5 times per click here
 * (Chromium 156), and the suite about 3 times as long (238 journeys: 29-32 min, against 10.5 here).
 */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // A journey mostly waits (on the product, the streamed replies, Chromium's renderer), so three at a
  // time still fit two cores: the suite took 518 s with two and 434 s with three, under more load.
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: '../test-results',
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    trace: 'retain-on-failure',
    // The journeys run as a reader who asked for reduced motion: the skeletons, spinners and typing
    // dots stop, which took about 13% of the run's CPU, and the product's reduced-motion styles are
    // exercised on every screen (they once made the chat log re-render without end).
    reducedMotion: 'reduce',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    // Every journey runs on desktop; at 390px only those tagged @mobile, whose layout differs there.
    {
      name: 'mobile',
      grep: /@mobile/,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
});
