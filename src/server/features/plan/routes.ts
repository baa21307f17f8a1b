import { Hono } from 'hono';
import {
  planEventBody,
  planEventIdParam,
  planEventUpdateBody,
  planSettingsBody,
  type PlanEventView,
  type PlanFeedResponse,
  type PlanResponse,
} from '../../../shared/contracts/plan';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { notFound, readJson } from '../../lib/http';
import { calendarIcs } from './ics';
import { addEvent, allEvents, deleteEvent, feedOwner, planOf, renewFeed, revokeFeed, savePlan, updateEvent } from './service';

const eventId = (raw: string) => {
  const id = planEventIdParam.safeParse(raw);
  if (!id.success) throw notFound('This event does not exist.');
  return id.data;
};

const ICS_HEADERS = { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' };

/** /api/plan (decision 105): the student's study plan, their own events and the calendar export; subscribers only. */
export const planRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/', async (c) => c.json((await planOf(c.get('deps'), c.get('user'))) satisfies PlanResponse))
  .put('/', async (c) => {
    const body = await readJson(c, planSettingsBody);
    return c.json((await savePlan(c.get('deps'), c.get('user'), body)) satisfies PlanResponse);
  })
  .post('/events', async (c) => {
    const body = await readJson(c, planEventBody);
    return c.json({ event: (await addEvent(c.get('deps'), c.get('user').id, body)) satisfies PlanEventView }, 201);
  })
  .put('/events/:id', async (c) => {
    const id = eventId(c.req.param('id'));
    const body = await readJson(c, planEventUpdateBody);
    return c.json({ event: await updateEvent(c.get('deps'), c.get('user').id, id, body) });
  })
  .delete('/events/:id', async (c) => {
    await deleteEvent(c.get('deps'), c.get('user').id, eventId(c.req.param('id')));
    return c.body(null, 204);
  })
  .get('/calendar.ics', async (c) => {
    const deps = c.get('deps');
    const user = c.get('user');
    const [view, events] = await Promise.all([planOf(deps, user), allEvents(deps, user.id)]);
    return c.body(calendarIcs(user.id, view, events, deps.now()), 200, {
      ...ICS_HEADERS,
      'content-disposition': 'attachment; filename="medicprep-plan.ics"',
    });
  })
  .post('/feed', async (c) => c.json({ feedUrl: await renewFeed(c.get('deps'), c.get('user').id) } satisfies PlanFeedResponse, 201))
  .delete('/feed', async (c) => {
    await revokeFeed(c.get('deps'), c.get('user').id);
    return c.body(null, 204);
  });

/**
 * /api/calendar-feed/:token.ics: the private subscription a calendar app polls without a session; the token is the whole
 * credential. A revoked or unknown token, or a student whose subscription has lapsed, is one and the same 404.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  const file = c.req.param('file');
  const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(file)?.[1];
  const deps = c.get('deps');
  const owner = token ? await feedOwner(deps, token) : null;
  if (!owner) throw notFound('This calendar address does not exist.');
  const [view, events] = await Promise.all([planOf(deps, owner), allEvents(deps, owner.id)]);
  return c.body(calendarIcs(owner.id, view, events, deps.now()), 200, ICS_HEADERS);
});
