import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

/**
 * What ships to browsers: no secret, nothing server-only, no dev outbox, no source maps.
 *
 * A Playwright spec, not a Vitest test, because it must read the production build, and the browser
 * stage is the one that runs after `scripts/build.mjs` (scripts/test.mjs: tsc, Vitest, build,
 * Playwright). So it checks the very files the browser tests were served, with no second build of
 * its own. It reads files only: no page, so no browser is started for it.
 */
const CLIENT_DIR = path.resolve('dist/client');
const BINARY = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico', '.mp4', '.webm', '.woff', '.woff2']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Every text file of the client build (binary media are skipped), with its content. */
function clientTexts(): { file: string; text: string }[] {
  return files(CLIENT_DIR)
    .filter((f) => !BINARY.has(path.extname(f).toLowerCase()))
    .map((f) => ({ file: path.relative(CLIENT_DIR, f), text: readFileSync(f, 'utf8') }));
}

/** The files whose content matches, for a readable failure message. */
function filesContaining(needle: string | RegExp): string[] {
  return clientTexts()
    .filter(({ text }) => (typeof needle === 'string' ? text.includes(needle) : needle.test(text)))
    .map(({ file }) => file);
}

// reads the build, not a page: tagged @desktop-only, so it runs in one project
test.beforeEach(() => {
  expect(existsSync(path.join(CLIENT_DIR, 'index.html')), 'run `node scripts/build.mjs` first').toBe(true);
});

test.describe('production client bundle', { tag: '@desktop-only' }, () => {
  test('contains the values of no server secret', () => {
    const secrets: Record<string, string> = {};
    for (const name of [
      'AUTH_SECRET',
      'BETTER_AUTH_SECRET',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'DATABASE_URL',
      'TEST_DATABASE_URL',
      'SMTP_URL',
    ]) {
      const value = process.env[name];
      if (value && value.length >= 8) secrets[name] = value;
    }
    // the generated development secrets of this checkout and of the browser tests' server
    for (const file of ['data/auth-secret', path.join(E2E_DATA_DIR, 'auth-secret')])
      if (existsSync(file)) secrets[file] = readFileSync(file, 'utf8').trim();
    for (const [name, value] of Object.entries(secrets)) expect(filesContaining(value), `the value of ${name}`).toEqual([]);
  });

  test('names no secret setting and carries nothing shaped like a key or a connection string', () => {
    for (const needle of [
      'AUTH_SECRET', // also BETTER_AUTH_SECRET
      'STRIPE_SECRET',
      'STRIPE_WEBHOOK_SECRET',
      'DATABASE_URL',
      'SMTP_URL',
      'process.env',
      /\b(sk|rk)_(test|live)_[0-9A-Za-z]/,
      /\bwhsec_/,
      /\bpostgres(ql)?:\/\//,
      /\bsmtps?:\/\//,
    ])
      expect(filesContaining(needle), String(needle)).toEqual([]);
  });

  test('has nothing server-only: no operator routes, internal headers or server modules', () => {
    for (const needle of [
      '/api/internal', // the CLI's local channel
      'x-medicprep-internal-token',
      'x-medicprep-client-ip',
      'src/server/',
      'drizzle-orm',
      'nodemailer',
      'pglite',
      'better-auth',
    ])
      expect(filesContaining(needle), needle).toEqual([]);
  });

  test('ships no dev outbox: neither its API path nor its page', () => {
    for (const needle of ['/api/dev/', '/dev/outbox', 'dev-outbox', /dev outbox/i, 'Sent e-mails', 'No e-mails yet'])
      expect(filesContaining(needle), String(needle)).toEqual([]);
  });

  test('ships no source maps', () => {
    expect(files(CLIENT_DIR).filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(filesContaining('sourceMappingURL')).toEqual([]);
    expect(filesContaining('sourcesContent')).toEqual([]);
  });
});

test('the server hands out no source map and no server file', { tag: '@desktop-only' }, async ({ request }) => {
  const script = files(path.join(CLIENT_DIR, 'assets')).find((f) => f.endsWith('.js'))!;
  const asset = `/assets/${path.basename(script)}`;
  for (const url of [`${asset}.map`, '/%2e%2e/server/index.mjs', '/%2e%2e/server/index.mjs.map', '/..%2fserver/index.mjs.map']) {
    const res = await request.get(url);
    const body = await res.text();
    // unknown paths get the app shell (the SPA's fallback) or a 404, never the file
    expect(body, url).not.toContain('"mappings"');
    expect(body, url).not.toContain('createApp');
  }
});
