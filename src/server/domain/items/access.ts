// Which question items a student may see, and where (docs/decisions/082-one-item-access-policy.md). The rule: the exam's own
// reserve (pool 'exam') is shown only inside a practice exam, and while a student has an open exam the items it has given do
// not exist for that student anywhere else; while a timed quiz runs, its verdicts do not exist (nothing that depends on
// whether an answer was right changes before the quiz ends). Practice, review, flags, bookmarks, reports, progress and the exam
// all ask here.
import { sql, type SQL } from 'drizzle-orm';
import type { ContentLevel, CourseLevel, MarkKind } from '../../../shared/constants';
import { levelsOf } from '../../../shared/levels';
import { videoLevelsFor } from '../../../shared/videos';
import { ERROR_CODES } from '../../../shared/errors';
import type { ServiceDeps } from '../../deps';
import { HttpError, notFound } from '../../lib/http';

export { levelsOf };

/** The level asked for (or the student's first), refused with the one code when it is not part of their course. */
export function levelFor(courseLevel: CourseLevel, requested: ContentLevel | undefined, what = 'content'): ContentLevel {
  const levels = levelsOf(courseLevel);
  const level = requested ?? levels[0]!;
  if (!levels.includes(level))
    throw new HttpError(403, ERROR_CODES.levelNotAvailable, `The ${level} ${what} is not part of your course level (${courseLevel}).`);
  return level;
}

/** The scenarios of the student's levels (decision 107), in the order given: the menu, the steps file, saved, search. */
export function scenariosOf<S extends { course_level: ContentLevel }>(courseLevel: CourseLevel, scenarios: readonly S[]): S[] {
  const levels = levelsOf(courseLevel);
  return scenarios.filter((s) => levels.includes(s.course_level));
}

/** A scenario by key: 404 when there is none, the one level refusal (403) when it is another level's. */
export function requireScenario<S extends { key: string; course_level: ContentLevel }>(
  courseLevel: CourseLevel,
  scenarios: readonly S[],
  key: string,
): S {
  const scenario = scenarios.find((s) => s.key === key);
  if (!scenario) throw notFound('This scenario does not exist.');
  levelFor(courseLevel, scenario.course_level, 'scenario');
  return scenario;
}

/** The where-clause alias of `question_items` (default `i`). */
const col = (alias: string, column: string) => sql.raw(`${alias}.${column}`);

/**
 * Items of the student's open exam (given so far): `item` (a key expression) is one of them. Written to walk the one open
 * exam (exams' partial unique index on user_id) and its (exam_id, item_key) index, whatever the number of exams.
 */
export const inOpenExam = (userId: string, item: SQL) => sql`exists (
  select 1 from exams e join exam_items oe on oe.exam_id = e.id and oe.item_key = ${item}
  where e.user_id = ${userId} and e.ended_at is null)`;

/** The item (`question_items` as `alias`) is hidden outside the exam: in the exam's reserve or given in the open exam. */
export const hiddenOutsideExam = (userId: string, alias: SQL) =>
  sql`(${alias}.pool <> 'practice' or ${inOpenExam(userId, sql`${alias}.key`)})`;

/**
 * The item (`question_items` under `alias`) may be shown to the student outside a practice exam: in the practice pool, not
 * retired and not given in the student's open exam. Every student-facing read of items outside the exam filters on this.
 */
export function visibleOutsideExam(userId: string, alias = 'i'): SQL {
  return sql`(${col(alias, 'pool')} = 'practice' and not ${col(alias, 'retired')} and not ${inOpenExam(userId, col(alias, 'key'))})`;
}

/** A practice attempt (`question_attempts` under `alias`) whose verdict exists: its session is not a timed quiz still running. */
export function verdictShown(alias = 'a'): SQL {
  return sql`not exists (
    select 1 from question_sessions rs
    where rs.id = ${col(alias, 'session_id')} and rs.mode = 'timed' and rs.completed_at is null)`;
}

/**
 * The item, when the student may see it outside the exam and it is of their levels; otherwise one and the same 404 whatever
 * the reason (unknown key, another level, the exam's reserve, an item of the open exam), so the answer says nothing of keys.
 */
