// Class assignments for every feature that shows or starts one (docs/decisions/111-class-assignments.md): programs (the
// instructor's list), the plan (the student's home card and calendar), question practice and the practice exam (a session or
// exam started from an assignment). What a student has done of an assignment is read from their own study, in one statement
// for any set of (assignment, student) pairs, so the student's and the instructor's view never disagree.
import { sql, type SQL } from 'drizzle-orm';
import type { AssignmentKind, AssignmentSpec, AssignmentStatus } from '../../../shared/assignments';
import type { ContentLevel } from '../../../shared/constants';
import type { AssignmentProgress } from '../../../shared/contracts/assignments';
import type { ServiceDeps } from '../../deps';
import { notFound } from '../../lib/http';
import { currentStandard, examLimitsFor, examReadiness, standardsById } from '../readiness';

export type AssignmentRow = {
  id: string;
  class_id: string;
  class_name: string;
  level: ContentLevel;
  kind: AssignmentKind;
  spec: AssignmentSpec;
  title: string;
  due_date: string;
  to_all: boolean;
  created_at: string | Date;
  user_id: string;
  user_name: string;
};

type ProgressColumns = {
  q_session: string | null;
  q_total: number | null;
  q_answered: number | null;
  q_right: number | null;
  q_completed: string | Date | null;
  x_exam: string | null;
  x_ended: string | Date | null;
  x_theta: number | null;
  x_se: number | null;
  x_stop: string | null;
  x_scored: number | null;
  x_standard: string | null;
  f_total: number | null;
  f_studied: number | null;
  f_right: number | null;
  f_last: string | Date | null;
  s_best: number | null;
  s_first: string | Date | null;
};

