import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ContentLevel, CourseLevel } from '../../../shared/constants';
import type {
  ExamAnswerBody,
  ExamAvailabilityResponse,
  ExamHistoryResponse,
  ExamItem,
  ExamResult,
  ExamReviewResponse,
  ExamView,
} from '../../../shared/contracts/exam';
import { ERROR_CODES } from '../../../shared/errors';
import {
  domainResults,
  estimateAbility,
  examPassed,
  guessingFloor,
  itemDifficulty,
  nextExamItem,
  passingPercent,
  planPilotPositions,
  readinessScore,
  scoredResponses,
  pilotsOwed,
  poolShortfall,
  scorableFor,
  stopReason,
  type PoolShortfall,
  type AdministeredItem,
  type CandidateItem,
  type ExamLimits,
  type StopReason,
  UNTIMED_EXAM_DAYS,
} from '../../../shared/exam';
import { keyedAnswer, type QuestionAnswer } from '../../../shared/questions';
import type { StandardSummary } from '../../../shared/readiness';
import type { ServiceDeps } from '../../deps';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { examItems, exams, itemCalibrations, questionItems } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http';
import { derivedClientId, recordReview } from '../../lib/srs';
import { currentStandard, examLimitsFor, examReadiness, standardInfoOf, standardsById } from '../../domain/readiness';
import { assignmentForStudent } from '../../domain/assignments';
import {
  cachedItemRow,
  checkAnswer,
  feedbackFor,
  storedCheck,
  itemRows,
  levelFor as itemLevelFor,
  publicItem,
  scorable,
  seenKeys,
  shuffled,
  type ItemRow,
} from '../../domain/items';

/** An answer sent this long after the deadline still counts (a submit in flight when the clock ran out). */
const DEADLINE_GRACE_MS = 10_000;

/** The exam's services read the test limits from the config besides the database and the clock. */
type ExamDeps = ServiceDeps<'config'>;

type ExamRow = typeof exams.$inferSelect;
type ExamItemRow = typeof examItems.$inferSelect;

/** A CSPRNG in [0, 1) for selection and pilot positions. */
const random = () => randomInt(2 ** 32) / 2 ** 32;

/** The level's limits (a short exam in tests when EXAM_TEST_LIMITS is set). */
export const limitsFor = examLimitsFor;

/** The level asked for (or the student's first); another level is refused (domain/items). */
export function levelFor(courseLevel: CourseLevel, requested: ContentLevel | undefined): ContentLevel {
  return itemLevelFor(courseLevel, requested, 'practice exam');
}

// ---------------------------------------------------------------------------------------------------
// The bank as the engine sees it

interface BankItem extends CandidateItem {
  rating: number;
  /** 'exam': the exam's own reserve, never shown outside an exam (its misses are not scheduled for review) */
  pool: 'practice' | 'exam';
}

/**
 * The level's items with their model difficulty (calibrated after 200 responses, else the rating's), the
 * responses stored for each in practice and exams (pilot items are the least answered) and the share of the
 * level's exams that gave it (exposure control).
 */
async function bankOf(db: Db, level: ContentLevel): Promise<BankItem[]> {
  const { rows } = await db.execute<{
    key: string;
    domain: string;
    difficulty: number;
    cal_b: number | null;
    cal_n: number | null;
    given: number;
    answered: number;
    exams: number;
    case_key: string | null;
    case_order: number | null;
    pool: 'practice' | 'exam';
    type: string;
    options: number;
  }>(sql`
    with usage as (
      select ei.item_key, count(*)::int as given, count(ei.correct)::int as answered
      from ${examItems} ei join ${exams} e on e.id = ei.exam_id
      where e.level = ${level}
      group by ei.item_key
    ),
    practice as (select item_key, count(*)::int as answered from question_attempts group by item_key)
    select i.key, i.domain, i.difficulty, c.b as cal_b, c.n as cal_n, i.case_key, i.case_order, i.pool, i.type,
      jsonb_array_length(i.body -> 'options') as options,
      coalesce(u.given, 0) as given, coalesce(u.answered, 0) + coalesce(p.answered, 0) as answered,
      (select count(*)::int from ${exams} where level = ${level}) as exams
    from ${questionItems} i
    left join ${itemCalibrations} c on c.item_key = i.key
    left join usage u on u.item_key = i.key
    left join practice p on p.item_key = i.key
    where i.level = ${level} and not i.retired`);
  return rows.map((r) => ({
    key: r.key,
    domain: r.domain,
    rating: Number(r.difficulty),
    b: itemDifficulty(Number(r.difficulty), r.cal_b === null ? null : { b: Number(r.cal_b), n: Number(r.cal_n) }),
    c: guessingFloor(r.type, Number(r.options)),
    responses: Number(r.answered),
    exposure: Number(r.exams) > 0 ? Number(r.given) / Number(r.exams) : 0,
    caseKey: r.case_key,
    caseOrder: r.case_order === null ? null : Number(r.case_order),
    pool: r.pool,
  }));
}

