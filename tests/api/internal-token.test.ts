import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { INTERNAL_TOKEN_HEADER } from '../../src/server/features/internal/routes';
import { ORIGIN, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The local-only channel's token (features/internal): any wrong token — missing, shorter, longer, of the right length, with
 * bytes that are not ASCII — gets the same 403, so that neither a 500 nor any other difference tells the token's length.
 */
describe('internal token', () => {
  let s: TestServer;
  let app: ReturnType<typeof createApp>;
  const token = 'a'.repeat(48);
  // a request from this machine, as @hono/node-server passes the socket
  const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };

  beforeAll(async () => {
    s = await startTestServer('pglite');
    app = createApp({ ...s.deps, internalToken: token }, s.content);
  });
  afterAll(async () => s?.close());

  const send = async (given?: string) => {
    const headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' };
    if (given !== undefined) headers[INTERNAL_TOKEN_HEADER] = given;
    const res = await app.request(
      '/api/internal/test/streak',
      { method: 'POST', headers, body: JSON.stringify({ email: 'nobody@example.com', currentStreak: 1, lastLoginDaysAgo: 1 }) },
      local,
    );
    return { status: res.status, body: await res.text() };
  };

  it('the right token from this machine is let through', async () => {
    expect(await send(token)).toEqual({ status: 200, body: JSON.stringify({ updated: 0 }) });
  });

  it.each([
    ['no token', undefined],
    ['an empty token', ''],
    ['a shorter token', 'a'.repeat(47)],
    ['a longer token', 'a'.repeat(49)],
    ['a wrong token of the right length', `${'a'.repeat(47)}b`],
    ['a non-ASCII byte, right length in characters', `${'a'.repeat(47)}é`],
    ['non-ASCII bytes, as long as the token in bytes', 'é'.repeat(24)],
    ['only non-ASCII bytes', 'ÿ'.repeat(48)],
  ])('%s: the same 403', async (_label, given) => {
    expect(await send(given)).toEqual({
      status: 403,
      body: JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Not available.' } }),
    });
  });
});
