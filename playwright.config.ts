import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/** Overridable so several checkouts on one machine can run their browser tests side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;

/** The flags every headless Chromium here starts with (scripts/chromium.mjs). */
export const chromiumArgs = CHROMIUM_ARGS;

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
    // a trace costs every test its snapshots: recorded on a retry (CI retries a failure once)
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  // Every test runs at phone size (the app is used on phones first); the desktop size runs the tests
  // tagged @desktop (layout, pointer and dialogs that differ there) and @desktop-only (keyboard use, the
  // build itself). Decision 075.
  projects: [
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 390, height: 844 },
        userAgent: IPHONE_UA,
        isMobile: true,
        hasTouch: true,
        // the layout is the phone's (390×844 CSS pixels); rendering it at 2× only quadruples the
        // software raster work of every test
        deviceScaleFactor: 1,
      },
    },
    { name: 'desktop', grep: /@desktop/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node dist/server/index.mjs`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // the tests read verification and reset mails from /api/dev/outbox
      DEV_OUTBOX: 'on',
      // a short practice exam (3–4 scored items + 1 pilot, 30 minutes) that a browser test can finish
      EXAM_TEST_LIMITS: '3,4,1,30',
    },
  },
});