export async function requireVisibleItem(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: string,
  levels: readonly ContentLevel[],
  key: string,
  opts: { alsoEndedExams?: boolean } = {},
): Promise<{ key: string; level: ContentLevel }> {
  const levelList = sql.join(
    levels.map((l) => sql`${l}`),
    sql`, `,
  );
  // an item given in one of the student's ended exams may be reported from the exam review (its key is shown there)
  const alsoEnded = opts.alsoEndedExams
    ? sql`or (not i.retired and not ${inOpenExam(userId, sql`i.key`)} and exists (
        select 1 from exam_items xe join exams x on x.id = xe.exam_id
        where x.user_id = ${userId} and x.ended_at is not null and xe.item_key = i.key))`
    : sql``;
  const { rows } = await db.execute<{ key: string; level: ContentLevel }>(sql`
    select i.key, i.level from question_items i
    where i.key = ${key} and i.level in (${levelList}) and (${visibleOutsideExam(userId)} ${alsoEnded})`);
  const row = rows[0];
  if (!row) throw notFound('This question does not exist.');
  return row;
}

/**
 * The questions whose key the student has seen: answered in practice (a tutor's feedback, a timed quiz's results), on
 * /review (any question card), or given in an exam that has ended (its review shows the keys). None of them is scored in
 * that student's practice exam. With `since`, only what was seen at or after it (an exam's start).
 */
export async function seenKeys({ db }: Pick<ServiceDeps, 'db'>, userId: string, since?: Date): Promise<Set<string>> {
  const { rows } = await db.execute<{ key: string }>(
    since
      ? sql`
        select item_key as key from question_attempts where user_id = ${userId} and created_at >= ${since}::timestamptz
        union select item_key from srs_review_logs
          where user_id = ${userId} and item_kind = 'question' and reviewed_at >= ${since}::timestamptz and source <> 'exam'`
      : sql`
        select item_key as key from question_attempts where user_id = ${userId}
        union select item_key from srs_cards where user_id = ${userId} and item_kind = 'question'
        union select xe.item_key from exam_items xe join exams x on x.id = xe.exam_id
          where x.user_id = ${userId} and x.ended_at is not null`,
  );
  return new Set(rows.map((r) => r.key));
}

/** The keys of the items the student's open exam has given (empty without one). */
export async function openExamKeys({ db }: Pick<ServiceDeps, 'db'>, userId: string): Promise<Set<string>> {
  const { rows } = await db.execute<{ key: string }>(sql`
    select oe.item_key as key from exam_items oe join exams e on e.id = oe.exam_id
    where e.user_id = ${userId} and e.ended_at is null`);
  return new Set(rows.map((r) => r.key));
}

/**
 * The item may carry the student's mark (a bookmark: decision 102): a flashcard or a video of their levels, a scenario of the
 * menu (content/, passed in; the menu shows every scenario to every subscriber), or a question they may see outside the exam: never one of the exam's reserve nor one
 * their open exam has given. Otherwise one and the same 404, as for requireVisibleItem.
 */
export async function requireMarkableItem(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: string,
  courseLevel: CourseLevel,
  item: { kind: MarkKind; key: string },
  scenarios: readonly { key: string; course_level: ContentLevel }[],
): Promise<void> {
  const levels = levelsOf(courseLevel);
  if (item.kind === 'question') {
    await requireVisibleItem({ db }, userId, levels, item.key);
    return;
  }
  if (item.kind === 'scenario') {
    // another level's scenario is not there, as another level's card is not (the same 404)
    if (!scenariosOf(courseLevel, scenarios).some((s) => s.key === item.key)) throw notFound('This scenario does not exist.');
    return;
  }
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((l) => sql`${l}`),
      sql`, `,
    );
  const { rows } =
    item.kind === 'flashcard'
      ? await db.execute(sql`select 1 from flashcards where key = ${item.key} and course_level in (${list(levels)})`)
      : await db.execute(sql`select 1 from videos where key = ${item.key} and course_level in (${list(videoLevelsFor(courseLevel))})`);
  if (rows.length === 0) throw notFound(item.kind === 'flashcard' ? 'This card no longer exists.' : 'This video does not exist.');
}
