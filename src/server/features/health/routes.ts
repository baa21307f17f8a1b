import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps';

/** GET /api/ping — does nothing: the baseline the benchmark measures every route against. */
export const pingRoutes = new Hono<AppEnv>().get('/', (c) => c.json({ ok: true }));

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { database } = c.get('deps');
  try {
    await database.db.execute(sql`select 1`);
    return c.json({ ok: true, db: database.kind });
  } catch {
    return c.json({ ok: false, db: database.kind }, 503);
  }
});
