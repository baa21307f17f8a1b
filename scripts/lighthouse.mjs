#!/usr/bin/env node
// npm run lighthouse [-- /path …] — Lighthouse on the production build, served on this machine:
// Debian's Chromium, Lighthouse's default mobile emulation and simulated throttling (slow 4G, 4×
// CPU slowdown), categories performance, accessibility, best practices and SEO. Each page is run
// LIGHTHOUSE_RUNS times (default 3) and the median run by performance score is reported; the full
// reports go to .tmp/lighthouse/. A measurement like `npm run bench`, not part of `npm test`
// (docs/performance.md keeps each run). Only loopback is used: nothing is downloaded.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sourceStamp } from './source-stamp.mjs';
import { CHROMIUM_PATH, HEADLESS_FLAGS } from './chromium.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3500);
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = '.tmp/lighthouse-data';
const OUT_DIR = '.tmp/lighthouse';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const PATHS = process.argv.slice(2).length ? process.argv.slice(2) : ['/login', '/signup'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
const CHROME_FLAGS = HEADLESS_FLAGS;

const log = (msg) => process.stdout.write(`${msg}\n`);

// Build when the sources changed since the last build (as `npm start` does).
const stampFile = 'dist/.build-stamp';
if (!(existsSync('dist/server/index.mjs') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === sourceStamp())) {
  log('Building MedicPrep (sources changed)…');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const server = spawn(process.execPath, ['dist/server/index.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    DATA_DIR,
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  },
});
let chrome;
const stop = async () => {
  await chrome?.kill();
  server.kill();
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  await waitForHealth();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const rows = [];
  for (const path of PATHS) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${ORIGIN}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      if (!result?.lhr || result.lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${path}: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
      runs.push(result);
    }
    runs.sort((a, b) => a.lhr.categories.performance.score - b.lhr.categories.performance.score);
    const median = runs[Math.floor(runs.length / 2)];
    writeFileSync(`${OUT_DIR}/${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}.json`, median.report);
    rows.push({ path, lhr: median.lhr, perfRange: runs.map((r) => Math.round(r.lhr.categories.performance.score * 100)) });
  }
  printTable(rows);
} finally {
  await stop();
}

async function waitForHealth() {
  // a fresh embedded database migrates and seeds first: slow on a busy machine
  const until = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not answer /api/health within 180 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

function printTable(rows) {
  const { lighthouseVersion, environment, configSettings } = rows[0].lhr;
  log(
    `\nLighthouse ${lighthouseVersion}, ${environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, ${configSettings.formFactor} emulation, ${configSettings.throttlingMethod} throttling; median of ${RUNS} run(s) per page by performance score.\n`,
  );
  const head = ['page', 'perf', 'a11y', 'best pr.', 'SEO', ...METRICS.map(([, short]) => short), 'perf of each run'];
  const body = rows.map(({ path, lhr, perfRange }) => [
    path,
    ...CATEGORIES.map((c) => String(Math.round(lhr.categories[c].score * 100))),
    ...METRICS.map(([id]) => lhr.audits[id].displayValue ?? ''),
    perfRange.join(' '),
  ]);
  log(`| ${head.join(' | ')} |`);
  log(`|${head.map(() => '---').join('|')}|`);
  for (const r of body) log(`| ${r.join(' | ')} |`);
  // What held a score back: every audit below full marks that counts towards a category.
  for (const { path, lhr } of rows) {
    const lost = [];
    for (const c of CATEGORIES) {
      for (const ref of lhr.categories[c].auditRefs) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1)
          lost.push(`  ${c}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
    }
    const hints = ['render-blocking-resources', 'unused-javascript', 'uses-text-compression', 'total-byte-weight']
      .map((id) => lhr.audits[id])
      .filter((a) => a && a.score !== null && a.score < 1);
    if (lost.length || hints.length)
      log(`\n${path}:\n${[...lost, ...hints.map((a) => `  hint: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`)].join('\n')}`);
  }
  log(`\nFull reports: ${OUT_DIR}/*.json`);
}
