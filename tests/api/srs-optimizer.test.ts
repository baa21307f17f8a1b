import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { srsParameters } from '../../src/server/db/schema';
import { evaluateStoredLogs, formatEvaluation, studentLogs } from '../../src/server/lib/srs-evaluate';
import { benchmarkRows, DEFAULT_WEIGHTS, heldOut, timeSplit } from '../../src/server/lib/srs-metrics';
import { formatFit, fsrsItems, MIN_REVIEWS, optimizeStudents } from '../../src/server/lib/srs-optimize';
import { reviewQueueResponse } from '../../src/shared/contracts/review';
import { newSrsCard, schedule } from '../../src/shared/srs';
import { FORGETFUL, RETENTIVE, simulate, STUDENTS, toCsv, type GeneratedLog } from '../helpers/srs-simulate';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

// srs:evaluate and srs:optimize on generated review logs (decision 076). Three simulated students whose
// memory follows known FSRS-6 weights (tests/helpers/srs-simulate.ts): 'forgetful' (1,880 reviews), 'retentive' (1,792),
// 'beginner' (163, too few to fit). The expected figures come from tests/fixtures/srs/metrics_reference.py (FSRS-6 from the
// published formulas, metrics as srs-benchmark's utils.py computes them, numpy), run on the same logs
// (tests/fixtures/srs/generated-revlog.csv):
//   forgetful (1880 logs) default n=  971 log_loss=0.5492692046 rmse=0.4206675059 rmse_bins=0.1123398170
//   forgetful true weights       n=  971 log_loss=0.5173576636 rmse=0.4100817186 rmse_bins=0.0673112570
//   retentive (1792 logs) default n=  886 log_loss=0.3076579374 rmse=0.2917194800 rmse_bins=0.0812111483
//   retentive true weights       n=  886 log_loss=0.3008598457 rmse=0.2899335331 rmse_bins=0.0727187579
//   beginner (163 logs) default  n=   41 log_loss=0.4608678815 rmse=0.3857480544 rmse_bins=0.1186401912
//   all students, default        n= 1898 log_loss=0.4345737162 rmse=0.3597193244 rmse_bins=0.0979448301
//   with own, default            n= 1857 log_loss=0.4339931773 rmse=0.3591446459 rmse_bins=0.0974879051
//   with own, true weights       n= 1857 log_loss=0.4140636051 rmse=0.3527573824 rmse_bins=0.0698912494
// (ts-fsrs rounds to 8 decimals, the reference does not: the figures agree to about 1e-8.)

const REFERENCE = {
  forgetful: { n: 971, logLoss: 0.5492692046, rmse: 0.4206675059, rmseBins: 0.112339817 },
  retentive: { n: 886, logLoss: 0.3076579374, rmse: 0.29171948, rmseBins: 0.0812111483 },
  beginner: { n: 41, logLoss: 0.4608678815, rmse: 0.3857480544, rmseBins: 0.1186401912 },
  forgetfulTrue: { n: 971, logLoss: 0.5173576636, rmse: 0.4100817186, rmseBins: 0.067311257 },
  retentiveTrue: { n: 886, logLoss: 0.3008598457, rmse: 0.2899335331, rmseBins: 0.0727187579 },
  all: { n: 1898, logLoss: 0.4345737162, rmse: 0.3597193244, rmseBins: 0.0979448301 },
  ownDefault: { n: 1857, logLoss: 0.4339931773, rmse: 0.3591446459, rmseBins: 0.0974879051 },
  ownTrue: { n: 1857, logLoss: 0.4140636051, rmse: 0.3527573824, rmseBins: 0.0698912494 },
};

// Held out (decision 093): scripts/reference/srs_timesplit_reference.py — srs-benchmark's dataset, outlier filter and
// time split, FSRS-6 and the metrics (AUC too) written with numpy and scipy — on the same logs, with the weights fsrs-rs
// fitted on each fold's earlier reviews (tests/fixtures/srs/fold-weights.json, tests/fixtures/srs/write-fold-weights.ts).
const TIMESPLIT = JSON.parse(readFileSync('tests/fixtures/srs/timesplit-reference.json', 'utf8')) as Record<
  'forgetful' | 'retentive' | 'beginner',
  { rows: number; split: number[][]; defaultHeldOut: HeldOutFigures; fittedHeldOut: HeldOutFigures; trueHeldOut: HeldOutFigures }
>;
const FOLD_WEIGHTS = JSON.parse(readFileSync('tests/fixtures/srs/fold-weights.json', 'utf8')) as Record<string, (number[] | null)[]>;
type HeldOutFigures = { n: number; logLoss: number; rmse: number; rmseBins: number; auc: number };
const heldOutClose = (actual: HeldOutFigures, expected: HeldOutFigures) => {
  expect(actual.n).toBe(expected.n);
  for (const k of ['logLoss', 'rmse', 'rmseBins', 'auc'] as const) expect(actual[k]).toBeCloseTo(expected[k], 6);
};

