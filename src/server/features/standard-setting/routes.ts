import { Hono } from 'hono';
import { z } from 'zod';
import {
  addPanelistBody,
  createStudyBody,
  ratingBody,
  type MyStudiesResponse,
  type RatingResponse,
  type RatingStudyResponse,
  type StudiesResponse,
  type StudyResponse,
  type StudyResultsResponse,
} from '../../../shared/contracts/standard-setting';
import type { AppEnv } from '../../deps';
import { requireAdmin, requirePanelist, requireUser } from '../../auth/middleware';
import { auditBy } from '../../lib/audit-by';
import { notFound, readJson } from '../../lib/http';
import {
  addPanelist,
  adoptStudy,
  advanceStudy,
  createStudy,
  getStudy,
  listStudies,
  myStudies,
  ratingStudy,
  removePanelist,
  saveRating,
  studyResults,
} from './service';

const uuid = z.uuid();
function studyId(raw: string) {
  const parsed = uuid.safeParse(raw);
  // a malformed id is a study that does not exist
  if (!parsed.success) throw notFound('This study does not exist.');
  return parsed.data;
}

/**
 * /api/admin/standards: standard-setting studies (modified Angoff, docs/decisions/109-standard-setting-by-a-panel.md) —
 * create (the server samples the items), the panel, the rounds, the results, adoption. Administrators only.
 */
export const adminStandardRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json({ studies: await listStudies(c.get('deps')) } satisfies StudiesResponse))
  .post('/', async (c) => {
    const body = await readJson(c, createStudyBody);
    return c.json({ study: await createStudy(c.get('deps'), auditBy(c), c.get('user'), body) } satisfies StudyResponse, 201);
  })
  .get('/:id', async (c) => c.json({ study: await getStudy(c.get('deps'), studyId(c.req.param('id'))) } satisfies StudyResponse))
  .post('/:id/panelists', async (c) => {
    const id = studyId(c.req.param('id'));
    const { email } = await readJson(c, addPanelistBody);
    return c.json({ study: await addPanelist(c.get('deps'), auditBy(c), id, email) } satisfies StudyResponse);
  })
  .delete('/:id/panelists/:userId', async (c) =>
    c.json({
      study: await removePanelist(c.get('deps'), auditBy(c), studyId(c.req.param('id')), c.req.param('userId')),
    } satisfies StudyResponse),
  )
  .post('/:id/round1', async (c) =>
    c.json({ study: await advanceStudy(c.get('deps'), auditBy(c), studyId(c.req.param('id')), 'round1') } satisfies StudyResponse),
  )
  .post('/:id/round2', async (c) =>
    c.json({ study: await advanceStudy(c.get('deps'), auditBy(c), studyId(c.req.param('id')), 'round2') } satisfies StudyResponse),
  )
  .post('/:id/close', async (c) =>
    c.json({ study: await advanceStudy(c.get('deps'), auditBy(c), studyId(c.req.param('id')), 'closed') } satisfies StudyResponse),
  )
  .get('/:id/results', async (c) => c.json((await studyResults(c.get('deps'), studyId(c.req.param('id')))) satisfies StudyResultsResponse))
  .post('/:id/adopt', async (c) =>
    c.json({ study: await adoptStudy(c.get('deps'), auditBy(c), c.get('user'), studyId(c.req.param('id'))) } satisfies StudyResponse),
  );

/**
 * /api/standard-setting: a panelist's studies and ratings. Panelists and administrators; only the studies the caller is
 * on (another study answers 404, as one that does not exist).
 */
export const standardSettingRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requirePanelist)
  .get('/studies', async (c) => c.json({ studies: await myStudies(c.get('deps'), c.get('user')) } satisfies MyStudiesResponse))
  .get('/studies/:id', async (c) =>
    c.json((await ratingStudy(c.get('deps'), c.get('user'), studyId(c.req.param('id')))) satisfies RatingStudyResponse),
  )
  .put('/studies/:id/ratings/:itemKey', async (c) => {
    const id = studyId(c.req.param('id'));
    const { value } = await readJson(c, ratingBody);
    return c.json((await saveRating(c.get('deps'), c.get('user'), id, c.req.param('itemKey'), value)) satisfies RatingResponse);
  });