/**
 * The bank as the engine sees it changes slowly (content imports, calibration runs, exposure shares), and
 * reading it is the heaviest query of an answer: each process keeps it for BANK_TTL_MS per database and level (an age on the
 * monotonic timer, not the product's clock, which tests move).
 */
const BANK_TTL_MS = 30_000;
type BankEntry = { at: number; bank: Promise<BankItem[]> };
const bankCache = new WeakMap<Db, Map<ContentLevel, BankEntry>>();
/** Forgets the cached banks of `db` (tests: the next read goes to the database, as once BANK_TTL_MS has passed). */
export const forgetCachedBanks = (db: Db) => bankCache.delete(db);
function cachedBank(db: Db, level: ContentLevel): Promise<BankItem[]> {
  let byLevel = bankCache.get(db);
  if (!byLevel) bankCache.set(db, (byLevel = new Map<ContentLevel, BankEntry>()));
  const hit = byLevel.get(level);
  if (hit && performance.now() - hit.at < BANK_TTL_MS) return hit.bank;
  const bank = bankOf(db, level);
  byLevel.set(level, { at: performance.now(), bank });
  bank.catch(() => byLevel.delete(level));
  return bank;
}

const administeredOf = (rows: ExamItemRow[]): AdministeredItem[] =>
  rows.map((r) => ({ key: r.itemKey, domain: r.domain, b: r.b, c: r.c, pilot: r.pilot, correct: r.correct }));

/** Picks and stores the item at the next position; null when no eligible item is left. */
async function giveNextItem(
  db: Db,
  exam: ExamRow,
  rows: ExamItemRow[],
  now: Date,
  opts: { bank?: BankItem[]; theta?: number } = {},
): Promise<{ row: ExamItemRow; item: ItemRow } | null> {
  const level = exam.level as ContentLevel;
  // what the student saw when the exam began is in excludedKeys; what they saw since (practice or review of an item the
  // exam had not given yet) is read here, so no item whose key they know is ever scored
  const [bank, seenSince] = await Promise.all([opts.bank ?? cachedBank(db, level), seenKeys({ db }, exam.userId, exam.startedAt)]);
  const next = nextExamItem({
    level,
    administered: administeredOf(rows),
    pilotPositions: exam.pilotPositions,
    bank,
    excluded: new Set([...exam.excludedKeys, ...seenSince]),
    random,
    theta: opts.theta,
  });
  if (!next) return null;
  const item = await cachedItemRow({ db }, next.item.key);
  if (!item) return null;
  const [row] = await db
    .insert(examItems)
    .values({
      examId: exam.id,
      position: rows.length + 1,
      itemKey: next.item.key,
      perm: shuffled(item.body.options.length),
      pilot: next.pilot,
      domain: next.item.domain,
      b: next.item.b,
      c: next.item.c ?? 0,
      givenAt: now,
    })
    .onConflictDoNothing()
    .returning();
  // a concurrent request gave this position first: the caller reads the exam again
  return row ? { row, item } : null;
}

// ---------------------------------------------------------------------------------------------------
// Ending an exam

