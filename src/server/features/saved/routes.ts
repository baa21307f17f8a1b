import { Hono } from 'hono';
import { saveBody, savedKeyParam, savedKindParam } from '../../../shared/contracts/saved';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { notFound, readJson } from '../../lib/http';
import { savedList, saveItem } from './service';

/** /api/saved: the student's bookmarks (decision 102). Scenarios live in content/, so the routes take it. */
export function savedRoutes(content: Content) {
  return new Hono<AppEnv>()
    .use('*', requireUser, requireSubscription)
    .get('/', async (c) => c.json(await savedList(c.get('deps'), c.get('user'), content.scenarios)))
    .put('/:kind/:key', async (c) => {
      const kind = savedKindParam.safeParse(c.req.param('kind'));
      const key = savedKeyParam.safeParse(c.req.param('key'));
      // an unknown kind or a key no item can have: the same 404 as an item that does not exist
      if (!kind.success || !key.success) throw notFound('This item does not exist.');
      const body = await readJson(c, saveBody);
      return c.json(await saveItem(c.get('deps'), c.get('user'), content.scenarios, { kind: kind.data, key: key.data }, body));
    });
}
