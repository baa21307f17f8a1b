import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { FLASHCARD_CATEGORIES, type ContentLevel, type CourseLevel } from '../../../shared/constants';
import { ERROR_CODES } from '../../../shared/errors';
import {
  domainsOf,
  SECONDS_PER_TIMED_ITEM,
  weightLabel,
  type AnswerParts,
  type QuestionAnswer,
  type ReportReason,
  type ReportStatus,
} from '../../../shared/questions';
import type {
  AnswerResponse,
  MyItemReports,
  QuestionOptions,
  QuestionSession,
  ReportInput,
  SessionAnswer,
  SessionResults,
  StartSessionInput,
  SubmitAnswerInput,
} from '../../../shared/contracts/questions';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { assignmentForStudent } from '../../domain/assignments';
import {
  examItems,
  exams,
  questionAttempts as qa,
  questionItems as qi,
  questionReports,
  questionSessions as qs,
  srsReviewLogs,
  userInteractions,
  type SessionItemRef,
} from '../../db/schema';
import { HttpError, notFound } from '../../lib/http';
import { chargeEvents } from '../../lib/quota';
import { derivedClientId, recordReview } from '../../lib/srs';
import type { QuestionAnswerFacts } from '../../../shared/srs';

type AnswerFacts = Omit<QuestionAnswerFacts, 'missedToday'>;
import {
  checkAnswer,
  feedbackFor,
  storedCheck,
  itemColumns,
  itemJoins,
  itemRows,
  itemWords,
  levelsOf,
  openExamKeys,
  publicItem,
  requireVisibleItem,
  hasMark,
  setMark,
  shuffled,
  verdictShown,
  visibleOutsideExam,
  type ItemRow,
} from '../../domain/items';

export { levelFor, levelsOf } from '../../domain/items';

/** A timed quiz accepts answers this long after its limit (a submit in flight when the clock ran out). */
const TIMED_GRACE_MS = 30_000;

// ---------------------------------------------------------------------------------------------------
// Shared SQL pieces

/**
 * The student's latest answer per item, wherever it was given (filters: unseen = never answered, missed = the latest
 * answer wrong): a practice attempt, an answer on /review (its review log: Again is wrong, any other grade right) or an
 * answer in a practice exam that has ended (an exam in progress shows no feedback, so its answers count only once it
 * ends). A practice answer also writes a review log, with the same verdict. An answer in a timed quiz still running counts
 * only once the quiz ends: its verdict does not exist before (domain/items).
 */
const lastAnswers = (userId: string) => sql`
  select distinct on (a.item_key) a.item_key, a.correct
  from (
    select a.item_key, a.correct, a.created_at as at from ${qa} a where a.user_id = ${userId} and ${verdictShown('a')}
    union all
    select ${srsReviewLogs.itemKey}, ${srsReviewLogs.grade} > 1, ${srsReviewLogs.reviewedAt} from ${srsReviewLogs}
      where ${srsReviewLogs.userId} = ${userId} and ${srsReviewLogs.itemKind} = 'question'
    union all
    select ${examItems.itemKey}, ${examItems.correct}, ${examItems.answeredAt} from ${examItems}
      join ${exams} on ${exams.id} = ${examItems.examId}
      where ${exams.userId} = ${userId} and ${exams.endedAt} is not null and ${examItems.correct} is not null
  ) a
  order by a.item_key, a.at desc`;

// ---------------------------------------------------------------------------------------------------
// Options