async function endExam(
  db: Db,
  exam: ExamRow,
  rows: ExamItemRow[],
  reason: StopReason,
  limits: ExamLimits,
  now: Date,
  cut: number,
): Promise<void> {
  const level = exam.level as ContentLevel;
  const answered = rows.filter((r) => r.correct !== null);
  const responses = scoredResponses(administeredOf(answered));
  const estimate = estimateAbility(responses);
  const end = now.getTime() > exam.deadline.getTime() ? exam.deadline : now;
  // read before the transaction: on the embedded database a query on `db` inside it would wait for the transaction itself
  const pools = new Map((await cachedBank(db, level)).map((b) => [b.key, b.pool]));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const ended = await t
      .update(exams)
      .set({
        endedAt: end,
        stopReason: reason,
        passed: examPassed({ level, scored: responses.length, estimate, reason, limits, cut }),
        theta: estimate.theta,
        se: estimate.se,
        readiness: readinessScore(estimate.theta, cut),
        // the naive baseline of the pass-model validation (decision 099); never sent to the student
        chance: passingPercent(estimate, cut),
        scored: responses.length,
      })
      .where(and(eq(exams.id, exam.id), isNull(exams.endedAt)))
      .returning({ id: exams.id });
    if (ended.length === 0) return; // ended already (a concurrent request): scheduled there
    // A scored item of the practice pool answered wrong comes back in the daily review (decision 078): graded Again when the
    // exam ends, never during it; its client id is the exam's and the item's, so it is written once. An item of the exam's
    // reserve never enters the review queue: it is seen again only in this exam's review (domain/items).
    for (const r of rows)
      if (!r.pilot && r.correct === false && pools.get(r.itemKey) === 'practice')
        await recordReview(
          { db: t, now: () => now },
          {
            userId: exam.userId,
            kind: 'question',
            key: r.itemKey,
            grade: 'again',
            clientId: derivedClientId('exam', exam.id, r.itemKey),
            source: 'exam',
            reviewedAt: end,
          },
        );
  });
}

/** An exam past its deadline (and the grace) ends at the deadline, with what was answered. */
async function endIfTimeUp(deps: ExamDeps, exam: ExamRow): Promise<boolean> {
  if (exam.endedAt || deps.now().getTime() <= exam.deadline.getTime() + DEADLINE_GRACE_MS) return false;
  const rows = await itemsOf(deps.db, exam.id);
  const standard = await standardOfExam(deps, exam);
  await endExam(deps.db, exam, rows, 'time', limitsFor(deps, exam.level as ContentLevel), deps.now(), standard.cut);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Reading

async function examOf(db: Db, userId: string, id: string): Promise<ExamRow> {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, id), eq(exams.userId, userId)));
  if (!row) throw notFound('This practice exam does not exist.');
  return row;
}

const itemsOf = (db: Db, examId: string) =>
  db.select().from(examItems).where(eq(examItems.examId, examId)).orderBy(asc(examItems.position));

const examItemOf = (row: ItemRow, perm: number[]): ExamItem => publicItem(row, perm);

/** The standard an exam is scored against (stored when it began). */
async function standardOfExam(deps: ExamDeps, exam: ExamRow): Promise<StandardSummary> {
  const standard = (await standardsById(deps, [exam.standardId])).get(exam.standardId);
  if (!standard) throw new Error(`The standard ${exam.standardId} of exam ${exam.id} is missing.`);
  return standard;
}

async function resultOf(deps: ExamDeps, exam: ExamRow, rows: ExamItemRow[]): Promise<ExamResult> {
  const level = exam.level as ContentLevel;
  const standard = await standardOfExam(deps, exam);
  const answered = rows.filter((r) => r.correct !== null);
  const domains = domainResults(level, administeredOf(answered), standard.cut).map((d) => ({
    domain: d.domain,
    standing: d.scored > 0 ? d.standing : null,
    items: d.scored,
  }));
  return {
    passed: exam.passed!,
    // decided here, from the stored estimate and the exam's standard; the client only shows it
    ...examReadiness(exam, standard, limitsFor(deps, level).minScored),
    standard: await standardInfoOf(deps, standard, level),
    stopReason: exam.stopReason as StopReason,
    answered: answered.length,
    scored: exam.scored!,
    timeSeconds: Math.max(0, Math.round((exam.endedAt!.getTime() - exam.startedAt.getTime()) / 1000)),
    domains,
    missedTopics: await missedTopicsOf(deps.db, answered),
    endedAt: exam.endedAt!.toISOString(),
  };
}

/** The topics of the items answered wrong (pilot items too: the student cannot tell them apart), most missed first. */
async function missedTopicsOf(db: Db, answered: ExamItemRow[]): Promise<string[]> {
  const missed = answered.filter((r) => r.correct === false).map((r) => r.itemKey);
  if (missed.length === 0) return [];
  const { rows } = await db.execute<{ topic: string }>(sql`
    select topic from ${questionItems} where key in (${sql.join(
      missed.map((k) => sql`${k}`),
      sql`, `,
    )})
    group by topic order by count(*) desc, topic`);
  return rows.map((r) => r.topic);
}

