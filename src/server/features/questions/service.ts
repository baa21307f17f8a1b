import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { FLASHCARD_CATEGORIES, type ContentLevel, type CourseLevel } from '../../../shared/constants';
import { ERROR_CODES } from '../../../shared/errors';
import {
  answerSchemaFor,
  domainsOf,
  scoreAnswer,
  SECONDS_PER_TIMED_ITEM,
  weightLabel,
  type Feedback,
  type QuestionAnswer,
  type QuestionOptions,
  type QuestionSession,
  type ReportInput,
  type SessionAnswer,
  type SessionResults,
  type StartSessionInput,
  type SubmitAnswerInput,
} from '../../../shared/questions';
import type { Db } from '../../db/client';
import {
  examItems,
  exams,
  questionAttempts as qa,
  questionFlags as qf,
  questionItems as qi,
  questionReports,
  questionSessions as qs,
  srsReviewLogs,
  userInteractions,
  type SessionItemRef,
} from '../../db/schema';
import { HttpError, notFound } from '../../lib/http';
import { derivedClientId, recordReview } from '../../lib/srs';
import { gradeOfQuestion } from '../../../shared/srs';
import {
  answerIds,
  feedbackFor,
  itemColumns,
  itemJoins,
  itemRows,
  publicItem,
  scorable,
  sessionOptions,
  shuffled,
  type ItemRow,
} from '../../lib/question-items';

/** A timed quiz accepts answers this long after its limit (a submit in flight when the clock ran out). */
const TIMED_GRACE_MS = 30_000;

// ---------------------------------------------------------------------------------------------------
// Course level

/** The levels a student's course level lets them practise, their own level first (Both: Paramedic, EMT). */
export function levelsOf(courseLevel: CourseLevel): ContentLevel[] {
  return courseLevel === 'Both' ? ['Paramedic', 'EMT'] : [courseLevel];
}

/** The level asked for (or the student's first), refused when it is not part of their course. */
export function levelFor(courseLevel: CourseLevel, requested: ContentLevel | undefined): ContentLevel {
  const levels = levelsOf(courseLevel);
  const level = requested ?? levels[0]!;
  if (!levels.includes(level))
    throw new HttpError(403, 'LEVEL_NOT_AVAILABLE', `The ${level} question bank is not part of your course level (${courseLevel}).`);
  return level;
}

// ---------------------------------------------------------------------------------------------------
// Shared SQL pieces

/**
 * The student's latest answer per item, wherever it was given (filters: unseen = never answered, missed = the latest
 * answer wrong): a practice attempt, an answer on /review (its review log: Again is wrong, any other grade right) or an
 * answer in a practice exam that has ended (an exam in progress shows no feedback, so its answers count only once it
 * ends). A practice answer also writes a review log, with the same verdict.
 */
const lastAnswers = (userId: string) => sql`
  select distinct on (a.item_key) a.item_key, a.correct
  from (
    select ${qa.itemKey} as item_key, ${qa.correct} as correct, ${qa.createdAt} as at from ${qa} where ${qa.userId} = ${userId}
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

export async function questionOptions(db: Db, userId: string, courseLevel: CourseLevel, level: ContentLevel): Promise<QuestionOptions> {
  const { rows } = await db.execute<{ domain: string; topic: string; n: number; unseen: number; missed: number; flagged: number }>(sql`
    with last as (${lastAnswers(userId)})
    select i.domain, i.topic, count(*)::int as n,
      count(*) filter (where last.item_key is null)::int as unseen,
      count(*) filter (where last.correct = false)::int as missed,
      count(*) filter (where f.user_id is not null)::int as flagged
    from ${qi} i
    left join last on last.item_key = i.key
    left join ${qf} f on f.user_id = ${userId} and f.item_key = i.key
    where i.level = ${level} and not i.retired
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

