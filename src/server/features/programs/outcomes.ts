import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ClassOutcome, ClassOutcomesResponse, RecordOutcomeBody } from '../../../shared/contracts/programs';
import type { NremtImportResponse } from '../../../shared/contracts/nremt-results';
import { ERROR_CODES } from '../../../shared/errors';
import { latestNremtDate } from '../../../shared/nremt-results';
import { passRates } from '../../../shared/programs';
import { classMembers, nremtResults, users } from '../../db/schema';
import type { ServiceDeps, SessionUser } from '../../deps';
import { importNremtResults, isUniqueViolation } from '../../domain/readiness/import';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';
import { taughtClass } from './service';

// The NREMT outcomes of a class (docs/decisions/112-class-nremt-outcomes-and-pass-rates.md): the sittings the program
// recorded for its students (one by one or from a CSV), the students' own reports when they chose to share them at join,
// and the pass rates programs report. Only current members are read, as everywhere in programs.

type Row = Pick<typeof nremtResults.$inferSelect, 'id' | 'examDate' | 'passed' | 'attempt' | 'source' | 'classId'>;

const outcomeOf = (r: Row, classId: string): ClassOutcome => ({
  id: r.id,
  examDate: r.examDate,
  result: r.passed ? 'passed' : 'failed',
  attempt: r.attempt,
  source: r.source === 'import' || r.source === 'program' ? r.source : 'student',
  editable: r.source === 'program' && r.classId === classId,
});

const invalid = (path: string, message: string) => new HttpError(400, ERROR_CODES.validation, message, [{ path, message }]);

/**
 * Each current student with the sittings the class may see: the ones this class recorded, and — when the student shares
 * their results — their own reports and administrators' imports at the class's level since the class began. The rates
 * count exactly these.
 */
export async function classOutcomes(deps: ServiceDeps, user: SessionUser, classId: string): Promise<ClassOutcomesResponse> {
  const c = await taughtClass(deps, user, classId);
  const { rows } = await deps.db.execute<{ user_id: string; name: string; consent: boolean; result: Row | null }>(sql`
    select m.user_id, u.name, m.outcomes_consent as consent,
      case when r.id is null then null else json_build_object(
        'id', r.id, 'examDate', r.exam_date::text, 'passed', r.passed, 'attempt', r.attempt, 'source', r.source,
        'classId', r.class_id) end as result
    from class_members m
    join users u on u.id = m.user_id
    left join nremt_results r on r.user_id = m.user_id and r.level = ${c.level}
      and ((r.source = 'program' and r.class_id = ${classId})
        or (m.outcomes_consent and r.source <> 'program' and r.exam_date >= ${c.startDate}::date))
    where m.class_id = ${classId} and m.left_at is null
    order by u.name, u.id, r.attempt`);
  const students = new Map<string, ClassOutcomesResponse['students'][number]>();
  for (const r of rows) {
    let s = students.get(r.user_id);
    if (!s) students.set(r.user_id, (s = { userId: r.user_id, name: r.name, outcomesConsent: Boolean(r.consent), results: [] }));
    if (r.result) s.results.push(outcomeOf(r.result, classId));
  }
  const list = [...students.values()];
  return {
    students: list,
    rates: passRates(list.map((s) => s.results.map((x) => ({ attempt: x.attempt, passed: x.result === 'passed' })))),
  };
}

async function currentMember(deps: ServiceDeps, classId: string, userId: string) {
  const [m] = await deps.db
    .select({ userId: classMembers.userId, name: users.name })
    .from(classMembers)
    .innerJoin(users, eq(users.id, classMembers.userId))
    .where(and(eq(classMembers.classId, classId), eq(classMembers.userId, userId), isNull(classMembers.leftAt)));
  return m;
}

/** The instructor records one sitting of a student of the class, at the class's level; audited. */
export async function recordOutcome(
  deps: ServiceDeps,
  by: AuditBy,
  user: SessionUser,
  classId: string,
  body: RecordOutcomeBody & { attempt: number },
): Promise<ClassOutcome> {
  const c = await taughtClass(deps, user, classId);
  const member = await currentMember(deps, classId, body.userId);
  if (!member) throw invalid('userId', 'Choose a student of this class');
  if (body.examDate > latestNremtDate(deps.now())) throw invalid('examDate', 'The exam date cannot be in the future');
  const at = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(nremtResults)
        .values({
          userId: body.userId,
          level: c.level,
          examDate: body.examDate,
          passed: body.result === 'passed',
          attempt: body.attempt,
          source: 'program',
          classId,
          recordedBy: user.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await recordAudit(tx, {
        action: 'class.outcome_record',
        ...by,
        target: { type: 'class', id: classId, label: c.name },
        after: { resultId: row!.id, student: body.userId, examDate: body.examDate, result: body.result, attempt: body.attempt },
      });
      return outcomeOf(row!, classId);
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new HttpError(409, ERROR_CODES.conflict, `Attempt ${body.attempt} is already recorded for ${member.name}.`, [
        { path: 'attempt', message: `Attempt ${body.attempt} is already recorded for this student` },
      ]);
    throw e;
  }
}

/** Removes a sitting this class recorded (a student's own report is theirs: never); audited. */
export async function deleteOutcome(deps: ServiceDeps, by: AuditBy, user: SessionUser, classId: string, resultId: string) {
  const c = await taughtClass(deps, user, classId);
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(nremtResults)
      .where(and(eq(nremtResults.id, resultId), eq(nremtResults.classId, classId), eq(nremtResults.source, 'program')))
      .returning();
    if (removed.length === 0) throw notFound('This result no longer exists.');
    const r = removed[0]!;
    await recordAudit(tx, {
      action: 'class.outcome_delete',
      ...by,
      target: { type: 'class', id: classId, label: c.name },
      before: { resultId, student: r.userId, examDate: r.examDate, passed: r.passed, attempt: r.attempt },
    });
  });
}

/** The class's results from a CSV (email, level, date, result, attempt): its current students only; dry run first. */
export async function importOutcomes(
  deps: ServiceDeps,
  by: AuditBy,
  user: SessionUser,
  classId: string,
  csv: string,
  dryRun: boolean,
): Promise<NremtImportResponse> {
  const c = await taughtClass(deps, user, classId);
  const members = await deps.db
    .select({ userId: classMembers.userId })
    .from(classMembers)
    .where(and(eq(classMembers.classId, classId), isNull(classMembers.leftAt)));
  return importNremtResults(deps, by, csv, dryRun, {
    source: 'program',
    classId,
    className: c.name,
    level: c.level,
    userIds: members.map((m) => m.userId),
    recordedBy: user.id,
  });
}
