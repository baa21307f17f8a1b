import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readCardPage, signIn } from './bench-http';

/** A real HTTP server answering the sign-in and the page read as a script of answers says. */
async function serve(script: { signIn: number[]; page: number[] }) {
  const seen = { signIn: 0, page: 0, cookies: [] as string[] };
  const server = createServer((req, res) => {
    if (req.url === '/api/auth/sign-in/email') {
      const status = script.signIn[Math.min(seen.signIn, script.signIn.length - 1)]!;
      seen.signIn++;
      if (status === 200) res.setHeader('set-cookie', `better-auth.session_token=t${seen.signIn}; Path=/; HttpOnly`);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? '{"user":{}}' : '{"error":{"code":"BUSY","message":"Server busy"}}');
      return;
    }
    const status = script.page[Math.min(seen.page, script.page.length - 1)]!;
    seen.page++;
    seen.cookies.push(String(req.headers.cookie));
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(status === 200 ? '{"page":0,"cards":[{"id":7},{"id":8}]}' : '{"error":{"code":"UNAUTHORIZED","message":"Sign in again"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push(server);
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

const creds = { email: 'bench@example.com', password: 'bench-password' };

describe('bench requests', () => {
  it('retries a refused sign-in and returns the session cookie', async () => {
    const { base, seen } = await serve({ signIn: [503, 503, 200], page: [200] });
    const logged: string[] = [];
    const cookie = await signIn(base, base, creds, { delayMs: 1, log: (m) => logged.push(m) });
    expect(cookie).toBe('better-auth.session_token=t3');
    expect(seen.signIn).toBe(3);
    expect(logged[0]).toContain('503');
    expect(logged[0]).toContain('Server busy');
  });

  it('says what the server answered when the sign-in never succeeds', async () => {
    const { base } = await serve({ signIn: [500], page: [200] });
    await expect(signIn(base, base, creds, { attempts: 2, delayMs: 1 })).rejects.toThrow(/after 2 attempts.*500.*Server busy/);
  });

  it('reports a page read that is not a page and signs in again before the next attempt', async () => {
    const { base, seen } = await serve({ signIn: [200], page: [401, 200] });
    const logged: string[] = [];
    const first = await signIn(base, base, creds, { delayMs: 1 });
    const { page, cookie } = await readCardPage(
      `${base}/api/flashcards/page`,
      () => signIn(base, base, creds, { delayMs: 1 }),
      first,
      base,
      {
        delayMs: 1,
        log: (m) => logged.push(m),
      },
    );
    expect(page.cards.map((c) => c.id)).toEqual([7, 8]);
    expect(logged).toEqual([expect.stringMatching(/attempt 1 of 3, answered 401 .*Sign in again/)]);
    expect(seen.cookies).toEqual(['better-auth.session_token=t1', 'better-auth.session_token=t2']);
    expect(cookie).toBe('better-auth.session_token=t2');
  });

  it('fails with the status and body of the last answer, never a TypeError', async () => {
    const { base } = await serve({ signIn: [200], page: [503] });
    const first = await signIn(base, base, creds, { delayMs: 1 });
    await expect(
      readCardPage(`${base}/api/flashcards/page`, () => signIn(base, base, creds, { delayMs: 1 }), first, base, {
        attempts: 2,
        delayMs: 1,
      }),
    ).rejects.toThrow(/failed after 2 attempts; last answer: 503 .*Sign in again/);
  });
});