async function recordEvent(
  db: Db,
  userId: string,
  actionType: 'question_start' | 'answer' | 'question_complete',
  fields: { featureId: string; score?: number; totalItems?: number; completionPercentage?: number; durationSeconds?: number },
) {
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
 * Starts a session: one query picks the items (level, domains, topics and the student's filter; a case
 * set stays together and in its order), one inserts the session. All items go to the client at once.
 */
export async function startSession(db: Db, userId: string, level: ContentLevel, input: StartSessionInput): Promise<QuestionSession> {
  const known = new Set(domainsOf(level).map((d) => d.name));
  const unknown = input.domains.filter((d) => !known.has(d));
  if (unknown.length)
    throw new HttpError(400, ERROR_CODES.validation, `Unknown ${level} domain: ${unknown.join(', ')}`, [
      { path: 'domains', message: `Unknown ${level} domain: ${unknown.join(', ')}` },
    ]);
  const where: SQL[] = [sql`i.level = ${level}`, sql`not i.retired`];
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
  if (input.filter === 'unseen') where.push(sql`last.item_key is null`);
  if (input.filter === 'missed') where.push(sql`last.correct = false`);
  if (input.filter === 'flagged') where.push(sql`f.user_id is not null`);
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
      'NO_MATCHING_QUESTIONS',
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
        settings: { domains: input.domains, topics: input.topics, count: input.count, filter: input.filter },
        items: refs,
        timeLimitS,
      })
      .returning();
    await recordEvent(t, userId, 'question_start', { featureId: created!.id, totalItems: rows.length });
    return created!;
  });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return view(session, byKey, []);
}

type AttemptRow = typeof qa.$inferSelect;

function view(session: SessionRow, items: Map<string, ItemRow>, attempts: AttemptRow[]): QuestionSession {
  const refs = session.items.filter((r) => items.has(r.key));
  const completed = session.completedAt !== null;
  const showFeedback = completed || session.mode === 'tutor';
  const answers: Record<string, SessionAnswer> = {};
  const perms = new Map(refs.map((r) => [r.key, r.perm]));
  for (const a of attempts) {
    const row = items.get(a.itemKey);
    const perm = perms.get(a.itemKey);
    if (!row || !perm) continue;
    answers[a.itemKey] = showFeedback
      ? { answer: a.answer as QuestionAnswer, correct: a.correct, feedback: feedbackFor(row, perm, a.correct) }
      : { answer: a.answer as QuestionAnswer };
  }
  const result: QuestionSession = {
    id: session.id,
    level: session.level as ContentLevel,
    mode: session.mode as QuestionSession['mode'],
    count: refs.length,
    timeLimitSeconds: session.timeLimitS,
    startedAt: session.startedAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
    items: refs.map((r) => publicItem(items.get(r.key)!, r.perm)),
    answers,
  };
  if (completed) result.results = resultsOf(session, refs, items, attempts);
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
      feedback: feedbackFor(row, ref.perm, correct),
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
  const [items, attempts] = await Promise.all([
    itemRows(
      db,
      userId,
      session.items.map((r) => r.key),
    ),
    db.select().from(qa).where(eq(qa.sessionId, session.id)),
  ]);
  return view(session, items, attempts);
}

export async function getSession(db: Db, userId: string, id: string): Promise<QuestionSession> {
  return load(db, userId, await sessionOf(db, userId, id));
}

/** The latest unfinished session, to resume after a reload; null when there is none. */
export async function currentSession(db: Db, userId: string): Promise<QuestionSession | null> {
  const [row] = await db
    .select()
    .from(qs)
    .where(and(eq(qs.userId, userId), isNull(qs.completedAt)))
    .orderBy(desc(qs.startedAt))
    .limit(1);
  return row ? load(db, userId, row) : null;
}

export type AnswerResult = { correct: boolean; feedback: Feedback } | { recorded: true };

/**
 * Records one answer. Idempotent by the client's id: the same request again returns the first result
 * and stores nothing; a different answer to an item already answered in this session is refused.
 */
