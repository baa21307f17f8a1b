import type { PlanEventType } from '@shared/plan';

// The colours of the study plan (decision 105), shared by /calendar and home's "Today's plan": each part of a day by its kind,
// and each event by its type (the specification's meeting, deadline, call and review colours; class, clinical shift and
// study group take the nearest of them, told apart by a second shade).

export type PlanPart = 'reviews' | 'newCards' | 'questions' | 'practiceExam';

export const PART_TONES: Record<PlanPart, { dot: string; chip: string; label: string }> = {
  reviews: { dot: 'bg-amber-600', chip: 'bg-amber-100 text-amber-600', label: 'Reviews' },
  newCards: { dot: 'bg-navy-600', chip: 'bg-navy-50 text-navy-800', label: 'New cards' },
  questions: { dot: 'bg-go-600', chip: 'bg-go-100 text-go-700', label: 'Questions' },
  practiceExam: { dot: 'bg-signal-500', chip: 'bg-signal-50 text-signal-700', label: 'Practice exam' },
};

export const EVENT_TONES: Record<PlanEventType, string> = {
  meeting: 'bg-navy-50 text-navy-800 border-navy-600',
  deadline: 'bg-signal-50 text-signal-700 border-signal-500',
  call: 'bg-go-100 text-go-700 border-go-600',
  review: 'bg-amber-100 text-amber-600 border-amber-600',
  class: 'bg-navy-100 text-navy-800 border-navy-900',
  clinical_shift: 'bg-signal-100 text-signal-700 border-signal-700',
  study_group: 'bg-go-100 text-go-700 border-go-700',
};

/** "Mon, Dec 7" of a YYYY-MM-DD date, in the student's language. */
export const shortDate = (iso: string, opts: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' }) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { ...opts, timeZone: 'UTC' });

/** "9:15 AM" of an HH:MM time. */
export const clockTime = (hhmm: string) =>
  new Date(`2000-01-01T${hhmm}:00Z`).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
