import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { classPreviewQuery, createClassBody, joinClassBody, recordOutcomeBody } from '../../../shared/contracts/programs';
import { nremtImportBody, type NremtImportResponse } from '../../../shared/contracts/nremt-results';
import type {
  ClassDetailResponse,
  ClassOutcomesResponse,
  ClassPreviewResponse,
  ClassResponse,
  InstructorClassesResponse,
  JoinClassResponse,
  MyClassesResponse,
} from '../../../shared/contracts/programs';
import { createAssignmentBody } from '../../../shared/contracts/assignments';
import type { ClassAssignmentResponse, ClassAssignmentsResponse } from '../../../shared/contracts/assignments';
import { ERROR_CODES, MESSAGES } from '../../../shared/errors';
import type { AppEnv } from '../../deps';
import { requireInstructor, requireUser } from '../../auth/middleware';
import { auditBy } from '../../lib/audit-by';
import { HttpError, notFound, readJson, readQuery } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import { classAssignmentList, createAssignment, deleteAssignment } from './assignments';
import { classOutcomes, deleteOutcome, importOutcomes, recordOutcome } from './outcomes';
import { classRoster, createClass, joinClass, leaveClass, listTaughtClasses, myClasses, previewClass } from './service';

/** Class codes are guessed no faster than validation codes (the code box's limit): previews and joins share it. */
export const CLASS_CODE_RATE_LIMIT = { window: 60, max: 10 };

const classIdParam = z.uuid();
function classId(raw: string) {
  const parsed = classIdParam.safeParse(raw);
  // a malformed id is a class that does not exist
  if (!parsed.success) throw notFound('This class does not exist.');
  return parsed.data;
}
function assignmentId(raw: string) {
  const parsed = classIdParam.safeParse(raw);
  if (!parsed.success) throw notFound('This assignment does not exist.');
  return parsed.data;
}
function resultId(raw: string) {
  const parsed = classIdParam.safeParse(raw);
  if (!parsed.success) throw notFound('This result no longer exists.');
  return parsed.data;
}

async function limitCodeTries(c: Context<AppEnv>) {
  const { database, config } = c.get('deps');
  if (!config.rateLimit) return;
  const limit = await consumeRateLimit(database.db, `class-code:${c.get('user').id}`, CLASS_CODE_RATE_LIMIT);
  if (!limit.allowed) throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyAttempts);
}

/** /api/classes: a student's side of programs (any signed-in user: a class code may be what grants access). */
export const classRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => c.json({ classes: await myClasses(c.get('deps'), c.get('user').id) } satisfies MyClassesResponse))
  .get('/preview', async (c) => {
    const { code } = readQuery(c, classPreviewQuery);
    await limitCodeTries(c);
    return c.json({ preview: await previewClass(c.get('deps'), c.get('user').id, code) } satisfies ClassPreviewResponse);
  })
  .post('/join', async (c) => {
    const body = await readJson(c, joinClassBody);
    await limitCodeTries(c);
    return c.json((await joinClass(c.get('deps'), auditBy(c), c.get('user').id, body)) satisfies JoinClassResponse, 201);
  })
  .delete('/:id/membership', async (c) => {
    await leaveClass(c.get('deps'), auditBy(c), c.get('user').id, classId(c.req.param('id')));
    return c.body(null, 204);
  });

/** /api/instructor: the classes an instructor teaches (an administrator: every class). */
export const instructorRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireInstructor)
  .get('/classes', async (c) =>
    c.json({ classes: await listTaughtClasses(c.get('deps'), c.get('user')) } satisfies InstructorClassesResponse),
  )
  .post('/classes', async (c) => {
    const body = await readJson(c, createClassBody);
    return c.json({ class: await createClass(c.get('deps'), auditBy(c), c.get('user'), body) } satisfies ClassResponse, 201);
  })
  .get('/classes/:id', async (c) =>
    c.json((await classRoster(c.get('deps'), c.get('user'), classId(c.req.param('id')))) satisfies ClassDetailResponse),
  )
  .get('/classes/:id/assignments', async (c) =>
    c.json((await classAssignmentList(c.get('deps'), c.get('user'), classId(c.req.param('id')))) satisfies ClassAssignmentsResponse),
  )
  .post('/classes/:id/assignments', async (c) => {
    const id = classId(c.req.param('id'));
    const body = await readJson(c, createAssignmentBody);
    const assignment = await createAssignment(c.get('deps'), auditBy(c), c.get('user'), id, body);
    return c.json({ assignment } satisfies ClassAssignmentResponse, 201);
  })
  .delete('/classes/:id/assignments/:assignmentId', async (c) => {
    const id = classId(c.req.param('id'));
    await deleteAssignment(c.get('deps'), auditBy(c), c.get('user'), id, assignmentId(c.req.param('assignmentId')));
    return c.body(null, 204);
  })
  .get('/classes/:id/outcomes', async (c) =>
    c.json((await classOutcomes(c.get('deps'), c.get('user'), classId(c.req.param('id')))) satisfies ClassOutcomesResponse),
  )
  .post('/classes/:id/outcomes', async (c) => {
    const id = classId(c.req.param('id'));
    const body = await readJson(c, recordOutcomeBody);
    return c.json({ outcome: await recordOutcome(c.get('deps'), auditBy(c), c.get('user'), id, body) }, 201);
  })
  .post('/classes/:id/outcomes/import', async (c) => {
    const id = classId(c.req.param('id'));
    const { csv, dryRun } = await readJson(c, nremtImportBody);
    return c.json((await importOutcomes(c.get('deps'), auditBy(c), c.get('user'), id, csv, dryRun)) satisfies NremtImportResponse);
  })
  .delete('/classes/:id/outcomes/:resultId', async (c) => {
    const id = classId(c.req.param('id'));
    await deleteOutcome(c.get('deps'), auditBy(c), c.get('user'), id, resultId(c.req.param('resultId')));
    return c.body(null, 204);
  });