function viewBase(exam: ExamRow, now: Date) {
  return {
    id: exam.id,
    level: exam.level as ContentLevel,
    startedAt: exam.startedAt.toISOString(),
    deadline: exam.deadline.toISOString(),
    timeLimitSeconds: Math.round((exam.deadline.getTime() - exam.startedAt.getTime()) / 1000),
    timed: exam.timed,
    serverNow: now.toISOString(),
  };
}

async function viewOf(deps: ExamDeps, examId: string, userId: string): Promise<ExamView> {
  const db = deps.db;
  let exam = await examOf(db, userId, examId);
  if (await endIfTimeUp(deps, exam)) exam = await examOf(db, userId, examId);
  const rows = await itemsOf(db, exam.id);
  const base = viewBase(exam, deps.now());
  if (exam.endedAt) return { ...base, status: 'ended', position: null, item: null, result: await resultOf(deps, exam, rows) };
  const current = rows.find((r) => r.correct === null);
  if (!current) {
    // answered everything given and not ended: a crash between the answer and the next item; continue
    if (!(await giveNextItem(db, exam, rows, deps.now())) && (await itemsOf(db, exam.id)).length === rows.length)
      await endExam(
        db,
        exam,
        rows,
        'bank',
        limitsFor(deps, exam.level as ContentLevel),
        deps.now(),
        (await standardOfExam(deps, exam)).cut,
      );
    return viewOf(deps, examId, userId);
  }
  const row = await cachedItemRow({ db }, current.itemKey);
  if (!row) throw notFound('This question no longer exists.');
  return { ...base, status: 'in_progress', position: current.position, item: examItemOf(row, current.perm), result: null };
}

export function getExam(deps: ExamDeps, userId: string, id: string): Promise<ExamView> {
  return viewOf(deps, id, userId);
}

/** The student's unfinished exam, to resume; null when there is none (an exam past its time ends here). */
export async function currentExam(deps: ExamDeps, userId: string): Promise<ExamView | null> {
  const db = deps.db;
  const [open] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.userId, userId), isNull(exams.endedAt)))
    .orderBy(desc(exams.startedAt))
    .limit(1);
  if (!open || (await endIfTimeUp(deps, open))) return null;
  return viewOf(deps, open.id, userId);
}

// ---------------------------------------------------------------------------------------------------
// Starting and answering

/** What the student is told when their unseen items cannot fill the blueprint: which domains, how many left and needed. */
function poolTooThinMessage(level: ContentLevel, short: readonly PoolShortfall[]): string {
  const list = short.map((d) => `${d.domain} (${d.available} left, ${d.needed} needed)`).join(', ');
  return `A practice exam scores only questions you have not seen, and too few ${level} questions are left for a full exam in: ${list}. Your earlier results still stand.`;
}
const poolTooThin = (level: ContentLevel, short: readonly PoolShortfall[]) =>
  new HttpError(409, ERROR_CODES.examPoolTooThin, poolTooThinMessage(level, short));

/** Whether the student's unseen items can fill an exam of the level, asked by the start screen before the exam starts. */
export async function examAvailability(deps: ExamDeps, userId: string, level: ContentLevel): Promise<ExamAvailabilityResponse> {
  const db = deps.db;
  const [bank, seen] = await Promise.all([cachedBank(db, level), seenKeys({ db }, userId)]);
  const shortfall = poolShortfall(level, scorableFor(bank, seen), limitsFor(deps, level));
  return { level, ready: shortfall.length === 0, shortfall, message: shortfall.length ? poolTooThinMessage(level, shortfall) : null };
}

/** The partial unique index that holds one open exam per student (migration 0012). */
const ONE_OPEN_EXAM = 'exams_one_open_per_user_idx';

/**
 * Begins an exam, or resumes the unfinished one (one exam at a time). The exam and its first item are written in one
 * transaction; starts sent at once (a double tap, two tabs) race on ONE_OPEN_EXAM, and the ones that lose get the exam that
 * won, with its first item, once that start has committed.
 */
