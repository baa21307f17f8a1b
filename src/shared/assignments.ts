// Class assignments (docs/decisions/111-class-assignments.md): what an instructor can set a class, and how what a student
// has done of it reads. The server and the client share these rules.
import type { FlashcardCategory } from './constants';
import type { QuestionCount, QuestionMode } from './questions';

export const ASSIGNMENT_KINDS = ['questions', 'flashcards', 'scenario', 'exam'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const ASSIGNMENT_KIND_LABELS: Record<AssignmentKind, string> = {
  questions: 'Question set',
  flashcards: 'Flash cards',
  scenario: 'Clinical scenario',
  exam: 'Practice exam',
};

/** The choices of each kind, stored with the assignment: a question set is drawn anew for each student from these. */
export type AssignmentSpec =
  | { kind: 'questions'; domains: string[]; topics: FlashcardCategory[]; count: QuestionCount; mode: QuestionMode }
  | { kind: 'flashcards'; category: FlashcardCategory }
  | { kind: 'scenario'; key: string }
  | { kind: 'exam'; timed: boolean };

/** The line the student's home, plan and the instructor's list show for an assignment. */
export function assignmentTitle(spec: AssignmentSpec, scenarioTitle?: string): string {
  switch (spec.kind) {
    case 'questions': {
      const scope = [...spec.domains, ...spec.topics];
      return `${spec.count} questions${scope.length ? `: ${scope.join(', ')}` : ''}`;
    }
    case 'flashcards':
      return `Flash cards: ${spec.category}`;
    case 'scenario':
      return `Scenario: ${scenarioTitle ?? spec.key}`;
    case 'exam':
      return spec.timed ? 'Practice exam' : 'Practice exam (untimed)';
  }
}

export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'done'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const ASSIGNMENT_STATUS_LABELS: Record<AssignmentStatus | 'overdue', string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  overdue: 'Overdue',
};

/** Not done by the end of its due day (the student's study day, YYYY-MM-DD). */
export function isOverdue(status: AssignmentStatus, dueDate: string, today: string): boolean {
  return status !== 'done' && dueDate < today;
}

/**
 * What a student has done of an assignment, in words ("7 of 10 answered", "80 % right of 10", "34 of 40 cards, 71 % right",
 * "Best score 80 %"); empty when there is nothing to count yet. A practice exam's verdict is shown by its own badge.
 */
export function progressText(
  kind: AssignmentKind,
  p: { status: AssignmentStatus; done: number | null; total: number | null; scorePercent: number | null },
): string {
  if (p.status === 'not_started') return '';
  switch (kind) {
    case 'questions':
      return p.status === 'done' && p.scorePercent !== null
        ? `${p.scorePercent} % right of ${p.total}`
        : `${p.done ?? 0} of ${p.total ?? 0} answered`;
    case 'flashcards':
      return `${p.done ?? 0} of ${p.total ?? 0} cards${p.scorePercent !== null ? `, ${p.scorePercent} % marked right` : ''}`;
    case 'scenario':
      return p.scorePercent === null ? 'Completed' : `Best score ${p.scorePercent} %`;
    case 'exam':
      return p.status === 'in_progress' ? 'Exam in progress' : '';
  }
}
