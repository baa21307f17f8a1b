import { useState } from 'react';
import { ASSIGNMENT_KIND_LABELS, ASSIGNMENT_STATUS_LABELS, isOverdue } from '@shared/assignments';
import type { AssignmentProgress, ClassAssignmentView } from '@shared/contracts/assignments';
import type { ClassView } from '@shared/contracts/programs';
import { VerdictBadge } from '../../components/questions/readiness-verdict';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { localDay } from '../../lib/clock';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useClassAssignments } from './api/get-assignments';
import { useDeleteAssignment } from './api/delete-assignment';
import { AssignModal } from './assign-modal';
import { assignmentCsv, progressText } from './assignment-model';
import { shortDay } from './format';
import { downloadCsv, fileSlug, type Student } from './roster-model';

// The class's assignments (docs/decisions/111-class-assignments.md): each with how many of its students have done it, and
// per student what they did — read from their own study, as the student's plan shows it.

const today = localDay;

const STATUS_TONE = {
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  in_progress: 'bg-navy-50 text-navy-800 ring-navy-200',
  not_started: 'bg-white text-muted ring-line',
  overdue: 'bg-signal-50 text-signal-700 ring-signal-200',
} as const;

export function StatusChip({ progress, dueDate }: { progress: AssignmentProgress; dueDate: string }) {
  const key = isOverdue(progress.status, dueDate, today()) ? 'overdue' : progress.status;
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1', STATUS_TONE[key])}>
      {ASSIGNMENT_STATUS_LABELS[key]}
    </span>
  );
}

export function AssignmentsSection({ c, students }: { c: ClassView; students: Student[] }) {
  const q = useClassAssignments(c.id);
  const [open, setOpen] = useState(false);
  return (
    <section className="rounded-card bg-surface ring-1 ring-line/70" aria-labelledby="assignments-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line/70 px-5 py-4">
        <h3 id="assignments-title" className="font-semibold">
          Assignments{q.data && <span className="font-normal text-muted"> · {q.data.assignments.length}</span>}
        </h3>
        <Button size="sm" onClick={() => setOpen(true)} disabled={!q.data}>
          New assignment
        </Button>
      </div>
      {q.isError ? (
        <div className="p-5">
          <LoadError error={q.error} fallback="Failed to load the assignments" onRetry={q.refetch} retrying={q.isFetching} />
        </div>
      ) : !q.data ? (
        <div className="m-5 h-24 animate-pulse rounded-xl bg-navy-50/60" />
      ) : q.data.assignments.length === 0 ? (
        <p className="p-8 text-center text-muted">
          No assignments yet. Set a question set, flash cards, a scenario or a practice exam with a due date.
        </p>
      ) : (
        <ul className="divide-y divide-line/70">
          {q.data.assignments.map((a) => (
            <AssignmentRow key={a.id} c={c} a={a} />
          ))}
        </ul>
      )}
      {q.data && <AssignModal open={open} onOpenChange={setOpen} c={c} students={students} scenarios={q.data.scenarios} />}
    </section>
  );
}

function AssignmentRow({ c, a }: { c: ClassView; a: ClassAssignmentView }) {
  const [expanded, setExpanded] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteAssignment({ onSuccess: () => setConfirm(false) });
  const done = a.students.filter((s) => s.progress.status === 'done').length;
  const overdue = a.students.filter((s) => isOverdue(s.progress.status, a.dueDate, today())).length;
  const share = a.students.length ? done / a.students.length : 0;
  return (
    <li className="px-5 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-bold uppercase tracking-wider text-muted">{ASSIGNMENT_KIND_LABELS[a.kind]}</p>
          <p className="font-semibold text-navy-900">{a.title}</p>
          <p className="text-sm text-muted">
            Due {shortDay(a.dueDate)} · {a.toAll ? 'Whole class' : `${a.students.length} chosen`}
            {a.kind === 'questions' && a.spec.kind === 'questions' && ` · ${a.spec.mode === 'tutor' ? 'Tutor' : 'Timed'}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setExpanded((v) => !v)} aria-expanded={expanded}>
            {expanded ? 'Hide students' : 'Students'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => downloadCsv(`${fileSlug(c.name)}-${fileSlug(a.title)}.csv`, assignmentCsv(a))}>
            Export CSV
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirm(true)}>
            Remove
          </Button>
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-navy-50" aria-hidden="true">
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
        <p className="shrink-0 text-sm font-semibold" data-testid="assignment-done">
          {done} of {a.students.length} done
          {overdue > 0 && <span className="text-signal-700"> · {overdue} overdue</span>}
        </p>
      </div>
      {expanded && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[34rem] text-left text-[15px]">
            <thead className="text-xs uppercase tracking-wider text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Student
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Result
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Finished
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line/70">
              {a.students.map((s) => (
                <tr key={s.userId}>
                  <th scope="row" className="py-2.5 pr-3 font-semibold">
                    {s.name}
                  </th>
                  <td className="px-3 py-2.5">
                    <StatusChip progress={s.progress} dueDate={a.dueDate} />
                  </td>
                  <td className="px-3 py-2.5">
                    {s.progress.exam ? (
                      <span className="flex flex-wrap items-center gap-2">
                        <VerdictBadge verdict={s.progress.exam.verdict} className="px-2.5 py-0.5 text-sm" />
                        <span className="text-sm text-muted">
                          {s.progress.exam.readiness.score}, likely {s.progress.exam.readiness.low}–{s.progress.exam.readiness.high}
                        </span>
                      </span>
                    ) : (
                      <span className="text-muted">{progressText(a.kind, s.progress) || '—'}</span>
                    )}
                  </td>
                  <td className="px-3 py-2.5 text-muted">{s.progress.completedAt ? shortDay(s.progress.completedAt.slice(0, 10)) : '—'}</td>
                </tr>
              ))}
              {a.students.length === 0 && (
                <tr>
                  <td colSpan={4} className="py-3 text-muted">
                    No student of the class has this assignment now.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Remove this assignment?"
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => remove.mutate({ classId: c.id, assignmentId: a.id })}
      >
        <p>
          “{a.title}” leaves your students’ plans. What they have done stays in their own study.
          {remove.isError && <span className="mt-2 block text-signal-600">{userMessage(remove.error, 'Failed to remove it')}</span>}
        </p>
      </ConfirmDialog>
    </li>
  );
}
