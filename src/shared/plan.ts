// The study plan to exam day (/calendar, decision 105): a pure function of what the server knows today — the student's
// study day (decision 090), the exam date, the FSRS queue's due counts per day, the blueprint and the weakest domains, the
// rest weekday, the clinical shifts — giving one row per day to the exam. Nothing is stored: the plan is computed again from
// what is left, so a missed day's work spreads over the days that remain instead of piling onto tomorrow.
import type { ContentLevel } from './constants';
import { domainsOf } from './questions';

/** The spec's four event types (their colours: meeting, deadline, call, review) and the class, shift and group. */
export const PLAN_EVENT_TYPES = ['meeting', 'deadline', 'call', 'review', 'class', 'clinical_shift', 'study_group'] as const;
export type PlanEventType = (typeof PLAN_EVENT_TYPES)[number];
export const PLAN_EVENT_LABELS: Record<PlanEventType, string> = {
  meeting: 'Meeting',
  deadline: 'Deadline',
  call: 'Call',
  review: 'Review',
  class: 'Class',
  clinical_shift: 'Clinical shift',
  study_group: 'Study group',
};

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** What one day holds. `study`: a full day; `light`: a clinical shift (half the new work, no practice exam); `rest`: the
 * weekly rest day; `taper`: the last week (reviews and practice exams, no new material); `eve`: the day before the exam
 * (reviews only); `exam`: exam day. */
export const PLAN_DAY_KINDS = ['study', 'light', 'rest', 'taper', 'eve', 'exam'] as const;
export type PlanDayKind = (typeof PLAN_DAY_KINDS)[number];

/** The most new cards and new questions a full day is given (a shift day half); more than the days hold is reported. */
export const MAX_NEW_CARDS_PER_DAY = 40;
export const MAX_QUESTIONS_PER_DAY = 40;
/** Estimated time per part, in seconds: a review, a new card, a question, a practice exam. */
export const SECONDS_PER = { review: 12, newCard: 30, question: 75, practiceExam: 3600 } as const;

export interface PlanInput {
  /** the student's study day (studyDay of src/shared/study-day.ts) */
  today: number;
  /** the exam's date as a day number (days since 1970-01-01, dayOfDate) */
  examDay: number;
  level: ContentLevel;
  /** 0 Sunday … 6 Saturday */
  restWeekday: number;
  /** FSRS due counts by study day; a day before today is overdue and lands on today */
  dueByDay: Readonly<Record<number, number>>;
  /** flashcards of the level the student has not started */
  newCardsLeft: number;
  /** practice questions of the level the student has not answered */
  questionsLeft: number;
  /** share answered right per blueprint domain (from /progress); null or absent: not answered yet */
  domainAccuracy: Readonly<Record<string, number | null>>;
  /** days with a clinical shift among the student's events */
  shiftDays: readonly number[];
  /** the day the plan was set; with `activeDays`, the days from it to yesterday are reported done, rest or missed */
  startDay?: number;
  /** days the student studied (any review, question, exam or studied minute) */
  activeDays?: readonly number[];
}

export interface PlanDay {
  day: number;
  /** YYYY-MM-DD */
  date: string;
  kind: PlanDayKind;
  /** a clinical shift that day (a rest day or the last week with a shift keeps its kind) */
  shift: boolean;
  reviews: number;
  newCards: number;
  /** new questions by blueprint domain (only the domains with some that day) */
  questions: Record<string, number>;
  questionCount: number;
  practiceExam: boolean;
  /** estimated minutes (SECONDS_PER) */
  minutes: number;
}

export interface PastDay {
  day: number;
  date: string;
  status: 'done' | 'rest' | 'missed';
}

export interface Plan {
  days: PlanDay[];
  past: PastDay[];
  /** the last day new material is planned on: every domain is covered by then (a week before the exam when there is one) */
  coveredBy: string | null;
  /** each domain's planned new questions, in blueprint order */
  domainTotals: { domain: string; questions: number }[];
  /** what the days cannot hold at the daily maximums */
  unplanned: { newCards: number; questions: number };
  /** the exam date has passed */
  examPassed: boolean;
}

