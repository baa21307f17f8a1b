import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BASE_ERROR_CODES } from 'better-auth';
import { eq, getTableColumns } from 'drizzle-orm';
import { Hono } from 'hono';
import { getSignedCookie } from 'hono/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/server/auth/auth';
import { createVerifiedUser } from '../../src/server/auth/create-user';
import { RESET_TOKEN_PREFIX } from '../../src/server/auth/reset-tokens';
import { OPEN_AUTH_ROUTES } from '../../src/server/auth/route-policy';
import { accounts, sessions, users, verifications } from '../../src/server/db/schema';
import { ORIGIN_REFUSAL_CODES } from '../../src/server/lib/origins';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The upgrade check of docs/decisions/029-session-cookie-read-with-hono.md: the parts of Better Auth
 * our code relies on beyond its documented options. An upgrade that changes one fails here, by name.
 * When it does, re-read decision 029, adapt the code, then move VERIFIED_WITH and the pin together.
 */
const VERIFIED_WITH = '1.7.25';
const SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Paths our Better Auth hooks match on (src/server/auth/auth.ts, account-security.ts, sign-in-limit.ts). */
const HOOKED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/update-user',
  '/change-email',
  '/verify-email',
  '/change-password',
  '/revoke-sessions',
  '/revoke-other-sessions',
];

interface Endpoint {
  path?: string;
  options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } };
}

/** `METHOD /path` of every endpoint Better Auth routes over HTTP. */
function httpRoutes(api: Record<string, unknown>): Set<string> {
  const routes = new Set<string>();
  for (const endpoint of Object.values(api) as Endpoint[]) {
    if (!endpoint.path || endpoint.options?.metadata?.SERVER_ONLY) continue;
    for (const method of [endpoint.options?.method ?? 'GET'].flat()) routes.add(`${method} ${endpoint.path}`);
  }
  return routes;
}

describe('Better Auth: the version these checks were read against', () => {
  it('is pinned exactly, and the installed copy is that version', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    const installed = (JSON.parse(readFileSync('node_modules/better-auth/package.json', 'utf8')) as { version: string }).version;
    expect(pkg.dependencies['better-auth'], 'better-auth must be an exact version in package.json').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pkg.dependencies['better-auth']);
    expect(installed, 'Better Auth changed: re-read docs/decisions/029-session-cookie-read-with-hono.md, then update VERIFIED_WITH').toBe(
      VERIFIED_WITH,
    );
  });
});

