import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadShedding } from './load-shed';

/** An app whose /api/slow requests wait until the test opens the gate. */
function gatedApp(max: number) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const app = new Hono()
    .use(
      '/api/*',
      loadShedding(max, (p) => p === '/api/health'),
    )
    .get('/api/slow', async (c) => {
      await gate;
      return c.json({ ok: true });
    })
    .get('/api/fail', () => {
      throw new Error('boom');
    })
    .get('/api/health', (c) => c.json({ ok: true }))
    .onError((_err, c) => c.json({ error: { code: 'INTERNAL', message: 'failed' } }, 500));
  return { app, open };
}

describe('load shedding', () => {
  it('answers 503 with Retry-After beyond the cap, at once, and serves again once requests finish', async () => {
    const { app, open } = gatedApp(2);
    const held = [Promise.resolve(app.request('/api/slow')), Promise.resolve(app.request('/api/slow'))];
    const refused = await Promise.all([app.request('/api/slow'), app.request('/api/slow'), app.request('/api/slow')]);
    for (const res of refused) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({ error: { code: 'BUSY', message: 'MedicPrep is busy. Try again in a moment.' } });
    }
    // the health check is neither counted nor refused
    expect((await app.request('/api/health')).status).toBe(200);
    open();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect((await app.request('/api/slow')).status).toBe(200);
  });

  it('frees the slot of a request that failed', async () => {
    const { app, open } = gatedApp(1);
    open();
    for (let i = 0; i < 3; i++) expect((await app.request('/api/fail')).status).toBe(500);
    expect((await app.request('/api/slow')).status).toBe(200);
  });
});