export async function startExam(
  deps: ExamDeps,
  userId: string,
  level: ContentLevel,
  timed = true,
  assignmentId: string | null = null,
): Promise<ExamView> {
  const current = await currentExam(deps, userId);
  if (current) return current;
  const db = deps.db;
  const limits = limitsFor(deps, level);
  const now = deps.now();
  const bank = await cachedBank(db, level);
  if (bank.length === 0) throw new HttpError(409, ERROR_CODES.noQuestions, `There are no ${level} questions yet.`);
  // every item whose key the student has seen (practice, review, an earlier exam's review) is left out of this exam; when
  // too few are left to fill the blueprint, the student is told before the exam starts
  const excluded = await seenKeys({ db }, userId);
  const short = poolShortfall(level, scorableFor(bank, excluded), limits);
  if (short.length) throw poolTooThin(level, short);
  // scored against the level's current standard from the first item to the result, even if another is adopted meanwhile
  const standard = await currentStandard(deps, level);
  let examId: string;
  try {
    examId = await db.transaction(async (t) => {
      const [exam] = await t
        .insert(exams)
        .values({
          userId,
          level,
          startedAt: now,
          // untimed: a deadline only to end an abandoned exam (decision 104)
          deadline: new Date(now.getTime() + (timed ? limits.timeLimitMinutes * 60_000 : UNTIMED_EXAM_DAYS * 86_400_000)),
          timed,
          pilotPositions: planPilotPositions(level, random, limits),
          excludedKeys: [...excluded],
          standardId: standard.id,
          assignmentId,
        })
        .returning();
      if (!(await giveNextItem(t, exam!, [], now, { bank })))
        throw new HttpError(409, ERROR_CODES.noQuestions, `There are no ${level} questions left that you have not seen.`);
      return exam!.id;
    });
  } catch (e) {
    if (!isUniqueViolation(e, ONE_OPEN_EXAM)) throw e;
    return startedConcurrently(deps, userId, level, timed, assignmentId);
  }
  return viewOf(deps, examId, userId);
}

/**
 * A class assignment's practice exam (decision 111): an ordinary practice exam at the class's level, timed as the instructor
 * chose, that remembers the assignment (the instructor sees its verdict and band once it ends, never its items).
 */
export async function startAssignedExam(
  deps: ExamDeps,
  user: { id: string; courseLevel: CourseLevel },
  assignmentId: string,
): Promise<ExamView> {
  const a = await assignmentForStudent(deps, user.id, assignmentId, 'exam');
  const level = levelFor(user.courseLevel, a.level);
  return startExam(deps, user.id, level, a.spec.kind === 'exam' ? a.spec.timed : true, a.id);
}

/** The exam a concurrent start opened first; if it is already over (ended in between), a new start. */
async function startedConcurrently(
  deps: ExamDeps,
  userId: string,
  level: ContentLevel,
  timed: boolean,
  assignmentId: string | null,
): Promise<ExamView> {
  return (await currentExam(deps, userId)) ?? startExam(deps, userId, level, timed, assignmentId);
}

/**
 * Records the answer to the question at `position`, then gives the next item or ends the exam. A retry with
 * the same client id returns the exam as it is; another answer to an answered question is refused.
 */
