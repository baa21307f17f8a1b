#!/usr/bin/env node
// The whole suite: the type checks (client, server, Node tooling), the lint and the format check — the
// three side by side, each single-threaded, so on two cores they take about as long as the lint alone —
// then unit, client and API tests (Vitest), then the browser tests (Playwright in Debian's Chromium)
// against a production build. Exits non-zero on the first failing stage and prints each stage's time.
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

/** Runs commands side by side, each with its output held back and printed whole, so it stays readable. */
async function together(name, commands) {
  const started = Date.now();
  const results = await Promise.all(
    commands.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (d) => out.push(d));
          child.stderr.on('data', (d) => out.push(d));
          child.on('close', (code) => resolve({ label, code, output: Buffer.concat(out).toString() }));
        }),
    ),
  );
  for (const r of results) {
    process.stdout.write(`\n── ${r.label} ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`}\n${r.output}`);
  }
  const failed = results.find((r) => r.code !== 0);
  if (failed) finish(failed.code ?? 1);
  stage(name, started);
}

await together('type checks, lint, format check', [
  ['npm run typecheck', 'npm', ['run', 'typecheck']],
  ['npm run lint', 'npm', ['run', 'lint']],
  ['npm run format:check', 'npm', ['run', 'format:check']],
]);
run('Vitest (unit, client, API)', 'npx', ['vitest', 'run']);
if (existsSync('playwright.config.ts') && process.env.SKIP_E2E !== '1') {
  run('Chromium check', 'node', ['scripts/ensure-chromium.mjs']);
  run('build', 'node', ['scripts/build.mjs']);
  run('Playwright', 'npx', ['playwright', 'test']);
}
finish(0);