const close = (actual: { n: number; logLoss: number; rmse: number; rmseBins: number }, expected: typeof REFERENCE.all) => {
  expect(actual.n).toBe(expected.n);
  expect(actual.logLoss).toBeCloseTo(expected.logLoss, 7);
  expect(actual.rmse).toBeCloseTo(expected.rmse, 7);
  expect(actual.rmseBins).toBeCloseTo(expected.rmseBins, 7);
};

describe('srs:evaluate and srs:optimize on generated review logs (embedded database)', () => {
  let s: TestServer;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const generated = STUDENTS.map((st) => ({ st, logs: simulate(st) }));

  const insertLogs = async (userId: string, logs: GeneratedLog[]) => {
    for (let i = 0; i < logs.length; i += 500) {
      const values = logs.slice(i, i + 500).map(
        (l) => sql`(${userId}, ${randomUUID()}::uuid, 'flashcard', ${l.card}, ${l.grade}, ${l.reviewedAt}::timestamptz, ${l.elapsedDays},
          ${l.before.state}, ${l.after.state}, ${l.before.stability}, ${l.after.stability}, ${l.before.difficulty}, ${l.after.difficulty},
          ${l.before.due}::timestamptz, ${l.after.due}::timestamptz, ${l.after.scheduledDays})`,
      );
      await s.deps.database.db.execute(sql`
        insert into srs_review_logs (user_id, client_id, item_kind, item_key, grade, reviewed_at, elapsed_days, state_before, state_after,
          stability_before, stability_after, difficulty_before, difficulty_after, due_before, due_after, scheduled_days)
        values ${sql.join(values, sql`, `)}`);
    }
  };

  beforeAll(async () => {
    s = await startTestServer('pglite');
    for (const { st, logs } of generated) {
      const user = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
      ids[st.name] = user.id;
      cookies[st.name] = user.cookie;
      await insertLogs(user.id, logs);
    }
  });
  afterAll(async () => s?.close());
  const db = () => s.deps.database.db;

  it('the generated logs are the ones the reference figures were computed on', () => {
    expect(toCsv(generated.flatMap((g) => g.logs))).toBe(readFileSync('tests/fixtures/srs/generated-revlog.csv', 'utf8'));
    expect(generated.map((g) => g.logs.length)).toEqual([1880, 1792, 163]);
  });

  it('srs:evaluate: in sample as before (metrics_reference.py), held out as srs-benchmark (srs_timesplit_reference.py)', async () => {
    const e = await evaluateStoredLogs(db());
    expect(e.reviews).toBe(1880 + 1792 + 163);
    expect(e.students).toBe(3);
    const k = e.kinds.find((x) => x.kind === 'flashcard')!;
    close(k.inSample, REFERENCE.all);
    const of = (name: string) => k.perStudent.find((p) => p.userId === ids[name])!;
    for (const name of ['forgetful', 'retentive', 'beginner'] as const) {
      // the same rows and folds as the reference, and the same figures for the defaults on the later reviews
      const logs = await studentLogs(db(), ids[name]!, 'flashcard');
      const rows = benchmarkRows(logs);
      expect(rows.length).toBe(TIMESPLIT[name].rows);
      expect(timeSplit(rows.length).map((f) => [f.testStart, f.testEnd])).toEqual(TIMESPLIT[name].split);
      heldOutClose(of(name).defaults, TIMESPLIT[name].defaultHeldOut);
      // fsrs-rs's fold fits (tests/fixtures/srs/fold-weights.json) scored on the later reviews, as the reference scores them
      const folds = FOLD_WEIGHTS[name]!;
      heldOutClose(await heldOut(logs, rows, (_, f) => folds[f] ?? DEFAULT_WEIGHTS), TIMESPLIT[name].fittedHeldOut);
    }
    expect(k.withOwn.students).toBe(0);
    expect(e.kinds.find((x) => x.kind === 'question')!.students).toBe(0);
    const printed = formatEvaluation(e);
    expect(printed).toContain('3835 review logs of 3 students read');
    console.log(printed);

    // the students' true weights stored as their own: scored on the same later reviews as the defaults
    await db()
      .insert(srsParameters)
      .values(
        [
          ['forgetful', FORGETFUL],
          ['retentive', RETENTIVE],
        ].map(([name, weights]) => ({
          userId: ids[name as string]!,
          weights: weights as number[],
          reviews: 0,
          evaluated: 0,
          logLoss: 0,
          rmseBins: 0,
          defaultLogLoss: 0,
          defaultRmseBins: 0,
        })),
      );
    const own = (await evaluateStoredLogs(db())).kinds.find((x) => x.kind === 'flashcard')!;
    expect(own.withOwn.students).toBe(2);
    heldOutClose(own.perStudent.find((p) => p.userId === ids.forgetful)!.own!, TIMESPLIT.forgetful.trueHeldOut);
    heldOutClose(own.perStudent.find((p) => p.userId === ids.retentive)!.own!, TIMESPLIT.retentive.trueHeldOut);
    expect(own.perStudent.find((p) => p.userId === ids.beginner)!.own).toBeNull();
    await db().delete(srsParameters);
  });

  it('the optimiser trains on each review given at least a day after the previous one, with the history before it', () => {
    const items = fsrsItems([
      { card: 'a', grade: 1, elapsedDays: 0 },
      { card: 'a', grade: 3, elapsedDays: 0 },
      { card: 'b', grade: 3, elapsedDays: 0 },
      { card: 'a', grade: 3, elapsedDays: 2 },
      { card: 'a', grade: 1, elapsedDays: 5 },
      { card: 'a', grade: 3, elapsedDays: 0 },
      { card: 'b', grade: 3, elapsedDays: 3 },
    ]);
    expect(items.map((i) => i.reviews.map((r) => [r.rating, r.deltaT]))).toEqual([
      [
        [1, 0],
        [3, 0],
        [3, 2],
      ],
      [
        [1, 0],
        [3, 0],
        [3, 2],
        [1, 5],
      ],
      [
        [3, 0],
        [3, 3],
      ],
    ]);
  });

  it('srs:optimize fits students with 1,000 reviews, keeps weights that predict better than the defaults, and the scheduler uses them', async () => {
    expect(MIN_REVIEWS).toBe(1000);
    const result = await optimizeStudents({ db: db(), now: () => new Date() });
    expect(result.students).toBe(3);
    expect(result.eligible).toBe(2); // the beginner's 163 reviews are too few
    for (const fit of result.fits) {
      expect(fit.error).toBeUndefined();
      expect(fit.kind).toBe('flashcard');
      // kept because fits on earlier reviews beat the defaults on the later ones (the reference's held-out figures)
      expect(fit.kept).toBe('fitted');
      const name = fit.userId === ids.forgetful ? 'forgetful' : 'retentive';
      heldOutClose(fit.defaults, TIMESPLIT[name].defaultHeldOut);
      expect(fit.fitted!.logLoss).toBeLessThan(fit.defaults.logLoss);
      console.log(formatFit(fit));
    }
    const stored = await db().select().from(srsParameters);
    expect(stored.map((r) => r.userId).sort()).toEqual([ids.forgetful, ids.retentive].sort());
    for (const r of stored) {
      expect(r.weights).toHaveLength(21);
      expect(r.logLoss).toBeLessThan(r.defaultLogLoss);
    }

    // srs:evaluate now scores them with their own weights: better than the defaults on the same later reviews
    const e = (await evaluateStoredLogs(db())).kinds.find((k) => k.kind === 'flashcard')!;
    expect(e.withOwn.students).toBe(2);
    expect(e.withOwn.own.logLoss).toBeLessThan(e.withOwn.defaults.logLoss);

    // the scheduler: a review by the forgetful student is scheduled with their weights, the beginner's with the defaults
    const weights = stored.find((r) => r.userId === ids.forgetful)!.weights;
    const { rows } = await db().execute<{ key: string }>(
      sql`select key from flashcards where course_level = 'Paramedic' order by id limit 1`,
    );
    const key = rows[0]!.key;
    for (const [name, w] of [
      ['forgetful', weights],
      ['beginner', null],
    ] as const) {
      const res = await s.request('/api/review/answers', {
        method: 'POST',
        cookie: cookies[name]!,
        json: { kind: 'flashcard', key, grade: 'good', clientId: randomUUID() },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const card = ((await res.json()) as { card: { stability: number; lastReview: string } }).card;
      const expected = schedule(newSrsCard(new Date(card.lastReview)), 'good', new Date(card.lastReview), {
        retention: 0.9,
        weights: w,
      }).card;
      expect(card.stability).toBeCloseTo(expected.stability, 8);
      expect(card.stability).toBeCloseTo(Math.max(0.1, (w ?? DEFAULT_WEIGHTS)[2]!), 8);
    }
    expect(weights[2]).not.toBeCloseTo(DEFAULT_WEIGHTS[2]!, 2);

    // the phone schedules offline with the same weights: the queue carries them
    const q = await s.request('/api/review/queue', { cookie: cookies.forgetful! });
    expect(reviewQueueResponse.parse(await q.json()).weights).toEqual(weights);
    const b = await s.request('/api/review/queue', { cookie: cookies.beginner! });
    expect(reviewQueueResponse.parse(await b.json()).weights).toBeNull();
  });
});