export async function answerExam(deps: ExamDeps, userId: string, examId: string, input: ExamAnswerBody): Promise<ExamView> {
  const db = deps.db;
  // the exam and its items side by side (one round trip less); the items are used only once the exam is the caller's
  const [exam, rows] = await Promise.all([examOf(db, userId, examId), itemsOf(db, examId)]);
  const target = rows.find((r) => r.position === input.position);
  if (!target) throw new HttpError(400, ERROR_CODES.validation, 'This question is not part of this exam.');
  const already = () => {
    if (target.clientId === input.clientId) return viewOf(deps, examId, userId);
    throw new HttpError(409, ERROR_CODES.alreadyAnswered, 'You have already answered this question; answers cannot be changed.');
  };
  if (target.correct !== null) return already();
  if (exam.endedAt) throw new HttpError(409, ERROR_CODES.examEnded, 'This practice exam has ended; its answers can no longer change.');
  if (await endIfTimeUp(deps, exam)) throw new HttpError(409, ERROR_CODES.timeUp, 'Time is up for this practice exam.');

  const item = await cachedItemRow({ db }, target.itemKey);
  if (!item) throw notFound('This question no longer exists.');
  const { answer, correct } = checkAnswer(item, target.perm, input.answer);
  const now = deps.now();
  // the time spent is at most the time since the item was given
  const timeMs = Math.min(input.timeMs, Math.max(0, now.getTime() - target.givenAt.getTime()));
  const stored = await db
    .update(examItems)
    .set({ answer, correct, answeredAt: now, timeMs, clientId: input.clientId })
    .where(and(eq(examItems.examId, exam.id), eq(examItems.position, input.position), isNull(examItems.correct)))
    .returning({ position: examItems.position });
  if (stored.length === 0) {
    // a concurrent request answered it first
    const [again] = await db
      .select()
      .from(examItems)
      .where(and(eq(examItems.examId, exam.id), eq(examItems.position, input.position)));
    if (again?.clientId === input.clientId) return viewOf(deps, examId, userId);
    throw new HttpError(409, ERROR_CODES.alreadyAnswered, 'You have already answered this question; answers cannot be changed.');
  }

  const updated = rows.map((r) => (r.position === input.position ? { ...r, correct, answer } : r));
  const level = exam.level as ContentLevel;
  const limits = limitsFor(deps, level);
  const { cut } = await standardOfExam(deps, exam);
  const responses = scoredResponses(administeredOf(updated));
  const estimate = estimateAbility(responses);
  const owed = pilotsOwed(administeredOf(updated), exam.pilotPositions);
  let reason = stopReason({
    level,
    scored: responses.length,
    estimate,
    timeUp: now.getTime() > exam.deadline.getTime(),
    pilotsOwed: owed,
    limits,
    cut,
  });
  // never give a next item while an earlier one is still unanswered
  const unanswered = updated.some((r) => r.correct === null);
  if (reason === null && !unanswered) {
    const given = await giveNextItem(db, exam, updated, now, { theta: estimate.theta });
    // the common path: the next question, without reading the exam again
    if (given)
      return {
        ...viewBase(exam, now),
        status: 'in_progress',
        position: given.row.position,
        item: examItemOf(given.item, given.row.perm),
        result: null,
      };
    if ((await itemsOf(db, exam.id)).length === updated.length)
      reason = stopReason({ level, scored: responses.length, estimate, bankExhausted: true, limits, cut }) ?? 'bank';
  }
  if (reason !== null) await endExam(db, exam, updated, reason, limits, now, cut);
  return viewOf(deps, examId, userId);
}

// ---------------------------------------------------------------------------------------------------
// Review and history

/** Every scored item of an ended exam with the student's answer, the key, the rationales and the reference. */
export async function examReview(deps: ExamDeps, userId: string, examId: string): Promise<ExamReviewResponse> {
  const db = deps.db;
  let exam = await examOf(db, userId, examId);
  if (await endIfTimeUp(deps, exam)) exam = await examOf(db, userId, examId);
  if (!exam.endedAt) throw new HttpError(409, ERROR_CODES.examInProgress, 'The review opens when the exam has ended.');
  const rows = (await itemsOf(db, exam.id)).filter((r) => !r.pilot && r.correct !== null);
  const pools = new Map((await cachedBank(db, exam.level as ContentLevel)).map((b) => [b.key, b.pool]));
  const items = await itemRows(
    { db },
    userId,
    rows.map((r) => r.itemKey),
  );
  return {
    id: exam.id,
    items: rows.flatMap((r) => {
      const row = items.get(r.itemKey);
      if (!row) return [];
      const feedback = feedbackFor(row, r.perm, storedCheck(row, r.perm, r.answer, r.correct!));
      return [
        {
          position: r.position,
          item: examItemOf(row, r.perm),
          answer: (r.answer as QuestionAnswer | null) ?? null,
          correct: r.correct!,
          ...(feedback.parts ? { parts: feedback.parts } : {}),
          key: keyedAnswer(scorable(row, r.perm)),
          rationales: feedback.options,
          reference: feedback.reference,
          inReview: r.correct === false && pools.get(r.itemKey) === 'practice',
        },
      ];
    }),
  };
}

/** The student's ended exams, oldest first. */
export async function examHistory(deps: ExamDeps, userId: string): Promise<ExamHistoryResponse> {
  const db = deps.db;
  const rows = await db
    .select()
    .from(exams)
    .where(and(eq(exams.userId, userId), isNotNull(exams.endedAt)))
    .orderBy(asc(exams.endedAt))
    .limit(500);
  const standards = await standardsById(
    deps,
    rows.map((e) => e.standardId),
  );
  return {
    exams: rows.map((e) => ({
      id: e.id,
      level: e.level as ContentLevel,
      endedAt: e.endedAt!.toISOString(),
      ...examReadiness(e, standards.get(e.standardId)!, limitsFor(deps, e.level as ContentLevel).minScored),
      passed: e.passed!,
      scored: e.scored!,
    })),
  };
}