export type AssignmentProgressRow = AssignmentRow & ProgressColumns;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Each (assignment, student) pair of `pairs` — a query answering `assignment_id` and `user_id` — with the assignment, its
 * class, the student's name and what they have done of it:
 * - a question set: the practice session they started from it (the latest), its answers and right answers;
 * - a practice exam: the exam started from it (an ended one first);
 * - flash cards: the cards of the category (the class's level) and those the student marked since the assignment was set;
 * - a scenario: its best completion since the assignment was set.
 */
export async function assignmentProgressRows({ db }: Pick<ServiceDeps, 'db'>, pairs: SQL): Promise<AssignmentProgressRow[]> {
  const { rows } = await db.execute<AssignmentProgressRow>(sql`
    with pairs as (${pairs})
    select a.id, a.class_id, c.name as class_name, c.level, a.kind, a.spec, a.title, a.due_date::text as due_date, a.to_all,
      a.created_at, u.id as user_id, u.name as user_name,
      q.id as q_session, q.total as q_total, q.answered as q_answered, q.right_n as q_right, q.completed_at as q_completed,
      x.id as x_exam, x.ended_at as x_ended, x.theta as x_theta, x.se as x_se, x.stop_reason as x_stop, x.scored as x_scored,
      x.standard_id as x_standard,
      f.total as f_total, f.studied as f_studied, f.right_n as f_right, f.last_at as f_last,
      s.best as s_best, s.first_at as s_first
    from pairs
    join class_assignments a on a.id = pairs.assignment_id
    join classes c on c.id = a.class_id
    join users u on u.id = pairs.user_id
    left join lateral (
      select qs.id, jsonb_array_length(qs.items)::int as total, qs.completed_at,
        (select count(*) from question_attempts qa where qa.session_id = qs.id)::int as answered,
        (select count(*) from question_attempts qa where qa.session_id = qs.id and qa.correct)::int as right_n
      from question_sessions qs
      where a.kind = 'questions' and qs.user_id = u.id and qs.settings ->> 'assignmentId' = a.id::text
      order by qs.completed_at desc nulls last, qs.started_at desc limit 1
    ) q on true
    left join lateral (
      select e.id, e.ended_at, e.theta, e.se, e.stop_reason, e.scored, e.standard_id
      from exams e where a.kind = 'exam' and e.user_id = u.id and e.assignment_id = a.id
      order by e.ended_at desc nulls first, e.started_at desc limit 1
    ) x on true
    left join lateral (
      select count(*)::int as total,
        count(*) filter (where i.last_studied_at >= a.created_at)::int as studied,
        count(*) filter (where i.last_studied_at >= a.created_at and i.is_correct)::int as right_n,
        max(i.last_studied_at) filter (where i.last_studied_at >= a.created_at) as last_at
      from flashcards fc
      left join user_flashcard_interactions i on i.flashcard_id = fc.id and i.user_id = u.id
      where a.kind = 'flashcards' and fc.course_level = c.level and fc.category = a.spec ->> 'category'
    ) f on a.kind = 'flashcards'
    left join lateral (
      select max(ui.completion_percentage)::int as best, min(ui.created_at) as first_at
      from user_interactions ui
      where a.kind = 'scenario' and ui.user_id = u.id and ui.feature_type = 'scenario' and ui.action_type = 'scenario_complete'
        and ui.created_at >= a.created_at
        and ui.feature_id = (select ss.title from scenario_search ss where ss.key = a.spec ->> 'key')
    ) s on a.kind = 'scenario'
    order by a.due_date, a.created_at, a.id, u.name, u.id`);
  return rows;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : null);

/** What the student has done of the assignment, from its row; an exam's verdict and band as the student's result shows them. */
export async function progressOf(deps: Pick<ServiceDeps<'config'>, 'db' | 'config'>, rows: readonly AssignmentProgressRow[]) {
  const examRows = rows.filter((r) => r.x_ended !== null && r.x_standard !== null);
  const standards = await standardsById(
    deps,
    examRows.map((r) => r.x_standard!),
  );
  const fallbacks = new Map<ContentLevel, Awaited<ReturnType<typeof currentStandard>>>();
  for (const r of examRows)
    if (!standards.has(r.x_standard!) && !fallbacks.has(r.level)) fallbacks.set(r.level, await currentStandard(deps, r.level));
  return rows.map((r): AssignmentProgress => {
    const none = { done: null, total: null, scorePercent: null, exam: null, completedAt: null, startedId: null };
    switch (r.kind) {
      case 'questions': {
        if (r.q_session === null) return { ...none, status: 'not_started' };
        const total = Number(r.q_total);
        const answered = Number(r.q_answered);
        const completed = r.q_completed !== null;
        const status: AssignmentStatus = completed ? 'done' : 'in_progress';
        return {
          ...none,
          status,
          done: answered,
          total,
          // a timed quiz's verdicts are told only once it ends: so is its score
          scorePercent: completed ? percent(Number(r.q_right), total) : null,
          completedAt: iso(r.q_completed),
          startedId: r.q_session,
        };
      }
      case 'exam': {
        if (r.x_exam === null) return { ...none, status: 'not_started' };
        if (r.x_ended === null) return { ...none, status: 'in_progress', startedId: r.x_exam };
        const standard = standards.get(r.x_standard!) ?? fallbacks.get(r.level)!;
        const shown = examReadiness(
          { theta: r.x_theta, se: r.x_se, stopReason: r.x_stop, scored: r.x_scored },
          standard,
          examLimitsFor(deps, r.level).minScored,
        );
        return { ...none, status: 'done', exam: shown, completedAt: iso(r.x_ended), startedId: r.x_exam };
      }
      case 'flashcards': {
        const total = Number(r.f_total ?? 0);
        const studied = Number(r.f_studied ?? 0);
        const status: AssignmentStatus = total > 0 && studied >= total ? 'done' : studied > 0 ? 'in_progress' : 'not_started';
        return {
          ...none,
          status,
          done: studied,
          total,
          scorePercent: studied > 0 ? percent(Number(r.f_right ?? 0), total) : null,
          completedAt: status === 'done' ? iso(r.f_last) : null,
        };
      }
      case 'scenario':
        return r.s_first === null
          ? { ...none, status: 'not_started' }
          : { ...none, status: 'done', scorePercent: r.s_best === null ? null : Number(r.s_best), completedAt: iso(r.s_first) };
    }
  });
}

/** The current members of a class an assignment is for: all of them, or the chosen ones still in the class. */
export const assignmentTargets = (where: SQL) => sql`
  select a.id as assignment_id, m.user_id
  from class_assignments a
  join class_members m on m.class_id = a.class_id and m.left_at is null
  where ${where}
    and (a.to_all or exists (
      select 1 from class_assignment_students s where s.assignment_id = a.id and s.user_id = m.user_id))`;

/**
 * An assignment of the given kind that is for this student now (they are in its class and it is for them), or the same 404
 * as one that does not exist: a session or exam can be started from it only then.
 */
export async function assignmentForStudent(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: string,
  assignmentId: string,
  kind: AssignmentKind,
): Promise<{ id: string; level: ContentLevel; spec: AssignmentSpec }> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(assignmentId)) throw notFound('This assignment does not exist.');
  const { rows } = await db.execute<{ id: string; level: ContentLevel; spec: AssignmentSpec }>(sql`
    select a.id, c.level, a.spec from (${assignmentTargets(sql`a.id = ${assignmentId} and a.kind = ${kind}`)}) t
    join class_assignments a on a.id = t.assignment_id
    join classes c on c.id = a.class_id
    where t.user_id = ${userId}`);
  const row = rows[0];
  if (!row) throw notFound('This assignment does not exist.');
  return row;
}
