import { ASSIGNMENT_STATUS_LABELS, isOverdue, progressText } from '@shared/assignments';
import type { ClassAssignmentView } from '@shared/contracts/assignments';
import { toCsv } from '@shared/csv';
import { localDay } from '../../lib/clock';
import { VERDICT_LABELS } from '@shared/readiness';

export { progressText };

/** One assignment as CSV: a student a row, with the status and result the list shows. */
export function assignmentCsv(a: ClassAssignmentView, today = localDay()): string {
  return toCsv(
    ['Assignment', 'Due', 'Student', 'Status', 'Result', 'Finished'],
    a.students.map((s) => [
      a.title,
      a.dueDate,
      s.name,
      ASSIGNMENT_STATUS_LABELS[isOverdue(s.progress.status, a.dueDate, today) ? 'overdue' : s.progress.status],
      s.progress.exam
        ? `${VERDICT_LABELS[s.progress.exam.verdict]}: ${s.progress.exam.readiness.score}, likely between ${s.progress.exam.readiness.low} and ${s.progress.exam.readiness.high}`
        : progressText(a.kind, s.progress),
      s.progress.completedAt?.slice(0, 10) ?? '',
    ]),
  );
}