export async function questionOptions(
  { db }: ServiceDeps,
  userId: string,
  courseLevel: CourseLevel,
  level: ContentLevel,
): Promise<QuestionOptions> {
  const { rows } = await db.execute<{ domain: string; topic: string; n: number; unseen: number; missed: number; flagged: number }>(sql`
    with last as (${lastAnswers(userId)})
    select i.domain, i.topic, count(*)::int as n,
      count(*) filter (where last.item_key is null)::int as unseen,
      count(*) filter (where last.correct = false)::int as missed,
      count(*) filter (where f.user_id is not null)::int as flagged
    from ${qi} i
    left join last on last.item_key = i.key
    left join item_marks f on f.user_id = ${userId} and f.kind = 'question' and f.key = i.key and f.mark = 'flag'
    where i.level = ${level} and ${visibleOutsideExam(userId)}
    group by i.domain, i.topic`);
  const sumBy = (pick: (r: (typeof rows)[number]) => boolean, field: 'n' | 'unseen' | 'missed' | 'flagged' = 'n') =>
    rows.filter(pick).reduce((a, r) => a + Number(r[field]), 0);
  return {
    level,
    levels: levelsOf(courseLevel),
    domains: domainsOf(level).map((d) => ({ name: d.name, weight: weightLabel(d), available: sumBy((r) => r.domain === d.name) })),
    topics: FLASHCARD_CATEGORIES.map((t) => ({ name: t, available: sumBy((r) => r.topic === t) })),
    counts: {
      all: sumBy(() => true),
      unseen: sumBy(() => true, 'unseen'),
      missed: sumBy(() => true, 'missed'),
      flagged: sumBy(() => true, 'flagged'),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Sessions

type SessionRow = typeof qs.$inferSelect;

/**
 * Writes one event of practice to the events table. Every event counts against the student's daily event quota
 * (lib/quota): a session start over it is refused (429); an answer is always recorded, only its event is not written then.
 */
async function recordEvent(
  db: Db,
  userId: string,
  actionType: 'question_start' | 'answer' | 'question_complete',
  fields: { featureId: string; score?: number; totalItems?: number; completionPercentage?: number; durationSeconds?: number },
  opts: { refuseOverQuota?: boolean } = {},
) {
  const quota = await chargeEvents(db, userId, 1);
  if (!quota.allowed) {
    if (opts.refuseOverQuota) throw quota.error;
    return;
  }
  await db.insert(userInteractions).values({
    id: randomUUID(),
    userId,
    featureType: 'question',
    featureId: fields.featureId,
    actionType,
    score: fields.score ?? null,
    totalItems: fields.totalItems ?? null,
    completionPercentage: fields.completionPercentage ?? null,
    durationSeconds: fields.durationSeconds ?? null,
  });
}
/**
 * Starts a session: one query picks the items the student may see (level, domains, topics and the student's filter; a
 * case set stays together and in its order), one inserts the session. The items go to the client at once, except a case
 * set's later items: each is sent once the one before it is answered (`view`), since its stem or update tells that answer.
 */
/** A class assignment's question set (decision 111), as the choices of a practice session: drawn anew for this student. */
async function assignmentChoices(
  deps: Pick<ServiceDeps, 'db'>,
  userId: string,
  level: ContentLevel,
  id: string,
): Promise<StartSessionInput> {
  const a = await assignmentForStudent(deps, userId, id, 'questions');
  if (a.spec.kind !== 'questions' || a.level !== level) throw notFound('This assignment does not exist.');
  const { domains, topics, count, mode } = a.spec;
  return { level, domains, topics, count, mode, filter: 'all', assignmentId: a.id };
}

export async function startSession(
  { db, now }: ServiceDeps,
  userId: string,
  level: ContentLevel,
  sent: StartSessionInput,
): Promise<QuestionSession> {
  const input = sent.assignmentId === undefined ? sent : await assignmentChoices({ db }, userId, level, sent.assignmentId);
  const known = new Set(domainsOf(level).map((d) => d.name));
  const unknown = input.domains.filter((d) => !known.has(d));
  if (unknown.length)
    throw new HttpError(400, ERROR_CODES.validation, `Unknown ${level} domain: ${unknown.join(', ')}`, [
      { path: 'domains', message: `Unknown ${level} domain: ${unknown.join(', ')}` },
    ]);
  const where: SQL[] = [sql`i.level = ${level}`, visibleOutsideExam(userId)];
  if (input.domains.length)
    where.push(
      sql`i.domain in (${sql.join(
        input.domains.map((d) => sql`${d}`),
        sql`, `,
      )})`,
    );
  if (input.topics.length)
    where.push(
      sql`i.topic in (${sql.join(
        input.topics.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (input.itemKey !== undefined) where.push(sql`i.key = ${input.itemKey}`);
  if (input.filter === 'unseen') where.push(sql`last.item_key is null`);
  if (input.filter === 'missed') where.push(sql`last.correct = false`);
  if (input.filter === 'flagged') where.push(sql`f.user_id is not null`);
  if (input.filter === 'saved') where.push(hasMark(userId, 'question', 'bookmark', sql`i.key`));
  if (input.keys?.length)
    where.push(
      sql`i.key in (${sql.join(
        input.keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  const { rows } = await db.execute<ItemRow>(sql`
    with last as (${lastAnswers(userId)}),
    pool as (
      select ${itemColumns}, coalesce(i.case_key, i.key) as unit
      from ${qi} i ${itemJoins(userId)}
      left join last on last.item_key = i.key
      where ${sql.join(where, sql` and `)}
    ),
    units as (select unit, random() as r from pool group by unit)
    select pool.* from pool join units on units.unit = pool.unit
    order by units.r, pool.case_order nulls first, pool.key
    limit ${input.count}`);
  if (rows.length === 0)
    throw new HttpError(
      409,
      ERROR_CODES.noMatchingQuestions,
      input.filter === 'all'
        ? 'No questions match these choices. Choose more domains or topics.'
        : `No ${input.filter} questions match these choices. Choose "All questions" or more domains or topics.`,
    );
  const refs: SessionItemRef[] = rows.map((r) => ({ key: r.key, perm: shuffled(r.body.options.length) }));
  const timeLimitS = input.mode === 'timed' ? SECONDS_PER_TIMED_ITEM * rows.length : null;
  const session = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [created] = await t
      .insert(qs)
      .values({
        userId,
        level,
        mode: input.mode,
        settings: {
          domains: input.domains,
          topics: input.topics,
          count: input.count,
          filter: input.filter,
          ...(input.assignmentId === undefined ? {} : { assignmentId: input.assignmentId }),
        },
        items: refs,
        timeLimitS,
        // the quiz's time limit runs on the product's clock, from this moment
        startedAt: now(),
      })
      .returning();
    await recordEvent(t, userId, 'question_start', { featureId: created!.id, totalItems: rows.length }, { refuseOverQuota: true });
    return created!;
  });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return view(session, byKey, [], new Set());
}

type AttemptRow = typeof qa.$inferSelect;

/** A timed quiz is running: not completed (its verdicts exist only once it is). */
const timedRunning = (session: SessionRow) => session.mode === 'timed' && session.completedAt === null;

/**
 * The items of the session the student has reached: a case set's item only when it is the set's first in the session or
 * the one before it is answered (or the session is over). Items given in the student's open exam are not there at all.
 */
function reached(session: SessionRow, items: Map<string, ItemRow>, answered: Set<string>, hidden: Set<string>): SessionItemRef[] {
  const refs = session.items.filter((r) => items.has(r.key) && !hidden.has(r.key));
  if (session.completedAt !== null) return refs;
  return refs.filter((ref, i) => {
    const caseKey = items.get(ref.key)!.case_key;
    const before = refs[i - 1];
    if (!caseKey || !before || items.get(before.key)!.case_key !== caseKey) return true;
    return answered.has(before.key);
  });
}

function view(session: SessionRow, items: Map<string, ItemRow>, attempts: AttemptRow[], hidden: Set<string>): QuestionSession {
  const all = session.items.filter((r) => items.has(r.key) && !hidden.has(r.key));
  const refs = reached(session, items, new Set(attempts.map((a) => a.itemKey)), hidden);
  const completed = session.completedAt !== null;
  const showFeedback = completed || session.mode === 'tutor';
  const answers: Record<string, SessionAnswer> = {};
  const perms = new Map(refs.map((r) => [r.key, r.perm]));
  for (const a of attempts) {
    const row = items.get(a.itemKey);
    const perm = perms.get(a.itemKey);
    if (!row || !perm) continue;
    answers[a.itemKey] = showFeedback
      ? {
          answer: a.answer as QuestionAnswer,
          correct: a.correct,
          feedback: feedbackFor(row, perm, storedCheck(row, perm, a.answer, a.correct)),
        }
      : { answer: a.answer as QuestionAnswer };
  }
  const result: QuestionSession = {
    id: session.id,
    level: session.level as ContentLevel,
    mode: session.mode as QuestionSession['mode'],
    count: all.length,
    timeLimitSeconds: session.timeLimitS,
    startedAt: session.startedAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
    items: refs.map((r) => publicItem(items.get(r.key)!, r.perm)),
    answers,
  };
  if (completed) result.results = resultsOf(session, all, items, attempts);
  return result;
}

function resultsOf(session: SessionRow, refs: SessionItemRef[], items: Map<string, ItemRow>, attempts: AttemptRow[]): SessionResults {
  const byItem = new Map(attempts.map((a) => [a.itemKey, a]));
  const level = session.level as ContentLevel;
  const order = new Map(domainsOf(level).map((d, i) => [d.name, i]));
  const domains = new Map<string, { domain: string; correct: number; total: number }>();
  const resultItems = refs.map((ref) => {
    const row = items.get(ref.key)!;
    const attempt = byItem.get(ref.key);
    const correct = attempt?.correct ?? false;
    const d = domains.get(row.domain) ?? { domain: row.domain, correct: 0, total: 0 };
    d.total++;
    if (correct) d.correct++;
    domains.set(row.domain, d);
    return {
      key: row.key,
      stem: row.body.stem,
      type: row.type,
      answer: (attempt?.answer as QuestionAnswer | undefined) ?? null,
      correct,
      feedback: feedbackFor(row, ref.perm, storedCheck(row, ref.perm, attempt?.answer, correct)),
    };
  });
  return {
    score: resultItems.filter((i) => i.correct).length,
    total: resultItems.length,
    timeMs: attempts.reduce((n, a) => n + a.timeMs, 0),
    byDomain: [...domains.values()].sort((a, b) => (order.get(a.domain) ?? 99) - (order.get(b.domain) ?? 99)),
    items: resultItems,
  };
}

async function sessionOf(db: Db, userId: string, id: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(qs)
    .where(and(eq(qs.id, id), eq(qs.userId, userId)));
  if (!row) throw notFound('This practice session does not exist.');
  return row;
}

async function load(db: Db, userId: string, session: SessionRow): Promise<QuestionSession> {
  const [items, attempts, hidden] = await Promise.all([
    itemRows(
      { db },
      userId,
      session.items.map((r) => r.key),
    ),
    db.select().from(qa).where(eq(qa.sessionId, session.id)),
    openExamKeys({ db }, userId),
  ]);
  return view(session, items, attempts, hidden);
}

export async function getSession({ db }: ServiceDeps, userId: string, id: string): Promise<QuestionSession> {
  return load(db, userId, await sessionOf(db, userId, id));
}

/** The latest unfinished session, to resume after a reload; null when there is none. A timed quiz past its time ends here. */
export async function currentSession(deps: ServiceDeps, userId: string): Promise<QuestionSession | null> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(qs)
    .where(and(eq(qs.userId, userId), isNull(qs.completedAt)))
    .orderBy(desc(qs.startedAt))
    .limit(1);
  if (!row) return null;
  if (row.timeLimitS !== null && deps.now().getTime() > row.startedAt.getTime() + row.timeLimitS * 1000 + TIMED_GRACE_MS) {
    await completeSession(deps, userId, row.id);
    return null;
  }
  return load(db, userId, row);
}

/** Feedback in tutor mode, a receipt in a timed quiz; with `next`, the case set's next item, reached by this answer. */
export type AnswerResult = AnswerResponse;

/**
 * Records one answer. Idempotent by the client's id: the same request again returns the first result
 * and stores nothing; a different answer to an item already answered in this session is refused.
 */
export async function submitAnswer(
  { db, now: clock }: ServiceDeps,
  userId: string,
  sessionId: string,
  input: SubmitAnswerInput,
): Promise<AnswerResult> {
  const session = await sessionOf(db, userId, sessionId);
  const ref = session.items.find((r) => r.key === input.itemKey);
  if (!ref) throw new HttpError(400, ERROR_CODES.validation, 'This question is not part of this session.');
  const [rows, hidden] = await Promise.all([itemRows({ db }, userId, [ref.key]), openExamKeys({ db }, userId)]);
  const row = rows.get(ref.key);
  // an item the student's open exam has given does not exist here until the exam ends
  if (!row || hidden.has(ref.key)) throw notFound('This question no longer exists.');
  const next = await nextOfCase(db, userId, session, ref.key, row, hidden);
  const resultOf = (verdict: { correct: boolean; parts: AnswerParts | null }): AnswerResult => ({
    ...(session.mode === 'tutor'
      ? { correct: verdict.correct, feedback: feedbackFor(row, ref.perm, verdict) }
      : { recorded: true as const }),
    ...(next ? { next } : {}),
  });

  const previous = async () => {
    const [byClient] = await db
      .select()
      .from(qa)
      .where(and(eq(qa.userId, userId), eq(qa.clientId, input.clientId)));
    if (byClient) {
      if (byClient.sessionId === sessionId && byClient.itemKey === input.itemKey)
        return resultOf(storedCheck(row, ref.perm, byClient.answer, byClient.correct));
      throw new HttpError(409, ERROR_CODES.conflict, 'This answer id was already used for another question.');
    }
    return null;
  };
  const replay = await previous();
  if (replay) return replay;
  if (session.completedAt)
    throw new HttpError(409, ERROR_CODES.sessionCompleted, 'This quiz is finished; its answers can no longer change.');
  const now = clock().getTime();
  if (session.timeLimitS !== null && now > session.startedAt.getTime() + session.timeLimitS * 1000 + TIMED_GRACE_MS)
    throw new HttpError(409, ERROR_CODES.timeUp, 'Time is up for this quiz.');
  await requireReached(db, session, ref.key, row);
  const checked = checkAnswer(row, ref.perm, input.answer);
  const { answer, correct } = checked;
  // the time spent is at most the time since the server sent the item (all items go out when the session starts)
  const timeMs = Math.min(input.timeMs, Math.max(0, now - session.startedAt.getTime()));
  const inserted = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const stored = await t
      .insert(qa)
      .values({ sessionId, userId, itemKey: ref.key, answer, correct, timeMs, mode: session.mode, clientId: input.clientId })
      .onConflictDoNothing()
      .returning({ id: qa.id });
    if (stored.length) {
      await recordEvent(t, userId, 'answer', { featureId: ref.key, score: correct ? 1 : 0, totalItems: 1 });
      // every answer schedules the question (decision 078): once, with the attempt, guarded by a client id of its own; a
      // timed quiz's answers only when it ends (completeSession), since the schedule would tell the verdict
      if (!timedRunning(session))
        await scheduleAttempt({ db: t, now: clock }, userId, ref.key, { correct, timeMs, words: itemWords(row) }, input.clientId);
    }
    return stored.length > 0;
  });
  if (inserted) return resultOf(checked);
  // a concurrent request with the same id won, or this item was answered already
  const again = await previous();
  if (again) return again;
  throw new HttpError(409, ERROR_CODES.alreadyAnswered, 'You have already answered this question in this session.');
}

/** The item after `key` in the session when it is of the same case set: an answer to `key` reaches it. */
async function nextOfCase(db: Db, userId: string, session: SessionRow, key: string, row: ItemRow, hidden: Set<string>) {
  if (!row.case_key) return undefined;
  const after = session.items[session.items.findIndex((r) => r.key === key) + 1];
  if (!after || hidden.has(after.key)) return undefined;
  const nextRow = (await itemRows({ db }, userId, [after.key])).get(after.key);
  return nextRow?.case_key === row.case_key ? publicItem(nextRow, after.perm) : undefined;
}

/** A case set's later item is answered only once the one before it in the session is (it was not sent before that). */
async function requireReached(db: Db, session: SessionRow, key: string, row: ItemRow) {
  if (!row.case_key) return;
  const index = session.items.findIndex((r) => r.key === key);
  const before = session.items[index - 1];
  if (!before) return;
  const [prior] = await itemRows({ db }, session.userId, [before.key]).then((m) => [m.get(before.key)]);
  if (prior?.case_key !== row.case_key) return;
  const [answered] = await db
    .select({ id: qa.id })
    .from(qa)
    .where(and(eq(qa.sessionId, session.id), eq(qa.itemKey, before.key)));
  if (!answered) throw new HttpError(409, ERROR_CODES.conflict, "Answer the case's earlier question first.");
}

/**
 * A practice answer's review, written once per answer (its client id derived from the answer's): graded from the verdict,
 * the time and the item's length (decision 091).
 */
function scheduleAttempt(deps: ServiceDeps, userId: string, key: string, answer: AnswerFacts, clientId: string, reviewedAt?: Date) {
  return recordReview(deps, {
    userId,
    kind: 'question',
    key,
    grade: answer,
    clientId: derivedClientId('practice', userId, clientId),
    source: 'practice',
    ...(reviewedAt ? { reviewedAt } : {}),
  });
}

/** Ends a session (idempotent) and returns its results; unanswered items count wrong. */
export async function completeSession({ db, now }: ServiceDeps, userId: string, sessionId: string): Promise<SessionResults> {
  await sessionOf(db, userId, sessionId);
  const session = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [ended] = await t
      .update(qs)
      .set({ completedAt: now() })
      .where(and(eq(qs.id, sessionId), eq(qs.userId, userId), isNull(qs.completedAt)))
      .returning();
    if (!ended) return null;
    const [{ score, answered } = { score: 0, answered: 0 }] = await t
      .select({
        score: sql<number>`count(*) filter (where ${qa.correct})::int`,
        answered: sql<number>`count(*)::int`,
      })
      .from(qa)
      .where(eq(qa.sessionId, sessionId));
    const total = ended.items.length;
    await recordEvent(t, userId, 'question_complete', {
      featureId: sessionId,
      score,
      totalItems: total,
      completionPercentage: total ? Math.round((100 * answered) / total) : 0,
      durationSeconds: Math.min(86_400, Math.round((ended.completedAt!.getTime() - ended.startedAt.getTime()) / 1000)),
    });
    // a timed quiz's verdicts exist from now on: its answers join the review schedule, at the time each was given
    if (ended.mode === 'timed') {
      const attempts = await t.select().from(qa).where(eq(qa.sessionId, sessionId)).orderBy(qa.createdAt);
      const rows = await itemRows({ db: t }, userId, [...new Set(attempts.map((a) => a.itemKey))]);
      for (const a of attempts) {
        const row = rows.get(a.itemKey);
        await scheduleAttempt(
          { db: t, now },
          userId,
          a.itemKey,
          { correct: a.correct, timeMs: a.timeMs, words: row && itemWords(row) },
          a.clientId,
          a.createdAt,
        );
      }
    }
    return ended;
  });
  const full = await load(db, userId, session ?? (await sessionOf(db, userId, sessionId)));
  return full.results!;
}

