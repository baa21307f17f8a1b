#!/usr/bin/env node
// The whole suite: a production build, then side by side the type checks (client, server, Node
// tooling), the lint, the format check, the unit, client and API tests (Vitest) and the browser tests
// (Playwright in Debian's Chromium against the build). Exits non-zero if any fails and prints each
// part's time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const times = [];
const stage = (name, started) => {
  const s = ((Date.now() - started) / 1000).toFixed(0);
  times.push(`${name} ${s} s`);
  process.stdout.write(`\n── ${name}: ${s} s\n`);
};
const finish = (code) => {
  if (times.length) process.stdout.write(`\nnpm test stages: ${times.join(' · ')}\n`);
  process.exit(code);
};

const run = (name, cmd, args, env = {}) => {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) finish(r.status ?? 1);
  stage(name, started);
};

/**
 * Runs commands side by side. Each command's output is held back and printed whole as soon as it
 * ends, so it stays readable; the first failure is reported after all have ended.
 */
async function together(name, commands) {
  const started = Date.now();
  const results = await Promise.all(
    commands.map(
      ([label, cmd, args, env = {}]) =>
        new Promise((resolve) => {
          const began = Date.now();
          process.stdout.write(`── ${label}: started\n`);
          const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) => {
            const s = ((Date.now() - began) / 1000).toFixed(0);
            times.push(`${label} ${s} s`);
            process.stdout.write(
              `\n── ${label} ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${s} s\n${Buffer.concat(out).toString()}`,
            );
            resolve({ label, code });
          });
        }),
    ),
  );
  const failed = results.find((r) => r.code !== 0);
  if (failed) {
    process.stdout.write(
      `\n${results
        .filter((r) => r.code !== 0)
        .map((r) => `FAILED: ${r.label}`)
        .join('\n')}\n`,
    );
    finish(failed.code ?? 1);
  }
  stage(name, started);
}

// The static checks are pure computation with no time limits: they run at a lower priority, so the
// tests beside them, which wait on databases, servers and a browser, get the processor when they need
// it. Vitest and the browser tests run side by side (decision 075): on two cores the whole suite then
// takes about as long as its longest part.
const e2e = existsSync('playwright.config.ts') && process.env.SKIP_E2E !== '1';
if (e2e) {
  run('Chromium check', 'node', ['scripts/ensure-chromium.mjs']);
  run('build', 'node', ['scripts/build.mjs']);
}
const nice = (args) => (process.platform === 'win32' ? ['npm', args] : ['nice', ['-n', '10', 'npm', ...args]]);
await together('all checks and tests', [
  ['npm run typecheck', ...nice(['run', 'typecheck'])],
  ['npm run lint', ...nice(['run', 'lint'])],
  ['npm run format:check', ...nice(['run', 'format:check'])],
  ['Vitest (unit, client, API)', 'npx', ['vitest', 'run']],
  ...(e2e ? [['Playwright', 'npx', ['playwright', 'test']]] : []),
]);
finish(0);
