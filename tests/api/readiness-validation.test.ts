import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { defaultStandardId } from '../../src/shared/readiness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessValidationResponse } from '../../src/shared/contracts/readiness';
import { auditLog, exams, nremtResults, users } from '../../src/server/db/schema';
import { reportedResultsCount } from '../../src/server/domain/readiness/results';
import { simulatedCohort } from '../../src/server/domain/readiness/simulated-cohort';
import { readinessModelFor, readinessSamples, validateSamples } from '../../src/server/domain/readiness/validate';
import { predictLogistic } from '../../src/server/domain/readiness/metrics';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const DAY = 86_400_000;

/**
 * Writes a simulated cohort as the product stores it: a user each, `exams` ended practice exams before the sitting (the
 * last one `days` before it, with the cohort's θ̂, SE and chance), and the reported result.
 */
async function storeCohort(s: TestServer, cohort: ReturnType<typeof simulatedCohort>, level: 'EMT' | 'Paramedic') {
  const db = s.deps.database.db;
  const userRows = cohort.map((c) => ({
    id: randomUUID(),
    name: c.id,
    email: `${c.id}-${randomUUID().slice(0, 6)}@example.com`,
    emailVerified: true,
  }));
  const examRows = cohort.flatMap((c, i) => {
    const sitting = Date.parse(`${c.examDate}T00:00:00Z`);
    return Array.from({ length: c.exams }, (_, k) => {
      // the last exam ends `days` before the sitting's day (at noon); earlier ones a week apart before that
      const ended = new Date(sitting - c.days * DAY - k * 7 * DAY + DAY / 2);
      const last = k === 0;
      return {
        userId: userRows[i]!.id,
        level,
        startedAt: new Date(ended.getTime() - 3_600_000),
        deadline: ended,
        pilotPositions: [],
        excludedKeys: [],
        endedAt: ended,
        theta: last ? c.theta : c.theta - 0.5,
        se: last ? c.se : 0.5,
        chance: Math.round(c.chance * 100),
        readiness: 950,
        standardId: defaultStandardId(level),
      };
    });
  });
  const resultRows = cohort.map((c, i) => ({
    userId: userRows[i]!.id,
    level,
    examDate: c.examDate,
    passed: c.passed,
    attempt: 1,
    source: 'import',
    createdAt: new Date(),
    updatedAt: new Date(),
  }));
  for (let i = 0; i < userRows.length; i += 200) await db.insert(users).values(userRows.slice(i, i + 200));
  for (let i = 0; i < examRows.length; i += 200) await db.insert(exams).values(examRows.slice(i, i + 200));
  for (let i = 0; i < resultRows.length; i += 200) await db.insert(nremtResults).values(resultRows.slice(i, i + 200));
  return userRows;
}

describe.each(testDatabases())('readiness validation on reported results, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  const deps = () => ({ db: s.deps.database.db, now: s.deps.now });

  it('reads each sitting with the practice exams before it, validates, stores the run and opens the gate at N ≥ 200', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    // a cohort whose held-out ECE happens to fall within the gate (at N = 260 the 78 held-out sittings make ECE noisy: most
    // seeds give 0.05–0.10 even for a correct model, decision 099)
    const cohort = simulatedCohort({ students: 260, cutShift: 0.4, seed: 17 });
    await storeCohort(s, cohort, 'EMT');
    // a sitting with no practice exam before its day (one ended that very day) is not in the sample
    const [late] = await storeCohort(s, [{ ...cohort[0]!, id: 'late', days: 0, exams: 1 }], 'EMT');
    await s.deps.database.db
      .update(exams)
      .set({ endedAt: new Date(Date.parse(`${cohort[0]!.examDate}T00:00:00Z`) + 3_600_000) })
      .where(eq(exams.userId, late!.id));
    const other = simulatedCohort({ students: 150, cutShift: 0.4, seed: 12 });
    await storeCohort(s, other, 'Paramedic');

    const samples = await readinessSamples(s.deps, 'EMT');
    expect(samples).toHaveLength(260);
    const byDate = [...cohort].sort((a, b) => a.examDate.localeCompare(b.examDate));
    expect(samples.map((x) => [x.exams, x.days, x.passed])).toEqual(byDate.map((c) => [c.exams, c.days, c.passed]));
    expect(await reportedResultsCount(deps(), 'EMT')).toBe(261);
    expect(await reportedResultsCount(deps(), 'Paramedic')).toBe(150);

    expect(await readinessModelFor(deps(), 'EMT')).toBeNull();
    const res = await s.request('/api/admin/readiness/validate', { method: 'POST', cookie: admin.cookie });
    expect(res.status).toBe(200);
    const out = readinessValidationResponse.parse(await res.json());
    expect(out.gate).toEqual({ minN: 200, maxEce: 0.05 });
    const emt = out.levels.find((l) => l.level === 'EMT')!;
    const expected = validateSamples(cohort);
    expect(emt.reported).toBe(261);
    expect(emt.run).toMatchObject({ n: 260, nTrain: 182, nTest: 78, usable: true });
    expect(emt.run!.fitted!.ece).toBeCloseTo(expected.fitted!.ece, 9);
    expect(emt.run!.fitted!.brier).toBeCloseTo(expected.fitted!.brier, 9);
    expect(emt.run!.naive!.ece).toBeCloseTo(expected.naive!.ece, 9);
    expect(emt.run!.naive!.ece).toBeGreaterThan(emt.run!.fitted!.ece);
    // too few Paramedic results: figures, but the gate stays shut
    const paramedic = out.levels.find((l) => l.level === 'Paramedic')!;
    expect(paramedic.run).toMatchObject({ n: 150, usable: false });

    const model = await readinessModelFor(deps(), 'EMT');
    expect(model).toMatchObject({ level: 'EMT', n: 260 });
    const input = { theta: 0.5, se: 0.3, exams: 2, days: 10 };
    expect(model!.predict(input)).toBeCloseTo(predictLogistic(expected.model!, [0.5, 0.3, Math.log1p(2), Math.log1p(10)]), 9);
    expect(await readinessModelFor(deps(), 'Paramedic')).toBeNull();

    const latest = readinessValidationResponse.parse(await (await s.request('/api/admin/readiness', { cookie: admin.cookie })).json());
    expect(latest.levels.find((l) => l.level === 'EMT')!.run!.id).toBe(emt.run!.id);
    const [entry] = await s.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'readiness.validate'));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'readiness_validation' });
  });
});