describe.each([
  ['http', 'http://localhost:3000', 'better-auth.session_token'],
  ['https', 'https://medicprep.example', '__Secure-better-auth.session_token'],
])('Better Auth internals over %s', (_scheme, publicUrl, cookieName) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { PUBLIC_URL: publicUrl, AUTH_SECRET: SECRET });
  });
  afterAll(async () => s?.close());

  async function signIn() {
    const email = `contract-${Math.random().toString(36).slice(2)}@example.com`;
    const user = await createVerifiedUser(s.deps, { email, password: 'secret-pass', activeDays: 30 });
    const res = await s.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'secret-pass' },
      headers: { origin: publicUrl },
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`));
    expect(setCookie, `a Set-Cookie named ${cookieName}`).toBeDefined();
    return { user, email, setCookie: setCookie! };
  }

  it('writes the session cookie our reader expects: name, attributes, `<token>.<base64 HMAC-SHA256>` URL-encoded', async () => {
    const { user, setCookie } = await signIn();
    const [pair, ...attributes] = setCookie.split(';').map((p) => p.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    expect(attributes.includes('Secure')).toBe(publicUrl.startsWith('https://'));

    const raw = pair!.slice(cookieName.length + 1);
    const value = decodeURIComponent(raw);
    expect(raw).toBe(encodeURIComponent(value));
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    expect(value.slice(dot + 1)).toBe(createHmac('sha256', SECRET).update(token).digest('base64'));

    // the token is the `sessions.token` of the user's row, which our one query joins to `users`
    const [row] = await s.deps.database.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row).toMatchObject({ userId: user.id });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());

    // Hono's reader, on its own, returns the token; a wrong secret or a changed token gets false
    const reader = new Hono().get('/', async (c) =>
      c.json({ token: (await getSignedCookie(c, c.req.query('secret')!, cookieName)) ?? null }),
    );
    const read = async (secret: string, cookie: string) =>
      ((await (await reader.request(`/?secret=${secret}`, { headers: { cookie } })).json()) as { token: unknown }).token;
    expect(await read(SECRET, pair!)).toBe(token);
    expect(await read('another-secret-another-secret-another', pair!)).toBe(false);
    expect(await read(SECRET, `${cookieName}=${encodeURIComponent(`${token}x${value.slice(dot)}`)}`)).toBe(false);

    // and the app reads the session through it
    const me = await s.request('/api/account/me', { cookie: pair! });
    expect(me.status).toBe(200);
    expect((await me.json()).profile.id).toBe(user.id);
  });

  it('names the cookie and the secret in its context as our reader takes them', async () => {
    const ctx = await s.deps.auth.$context;
    expect(ctx.authCookies.sessionToken.name).toBe(cookieName);
    expect(ctx.secret).toBe(SECRET);
  });
});

describe('Better Auth internals', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('still serves every route route-policy opens', () => {
    const routes = httpRoutes(s.deps.auth.api);
    const missing = OPEN_AUTH_ROUTES.filter((r) => !routes.has(r));
    expect(missing, 'routes in src/server/auth/route-policy.ts that Better Auth no longer serves').toEqual([]);
  });

  it('still has every path our hooks and rate limits name', () => {
    const paths = new Set([...httpRoutes(s.deps.auth.api)].map((r) => r.split(' ')[1]));
    const named = [...HOOKED_PATHS, ...Object.keys(AUTH_RATE_LIMITS)];
    expect(
      named.filter((p) => !paths.has(p)),
      'hooked or rate-limited paths Better Auth no longer has',
    ).toEqual([]);
  });

  it('has a column in our Drizzle schema for every field it writes (users, sessions, accounts, verifications)', async () => {
    const ctx = await s.deps.auth.$context;
    const ours = { user: users, session: sessions, account: accounts, verification: verifications } as const;
    const missing: string[] = [];
    for (const [model, table] of Object.entries(ours)) {
      const columns = getTableColumns(table);
      for (const [field, attr] of Object.entries(ctx.tables[model]!.fields)) {
        const name = (attr as { fieldName?: string }).fieldName ?? field;
        if (!(name in columns)) missing.push(`${model}.${name}`);
      }
    }
    expect(missing, 'regenerate the schema with @better-auth/cli and add a migration').toEqual([]);
  });

  it('stores a reset token under our prefix, found again through its `reset-password:` identifier', async () => {
    const email = 'reset-contract@example.com';
    await createVerifiedUser(s.deps, { email, password: 'secret-pass' });
    expect(
      (await s.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/newpassword' } })).status,
    ).toBe(200);
    const [mail] = (await s.outbox()).filter((m) => m.to === email);
    const token = new URL(mail!.links[0]!).searchParams.get('token_hash')!;
    const rows = await s.deps.database.db.select().from(verifications);
    expect(rows.map((r) => r.identifier.startsWith(RESET_TOKEN_PREFIX))).toEqual([true]);
    expect(rows[0]!.identifier).not.toContain(token);
    const ctx = await s.deps.auth.$context;
    expect(await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`)).toMatchObject({ id: rows[0]!.id });
  });

  it('still answers with the error codes our layer and the client read', () => {
    for (const code of [...ORIGIN_REFUSAL_CODES, 'EMAIL_NOT_VERIFIED', 'INVALID_PASSWORD'])
      expect(Object.keys(BASE_ERROR_CODES), code).toContain(code);
  });
});
