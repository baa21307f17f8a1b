import { Hono } from 'hono';
import type { DragDropScenariosResponse } from '../../../shared/contracts/drag-drop';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { contentVersion } from '../../content/import';
import { scenariosFor, studentLevels } from './service';

/**
 * GET /api/drag-drop/scenarios — the scenarios of the caller's course level (Both sees both) and the
 * content version, which the client's 60-day cache is keyed on. The answers (`indicated`) go along:
 * the screen checks them itself, as the specification's client does.
 */
export const dragDropRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/scenarios', async (c) => {
  const deps = c.get('deps');
  const levels = studentLevels(c.get('user').courseLevel);
  const body: DragDropScenariosResponse = { scenarios: await scenariosFor(deps, levels), contentVersion: await contentVersion(deps.db) };
  return c.json(body);
});
