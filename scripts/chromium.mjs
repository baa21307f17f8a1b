// Debian's Chromium as every headless browser here starts it: the browser tests (playwright.config.ts), the benchmark's
// page loads (scripts/bench.ts) and Lighthouse (scripts/lighthouse.mjs). One list, so a flag added for one is added for all.
// No sandbox (the test machine runs as root), no GPU, no QUIC, and nothing that reaches the network by itself.

/** Where the browser is (`CHROMIUM_PATH` overrides). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags (Playwright adds `--headless` itself; Lighthouse's launcher takes it from HEADLESS_FLAGS). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For a launcher that starts the binary itself. */
export const HEADLESS_FLAGS = ['--headless', ...CHROMIUM_ARGS];
