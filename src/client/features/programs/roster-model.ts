import type { ClassDetailResponse } from '@shared/contracts/programs';
import { toCsv } from '@shared/csv';
import { VERDICT_LABELS } from '@shared/readiness';

// The dashboard's rows as data: the columns, how each sorts, the filter and the CSV export. Pure, so the tables stay thin.

export type Student = ClassDetailResponse['students'][number];
export type SortKey = 'name' | 'lastActivity' | 'streak' | 'minutes' | 'questions' | 'backlog' | 'exams' | 'readiness' | 'risk';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}
export const PAGE_SIZE = 25;

const value: Record<SortKey, (s: Student) => number | string> = {
  name: (s) => s.name.toLowerCase(),
  lastActivity: (s) => (s.study.lastActivityAt ? Date.parse(s.study.lastActivityAt) : 0),
  streak: (s) => s.study.streak,
  minutes: (s) => s.study.minutesThisWeek,
  questions: (s) => s.study.questionsAnswered,
  backlog: (s) => s.study.reviewBacklog,
  exams: (s) => s.study.practiceExams,
  readiness: (s) => s.study.latest?.readiness.score ?? -1,
  risk: (s) => s.study.atRisk.length,
};

export function sortStudents(students: readonly Student[], sort: Sort): Student[] {
  const get = value[sort.key];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...students].sort((a, b) => {
    const x = get(a);
    const y = get(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return c !== 0 ? c * sign : a.name.localeCompare(b.name);
  });
}

export function filterStudents(students: readonly Student[], query: string, atRiskOnly: boolean): Student[] {
  const q = query.trim().toLowerCase();
  return students.filter(
    (s) =>
      (!atRiskOnly || s.study.atRisk.length > 0) && (!q || s.name.toLowerCase().includes(q) || (s.email ?? '').toLowerCase().includes(q)),
  );
}

export const readinessText = (s: Student) =>
  s.study.latest
    ? `${VERDICT_LABELS[s.study.latest.verdict]}: ${s.study.latest.readiness.score}, likely between ${s.study.latest.readiness.low} and ${s.study.latest.readiness.high}`
    : 'No practice exam yet';

/** The roster as CSV: what the table shows, one student a row. */
export function rosterCsv(students: readonly Student[]): string {
  return toCsv(
    [
      'Student',
      'E-mail',
      'Joined',
      'Last activity',
      'Streak (days)',
      'Minutes this week',
      'Questions answered',
      'Due for review',
      'Practice exams',
      'Latest readiness',
      'At risk',
    ],
    students.map((s) => [
      s.name,
      s.email ?? 'Hidden by the student',
      s.joinedAt.slice(0, 10),
      s.study.lastActivityAt?.slice(0, 10) ?? 'Never',
      s.study.streak,
      s.study.minutesThisWeek,
      s.study.questionsAnswered,
      s.study.reviewBacklog,
      s.study.practiceExams,
      readinessText(s),
      s.study.atRisk.map((r) => r.text).join('; '),
    ]),
  );
}

/** The heat map as CSV: a student a row, a domain a column, Above / Near / Below or blank. */
export function heatMapCsv(domains: readonly string[], students: readonly Student[]): string {
  return toCsv(
    ['Student', ...domains],
    students.map((s) => [s.name, ...s.study.domains.map((d) => d ?? '')]),
  );
}

/** Hands the browser a CSV file to save. */
export function downloadCsv(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  URL.revokeObjectURL(url);
}

/** "EMT Spring 2027" → "emt-spring-2027" for a file name. */
export const fileSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'class';