const DAY_MS = 86_400_000;
/** YYYY-MM-DD of a day number */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The day number of a YYYY-MM-DD date */
export function dayOfDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}
/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday) */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/**
 * Splits `total` over `weights` by largest remainder (ties to the earlier entry), in exact integer arithmetic when the weights
 * are integers.
 */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]!++;
    left--;
  }
  return out;
}

/**
 * Spreads `total` over days of `units` capacity (2 a full day, 1 a light day, 0 none) so that the running sum after each day
 * is total × units so far ÷ all units, rounded half up: the whole total is reached on the last day with capacity.
 */
function spread(total: number, units: readonly number[]): number[] {
  const all = units.reduce((a, b) => a + b, 0);
  if (total <= 0 || all <= 0) return units.map(() => 0);
  let cum = 0;
  let before = 0;
  return units.map((u) => {
    cum += u;
    const upTo = Math.floor((total * cum * 2 + all) / (2 * all));
    const n = upTo - before;
    before = upTo;
    return n;
  });
}

export function generatePlan(input: PlanInput): Plan {
  const { today, examDay, restWeekday } = input;
  const domains = domainsOf(input.level);
  const past: PastDay[] = [];
  if (input.startDay !== undefined) {
    const active = new Set(input.activeDays ?? []);
    for (let d = Math.max(input.startDay, today - 366); d < Math.min(today, examDay + 1); d++)
      past.push({ day: d, date: dateOfDay(d), status: active.has(d) ? 'done' : weekdayOf(d) === restWeekday ? 'rest' : 'missed' });
  }
  const empty = { newCards: 0, questions: 0 };
  if (examDay < today)
    return {
      days: [],
      past,
      coveredBy: null,
      domainTotals: domains.map((d) => ({ domain: d.name, questions: 0 })),
      unplanned: empty,
      examPassed: true,
    };

  const shifts = new Set(input.shiftDays);
  const n = examDay - today + 1;
  const dayAt = (i: number) => today + i;
  // the last day of new material: a week before the exam; with the exam closer, two days before it (or today)
  const coverEnd = examDay - 8 >= today ? examDay - 8 : Math.max(today, examDay - 2);

  const kinds: PlanDayKind[] = Array.from({ length: n }, (_, i) => {
    const d = dayAt(i);
    if (d === examDay) return 'exam';
    if (d === examDay - 1 && d > coverEnd) return 'eve';
    if (weekdayOf(d) === restWeekday) return 'rest';
    if (d > coverEnd) return 'taper';
    return shifts.has(d) ? 'light' : 'study';
  });

  // practice exams: one a week counted back from the exam, on the week's last free day (not a rest day, a shift, the eve or
  // exam day); a first week shorter than four days has none. The last week has two: six and two days before the exam, or
  // the nearest free day before each (after it when none is before).
  const exams = new Set<number>();
  const free = (d: number) => {
    if (d < today || d >= examDay - 1 || exams.has(d)) return false;
    const k = kinds[d - today]!;
    return k !== 'rest' && !shifts.has(d);
  };
  const placeNear = (target: number, lo: number, hi: number) => {
    for (let d = Math.min(target, hi); d >= lo; d--) if (free(d)) return exams.add(d);
    for (let d = target + 1; d <= hi; d++) if (free(d)) return exams.add(d);
  };
  const lastLo = Math.max(today, examDay - 7);
  placeNear(examDay - 6, lastLo, examDay - 2);
  placeNear(examDay - 2, lastLo, examDay - 2);
  for (let k = 1; ; k++) {
    const hi = examDay - 7 * k - 1;
    const lo = Math.max(today, examDay - 7 * (k + 1));
    if (hi < today) break;
    if (hi - lo + 1 < 4) continue;
    placeNear(hi, lo, hi);
  }

  // capacity for new material, in half days: a full day 2, a shift or a practice exam's day 1, none after coverEnd
  const units = Array.from({ length: n }, (_, i): number => {
    const d = dayAt(i);
    const k = kinds[i]!;
    if (d > coverEnd || k === 'rest' || k === 'exam' || k === 'eve') return 0;
    return k === 'light' || exams.has(d) ? 1 : 2;
  });
  // nothing to hold new material (today alone, and it is the rest day): today takes it
  if (!units.some((u) => u > 0) && kinds[0] !== 'exam') units[0] = 2;
  const halfDays = units.reduce((a, b) => a + b, 0);
  const cardsPlanned = Math.min(Math.max(0, input.newCardsLeft), Math.floor((MAX_NEW_CARDS_PER_DAY * halfDays) / 2));
  const questionsPlanned = Math.min(Math.max(0, input.questionsLeft), Math.floor((MAX_QUESTIONS_PER_DAY * halfDays) / 2));

  // questions by domain: one each first (every domain is covered), the rest by blueprint share (the middle of its range, in
  // half percents) times (2 − accuracy), so a domain never answered (counted as half right) weighs 1.5 and a weak one up to 2
  const base = questionsPlanned >= domains.length ? 1 : 0;
  const weights = domains.map((d) => {
    const acc = input.domainAccuracy[d.name];
    const weakness = acc === null || acc === undefined ? 0.5 : 1 - Math.min(1, Math.max(0, acc));
    return (d.min + d.max) * (1 + weakness);
  });
  const extra = apportion(questionsPlanned - base * domains.length, weights);
  const domainTotals = domains.map((d, i) => ({ domain: d.name, questions: base + extra[i]! }));
  const byDomain = domainTotals.map((t) => spread(t.questions, units));
  const cards = spread(cardsPlanned, units);

  // reviews: what is due that day; overdue lands on today; a rest day's move to the next day; none on exam day
  const reviews = Array.from({ length: n }, (_, i) => input.dueByDay[dayAt(i)] ?? 0);
  for (const [day, count] of Object.entries(input.dueByDay)) if (Number(day) < today) reviews[0]! += count;
  for (let i = 0; i < n; i++) {
    if (kinds[i] === 'rest' && i + 1 < n && kinds[i + 1] !== 'exam') {
      reviews[i + 1]! += reviews[i]!;
      reviews[i] = 0;
    }
  }
  reviews[n - 1] = 0;

  const days = Array.from({ length: n }, (_, i): PlanDay => {
    const d = dayAt(i);
    const questions: Record<string, number> = {};
    let questionCount = 0;
    domains.forEach((dom, j) => {
      const c = byDomain[j]![i]!;
      if (c > 0) questions[dom.name] = c;
      questionCount += c;
    });
    const practiceExam = exams.has(d);
    const seconds =
      reviews[i]! * SECONDS_PER.review +
      cards[i]! * SECONDS_PER.newCard +
      questionCount * SECONDS_PER.question +
      (practiceExam ? SECONDS_PER.practiceExam : 0);
    return {
      day: d,
      date: dateOfDay(d),
      kind: kinds[i]!,
      shift: shifts.has(d),
      reviews: reviews[i]!,
      newCards: cards[i]!,
      questions,
      questionCount,
      practiceExam,
      minutes: Math.round(seconds / 60),
    };
  });
  const lastNew = units.reduce((last, u, i) => (u > 0 ? i : last), -1);
  return {
    days,
    past,
    coveredBy: lastNew >= 0 ? dateOfDay(dayAt(lastNew)) : null,
    domainTotals,
    unplanned: {
      newCards: Math.max(0, input.newCardsLeft) - cardsPlanned,
      questions: Math.max(0, input.questionsLeft) - questionsPlanned,
    },
    examPassed: false,
  };
}
