#!/usr/bin/env node
// The whole suite: the type checks (client, server, Node tooling), the lint and format check, unit, client and API tests (Vitest),
// then the browser tests (Playwright in Debian's Chromium) against a production build. Exits non-zero on the first
// failing stage.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npm', ['run', 'typecheck']);
run('npm', ['run', 'lint']);
run('npm', ['run', 'format:check']);
run('npx', ['vitest', 'run']);
if (existsSync('playwright.config.ts') && process.env.SKIP_E2E !== '1') {
  run('node', ['scripts/ensure-chromium.mjs']);
  run('node', ['scripts/build.mjs']);
  run('npx', ['playwright', 'test']);
}