// ---------------------------------------------------------------------------------------------------
// Flags and reports

export async function setFlag({ db }: ServiceDeps, userId: string, levels: ContentLevel[], itemKey: string, flagged: boolean) {
  await requireVisibleItem({ db }, userId, levels, itemKey);
  await setMark({ db }, userId, { kind: 'question', key: itemKey, mark: 'flag' }, flagged);
  return { flagged };
}

/** A problem report on an item the student may see, or one given in an exam of theirs that has ended (from its review). */
/**
 * The student's own reports on one item with MedicPrep's answers, newest first. The item must be one they may see (the same
 * 404 as every item route otherwise); the client shows an answer only once the item is answered, as a reply may explain the key.
 */
export async function myItemReports({ db }: ServiceDeps, userId: string, levels: ContentLevel[], itemKey: string): Promise<MyItemReports> {
  await requireVisibleItem({ db }, userId, levels, itemKey, { alsoEndedExams: true });
  const rows = await db
    .select({
      id: questionReports.id,
      reason: questionReports.reason,
      text: questionReports.text,
      status: questionReports.status,
      createdAt: questionReports.createdAt,
      reply: questionReports.reply,
      repliedAt: questionReports.repliedAt,
    })
    .from(questionReports)
    .where(and(eq(questionReports.userId, userId), eq(questionReports.itemKey, itemKey)))
    .orderBy(desc(questionReports.createdAt))
    .limit(20);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      reason: r.reason as ReportReason,
      text: r.text,
      status: r.status as ReportStatus,
      createdAt: r.createdAt.toISOString(),
      reply: r.reply,
      repliedAt: r.repliedAt?.toISOString() ?? null,
    })),
  };
}

export async function fileReport({ db }: ServiceDeps, userId: string, levels: ContentLevel[], input: ReportInput) {
  await requireVisibleItem({ db }, userId, levels, input.itemKey, { alsoEndedExams: true });
  await db.insert(questionReports).values({ userId, itemKey: input.itemKey, reason: input.reason, text: input.text });
  return { ok: true as const };
}