export async function submitAnswer(db: Db, userId: string, sessionId: string, input: SubmitAnswerInput): Promise<AnswerResult> {
  const session = await sessionOf(db, userId, sessionId);
  const ref = session.items.find((r) => r.key === input.itemKey);
  if (!ref) throw new HttpError(400, ERROR_CODES.validation, 'This question is not part of this session.');
  const rows = await itemRows(db, userId, [ref.key]);
  const row = rows.get(ref.key);
  if (!row) throw notFound('This question no longer exists.');
  const resultOf = (correct: boolean): AnswerResult =>
    session.mode === 'tutor' ? { correct, feedback: feedbackFor(row, ref.perm, correct) } : { recorded: true };

  const previous = async () => {
    const [byClient] = await db
      .select()
      .from(qa)
      .where(and(eq(qa.userId, userId), eq(qa.clientId, input.clientId)));
    if (byClient) {
      if (byClient.sessionId === sessionId && byClient.itemKey === input.itemKey) return resultOf(byClient.correct);
      throw new HttpError(409, ERROR_CODES.conflict, 'This answer id was already used for another question.');
    }
    return null;
  };
  const replay = await previous();
  if (replay) return replay;
  if (session.completedAt) throw new HttpError(409, 'SESSION_COMPLETED', 'This quiz is finished; its answers can no longer change.');
  if (session.timeLimitS !== null && Date.now() > session.startedAt.getTime() + session.timeLimitS * 1000 + TIMED_GRACE_MS)
    throw new HttpError(409, 'TIME_UP', 'Time is up for this quiz.');
  const shape = answerSchemaFor(row.type).safeParse(input.answer);
  if (!shape.success)
    throw new HttpError(400, ERROR_CODES.validation, `This ${row.type.replace('_', ' ')} question takes another answer shape.`, [
      { path: 'answer', message: 'The answer does not fit this type of question.' },
    ]);
  const ids = new Set(sessionOptions(row, ref.perm).map((o) => o.id));
  const named = answerIds(shape.data);
  if (named.some((id) => !ids.has(id)))
    throw new HttpError(400, ERROR_CODES.validation, 'The answer names an option this question does not have.', [
      { path: 'answer', message: 'Unknown option.' },
    ]);
  const correct = scoreAnswer(scorable(row, ref.perm), shape.data);
  const inserted = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const stored = await t
      .insert(qa)
      .values({
        sessionId,
        userId,
        itemKey: ref.key,
        answer: shape.data,
        correct,
        timeMs: input.timeMs,
        mode: session.mode,
        clientId: input.clientId,
      })
      .onConflictDoNothing()
      .returning({ id: qa.id });
    if (stored.length) {
      await recordEvent(t, userId, 'answer', { featureId: ref.key, score: correct ? 1 : 0, totalItems: 1 });
      // every answer schedules the question (issue 18, decision 078): once, with the attempt, guarded by a client id of its own
      await recordReview(t, {
        userId,
        kind: 'question',
        key: ref.key,
        grade: gradeOfQuestion(correct),
        clientId: derivedClientId('practice', userId, input.clientId),
        source: 'practice',
      });
    }
    return stored.length > 0;
  });
  if (inserted) return resultOf(correct);
  // a concurrent request with the same id won, or this item was answered already
  const again = await previous();
  if (again) return again;
  throw new HttpError(409, 'ALREADY_ANSWERED', 'You have already answered this question in this session.');
}

/** Ends a session (idempotent) and returns its results; unanswered items count wrong. */
export async function completeSession(db: Db, userId: string, sessionId: string): Promise<SessionResults> {
  await sessionOf(db, userId, sessionId);
  const session = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [ended] = await t
      .update(qs)
      .set({ completedAt: sql`now()` })
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
    return ended;
  });
  const full = await load(db, userId, session ?? (await sessionOf(db, userId, sessionId)));
  return full.results!;
}

// ---------------------------------------------------------------------------------------------------
// Flags and reports

/** The item, when it is in the student's levels and not retired; 404 otherwise (no hint of other levels' keys). */
async function requireItem(db: Db, key: string, levels: ContentLevel[]) {
  const [row] = await db
    .select({ key: qi.key })
    .from(qi)
    .where(and(eq(qi.key, key), inArray(qi.level, levels), eq(qi.retired, false)));
  if (!row) throw notFound('This question does not exist.');
  return row;
}

export async function setFlag(db: Db, userId: string, levels: ContentLevel[], itemKey: string, flagged: boolean) {
  await requireItem(db, itemKey, levels);
  if (flagged) await db.insert(qf).values({ userId, itemKey }).onConflictDoNothing();
  else await db.delete(qf).where(and(eq(qf.userId, userId), eq(qf.itemKey, itemKey)));
  return { flagged };
}

export async function fileReport(db: Db, userId: string, levels: ContentLevel[], input: ReportInput) {
  await requireItem(db, input.itemKey, levels);
  await db.insert(questionReports).values({ userId, itemKey: input.itemKey, reason: input.reason, text: input.text });
  return { ok: true as const };
}
