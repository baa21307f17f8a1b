#!/usr/bin/env node
// The browser tests drive Debian's Chromium. Install it when missing and we are root; otherwise
// stop with the one command to run. (Playwright's own browser download cannot work here.)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';

export { CHROMIUM };

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium not found: installing Debian’s chromium package…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`Chromium not found at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    process.exit(1);
  }
}
