import { and, eq, sql } from 'drizzle-orm';
import { assignmentTitle, type AssignmentSpec } from '../../../shared/assignments';
import type { ContentLevel } from '../../../shared/constants';
import type { ClassAssignmentView, ClassAssignmentsResponse, CreateAssignmentInput } from '../../../shared/contracts/assignments';
import { ERROR_CODES } from '../../../shared/errors';
import { domainsOf } from '../../../shared/questions';
import { classAssignments, classAssignmentStudents, classMembers, scenarioSearch } from '../../db/schema';
import type { ServiceDeps, SessionUser } from '../../deps';
import { assignmentProgressRows, assignmentTargets, progressOf, type AssignmentProgressRow } from '../../domain/assignments';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';
import { taughtClass } from './service';

// Class assignments on the instructor's side (docs/decisions/111-class-assignments.md): set, list with each student's
// progress, remove. Every read goes through `taughtClass` (an instructor reaches only their classes) and the assignment's
// targets are the class's current members, so a student who left is in no list.

const invalid = (path: string, message: string) => new HttpError(400, ERROR_CODES.validation, message, [{ path, message }]);

function studentsView(rows: AssignmentProgressRow[], progress: ClassAssignmentView['students'][number]['progress'][]) {
  return rows.map((r, i) => ({ userId: r.user_id, name: r.user_name, progress: progress[i]! }));
}

/** The class's assignments, soonest due first, each with every student it is for and what they have done of it. */
export async function classAssignmentList(
  deps: ServiceDeps<'config'>,
  user: SessionUser,
  classId: string,
): Promise<ClassAssignmentsResponse> {
  const c = await taughtClass(deps, user, classId);
  const [assignments, rows, scenarios] = await Promise.all([
    deps.db.select().from(classAssignments).where(eq(classAssignments.classId, classId)),
    assignmentProgressRows(deps, assignmentTargets(sql`a.class_id = ${classId}`)),
    deps.db
      .select({ key: scenarioSearch.key, title: scenarioSearch.title })
      .from(scenarioSearch)
      .where(eq(scenarioSearch.courseLevel, c.level))
      .orderBy(scenarioSearch.title),
  ]);
  const progress = await progressOf(deps, rows);
  const byAssignment = new Map<string, { rows: AssignmentProgressRow[]; progress: typeof progress }>();
  rows.forEach((r, i) => {
    const entry = byAssignment.get(r.id) ?? { rows: [], progress: [] };
    byAssignment.set(r.id, entry);
    entry.rows.push(r);
    entry.progress.push(progress[i]!);
  });
  const list = assignments
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.createdAt.getTime() - b.createdAt.getTime())
    .map((a): ClassAssignmentView => {
      const mine = byAssignment.get(a.id);
      return {
        id: a.id,
        classId: a.classId,
        kind: a.spec.kind,
        level: c.level,
        spec: a.spec,
        title: a.title,
        dueDate: a.dueDate,
        createdAt: a.createdAt.toISOString(),
        toAll: a.toAll,
        students: mine ? studentsView(mine.rows, mine.progress) : [],
      };
    });
  return { assignments: list, scenarios };
}

/** Checks the choices against the class: its level's domains, a scenario of its level, students who are in it now. */
async function checkedSpec(deps: ServiceDeps, level: ContentLevel, spec: AssignmentSpec): Promise<{ spec: AssignmentSpec; title: string }> {
  if (spec.kind === 'questions') {
    const known = new Set(domainsOf(level).map((d) => d.name));
    const unknown = spec.domains.filter((d) => !known.has(d));
    if (unknown.length) throw invalid('spec.domains', `Unknown ${level} domain: ${unknown.join(', ')}`);
    return { spec: { ...spec, domains: [...new Set(spec.domains)], topics: [...new Set(spec.topics)] }, title: assignmentTitle(spec) };
  }
  if (spec.kind === 'scenario') {
    const [s] = await deps.db
      .select({ title: scenarioSearch.title })
      .from(scenarioSearch)
      .where(and(eq(scenarioSearch.key, spec.key), eq(scenarioSearch.courseLevel, level)));
    if (!s) throw invalid('spec.key', `Choose a ${level} scenario`);
    return { spec, title: assignmentTitle(spec, s.title) };
  }
  return { spec, title: assignmentTitle(spec) };
}

/** Sets the class an assignment, for all of it or the chosen students; audited. */
export async function createAssignment(
  deps: ServiceDeps<'config'>,
  by: AuditBy,
  user: SessionUser,
  classId: string,
  body: CreateAssignmentInput,
): Promise<ClassAssignmentView> {
  const c = await taughtClass(deps, user, classId);
  const today = deps.now().toISOString().slice(0, 10);
  // a day behind UTC is still today somewhere in the Americas: the due day may be yesterday in UTC, no earlier
  const earliest = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  if (body.dueDate < earliest) throw invalid('dueDate', 'The due date is today or later');
  const { spec, title } = await checkedSpec(deps, c.level, body.spec);
  const chosen = [...new Set(body.studentIds)];
  const id = await deps.db.transaction(async (tx) => {
    if (chosen.length) {
      const members = await tx
        .select({ userId: classMembers.userId })
        .from(classMembers)
        .where(and(eq(classMembers.classId, classId), sql`${classMembers.leftAt} is null`));
      const inClass = new Set(members.map((m) => m.userId));
      if (chosen.some((s) => !inClass.has(s))) throw invalid('studentIds', 'Choose students who are in this class');
    }
    const [row] = await tx
      .insert(classAssignments)
      .values({
        classId,
        kind: spec.kind,
        spec,
        title,
        dueDate: body.dueDate,
        toAll: chosen.length === 0,
        createdBy: user.id,
        createdAt: deps.now(),
      })
      .returning({ id: classAssignments.id });
    if (chosen.length) await tx.insert(classAssignmentStudents).values(chosen.map((userId) => ({ assignmentId: row!.id, userId })));
    await recordAudit(tx, {
      action: 'assignment.create',
      ...by,
      target: { type: 'class', id: classId, label: c.name },
      after: { assignmentId: row!.id, title, dueDate: body.dueDate, students: chosen.length || 'class' },
    });
    return row!.id;
  });
  const list = await classAssignmentList(deps, user, classId);
  const view = list.assignments.find((a) => a.id === id);
  if (!view) throw notFound('This assignment does not exist.');
  return view;
}

/** Removes an assignment of the class (what students did stays their own study); audited. */
export async function deleteAssignment(deps: ServiceDeps, by: AuditBy, user: SessionUser, classId: string, assignmentId: string) {
  const c = await taughtClass(deps, user, classId);
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(classAssignments)
      .where(and(eq(classAssignments.id, assignmentId), eq(classAssignments.classId, classId)))
      .returning({ title: classAssignments.title });
    if (removed.length === 0) throw notFound('This assignment does not exist.');
    await recordAudit(tx, {
      action: 'assignment.delete',
      ...by,
      target: { type: 'class', id: classId, label: c.name },
      before: { assignmentId, title: removed[0]!.title },
    });
  });
}
