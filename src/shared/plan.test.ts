import { describe, expect, it } from 'vitest';
import { dateOfDay, dayOfDate, generatePlan, weekdayOf, type PlanDay, type PlanInput } from './plan';

// The study plan (decision 105) on fixtures whose days were worked out by hand (the sums are written beside each figure).
// EMT blueprint, middle of each range ×2: Scene Size-Up 34, Primary 82, Secondary 14, Treatment 44, Operations 24.

const D = dayOfDate('2026-12-07'); // a Monday
const SSU = 'Scene Size-Up and Safety';
const PA = 'Primary Assessment';
const SA = 'Secondary Assessment';
const PTT = 'Patient Treatment and Transport';
const OPS = 'Operations';

/** The fields a hand-written day states; the rest of the row must be empty. */
type Hand = Partial<Pick<PlanDay, 'reviews' | 'newCards' | 'questions' | 'practiceExam' | 'shift'>> &
  Pick<PlanDay, 'date' | 'kind' | 'minutes'>;
const row = (h: Hand) => ({
  reviews: 0,
  newCards: 0,
  questions: {},
  practiceExam: false,
  shift: false,
  ...h,
  questionCount: Object.values(h.questions ?? {}).reduce((a, b) => a + b, 0),
});
const strip = (days: PlanDay[]) => days.map(({ day: _day, ...rest }) => rest);

describe('day numbers', () => {
  it('are days since 1970-01-01 with their weekday and date', () => {
    expect(D).toBe(20794);
    expect(weekdayOf(D)).toBe(1);
    expect(weekdayOf(dayOfDate('2026-12-13'))).toBe(0);
    expect(dateOfDay(D + 14)).toBe('2026-12-21');
  });
});

describe('two weeks to the exam, rest on Sunday, a shift on Wednesday', () => {
  const input: PlanInput = {
    today: D,
    examDay: D + 14, // Monday 21 December
    level: 'EMT',
    restWeekday: 0,
    // two overdue days, today's, tomorrow's, a rest day's (moves to Monday), the eve's, exam day's and after the exam
    dueByDay: { [D - 2]: 5, [D - 1]: 3, [D]: 10, [D + 1]: 4, [D + 6]: 7, [D + 13]: 2, [D + 14]: 9, [D + 20]: 50 },
    newCardsLeft: 30,
    questionsLeft: 50,
    domainAccuracy: { [SSU]: 0.75, [PA]: 0.5, [PTT]: 0.25, [OPS]: 1 },
    shiftDays: [D + 2],
  };
  const plan = generatePlan(input);

  it('weights each domain by blueprint and weakness, one question each first', () => {
    // weights 34×1.25 = 42.5, 82×1.5 = 123, 14×1.5 (unanswered) = 21, 44×1.75 = 77, 24×1 = 24; sum 287.5
    // 45 after one each: 6.65, 19.25, 3.29, 12.05, 3.76 → floors 6 19 3 12 3 (43), +1 to Operations (.76) and Scene (.65)
    expect(plan.domainTotals).toEqual([
      { domain: SSU, questions: 8 },
      { domain: PA, questions: 20 },
      { domain: SA, questions: 4 },
      { domain: PTT, questions: 13 },
      { domain: OPS, questions: 5 },
    ]);
    expect(plan.coveredBy).toBe('2026-12-12');
    expect(plan.unplanned).toEqual({ newCards: 0, questions: 0 });
    expect(plan.examPassed).toBe(false);
  });

  it('gives each day its reviews, new work, practice exams and minutes', () => {
    // capacity in half days: Mon 2, Tue 2, Wed (shift) 1, Thu 2, Fri 2, Sat (practice exam) 1 = 10; new material ends Sunday
    // the 13th (a week before the exam), which is the rest day. Cards 30 → 3 a half day. Questions: each domain's running
    // total rounds total × capacity so far ÷ 10, e.g. Treatment 13: 2.6 5.2 6.5 9.1 11.7 13 → 3 5 7 9 12 13.
    // minutes: reviews 12 s, cards 30 s, questions 75 s, a practice exam 60 min.
    expect(strip(plan.days)).toEqual([
      // 18×12 + 6×30 + 11×75 = 1221 s
      row({
        date: '2026-12-07',
        kind: 'study',
        reviews: 18,
        newCards: 6,
        questions: { [SSU]: 2, [PA]: 4, [SA]: 1, [PTT]: 3, [OPS]: 1 },
        minutes: 20,
      }),
      // 4×12 + 180 + 9×75 = 903 s
      row({
        date: '2026-12-08',
        kind: 'study',
        reviews: 4,
        newCards: 6,
        questions: { [SSU]: 1, [PA]: 4, [SA]: 1, [PTT]: 2, [OPS]: 1 },
        minutes: 15,
      }),
      // the shift: half. 90 + 6×75 = 540 s
      row({
        date: '2026-12-09',
        kind: 'light',
        shift: true,
        newCards: 3,
        questions: { [SSU]: 1, [PA]: 2, [PTT]: 2, [OPS]: 1 },
        minutes: 9,
      }),
      // 180 + 750 = 930 s
      row({ date: '2026-12-10', kind: 'study', newCards: 6, questions: { [SSU]: 2, [PA]: 4, [SA]: 1, [PTT]: 2, [OPS]: 1 }, minutes: 16 }),
      row({ date: '2026-12-11', kind: 'study', newCards: 6, questions: { [SSU]: 1, [PA]: 4, [SA]: 1, [PTT]: 3, [OPS]: 1 }, minutes: 16 }),
      // the first week's practice exam on its last free day (Sunday rests): 90 + 300 + 3600 = 3990 s
      row({ date: '2026-12-12', kind: 'study', newCards: 3, questions: { [SSU]: 1, [PA]: 2, [PTT]: 1 }, practiceExam: true, minutes: 67 }),
      row({ date: '2026-12-13', kind: 'rest', minutes: 0 }),
      // the rest day's 7 reviews: 84 s
      row({ date: '2026-12-14', kind: 'taper', reviews: 7, minutes: 1 }),
      // two practice exams in the last week: six and two days before
      row({ date: '2026-12-15', kind: 'taper', practiceExam: true, minutes: 60 }),
      row({ date: '2026-12-16', kind: 'taper', minutes: 0 }),
      row({ date: '2026-12-17', kind: 'taper', minutes: 0 }),
      row({ date: '2026-12-18', kind: 'taper', minutes: 0 }),
      row({ date: '2026-12-19', kind: 'taper', practiceExam: true, minutes: 60 }),
      // the eve (a Sunday, but the eve): reviews only
      row({ date: '2026-12-20', kind: 'eve', reviews: 2, minutes: 0 }),
      row({ date: '2026-12-21', kind: 'exam', minutes: 0 }),
    ]);
  });

  it('spreads a missed day over the days left instead of piling it onto tomorrow', () => {
    // Monday was missed: on Tuesday the same 30 cards and 50 questions are left, over capacity 2 1 2 2 1 (= 8)
    const next = generatePlan({ ...input, today: D + 1, startDay: D, activeDays: [] });
    expect(next.past).toEqual([{ day: D, date: '2026-12-07', status: 'missed' }]);
    const study = next.days.slice(0, 5);
    // cards: 30 × 2 3 5 7 8 ÷ 8 = 7.5 11.25 18.75 26.25 30 → 8 11 19 26 30
    expect(study.map((d) => d.newCards)).toEqual([8, 3, 8, 7, 4]);
    // questions: Scene 2 1 2 2 1, Primary 5 3 5 5 2, Secondary 1 1 1 1 0, Treatment 3 2 3 3 2, Operations 1 1 1 1 1
    expect(study.map((d) => d.questionCount)).toEqual([12, 8, 12, 12, 6]);
    expect(study[0]!.questions).toEqual({ [SSU]: 2, [PA]: 5, [SA]: 1, [PTT]: 3, [OPS]: 1 });
    // Monday's reviews are overdue: today's 4 plus 18
    expect(study[0]!.reviews).toBe(22);
    // tomorrow takes a share of Monday's work, not all of it (6 + 6 cards, 11 + 9 questions)
    expect(study[0]!.newCards).toBeLessThan(12);
    expect(study[0]!.questionCount).toBeLessThan(20);
    // the same totals still end the week before the exam
    expect(next.coveredBy).toBe('2026-12-12');
    expect(next.days.slice(5).every((d) => d.newCards === 0 && d.questionCount === 0)).toBe(true);
  });

  it('reports the days before today as done, rest or missed', () => {
    const later = generatePlan({ ...input, today: D + 8, startDay: D + 4, activeDays: [D + 4, D + 7] });
    expect(later.past.map((p) => [p.date, p.status])).toEqual([
      ['2026-12-11', 'done'],
      ['2026-12-12', 'missed'],
      ['2026-12-13', 'rest'],
      ['2026-12-14', 'done'],
    ]);
  });
});

describe('five days to the exam, rest on Saturday, a shift on Friday', () => {
  const T = D + 3; // Thursday 10 December
  const plan = generatePlan({
    today: T,
    examDay: T + 5, // Tuesday 15 December
    level: 'EMT',
    restWeekday: 6,
    dueByDay: { [T + 2]: 6, [T + 4]: 3, [T + 5]: 5 },
    newCardsLeft: 200,
    questionsLeft: 10,
    domainAccuracy: {},
    shiftDays: [T + 1],
  });

  it('ends new material two days before the exam, with two practice exams, and says what does not fit', () => {
    // capacity: Thu (practice exam) 1, Fri (shift) 1, Sat rest, Sun (practice exam) 1 = 3 half days: at most 40 × 3 ÷ 2 = 60 cards
    expect(plan.unplanned).toEqual({ newCards: 140, questions: 0 });
    // all unanswered (×1.5): 51 123 21 66 36 of 297; 5 after one each → 0.86 2.07 0.35 1.11 0.61 → 0 2 0 1 0, +1 Scene, +1 Operations
    expect(plan.domainTotals.map((d) => d.questions)).toEqual([2, 3, 1, 2, 2]);
    expect(strip(plan.days)).toEqual([
      // no free day six days before: the first free day of the window. 20×30 + 4×75 + 3600 = 4500 s
      row({
        date: '2026-12-10',
        kind: 'study',
        newCards: 20,
        questions: { [SSU]: 1, [PA]: 1, [PTT]: 1, [OPS]: 1 },
        practiceExam: true,
        minutes: 75,
      }),
      // 600 + 2×75 = 750 s
      row({ date: '2026-12-11', kind: 'light', shift: true, newCards: 20, questions: { [PA]: 1, [SA]: 1 }, minutes: 13 }),
      row({ date: '2026-12-12', kind: 'rest', minutes: 0 }),
      // Saturday's 6 reviews: 72 + 600 + 300 + 3600 = 4572 s
      row({
        date: '2026-12-13',
        kind: 'study',
        reviews: 6,
        newCards: 20,
        questions: { [SSU]: 1, [PA]: 1, [PTT]: 1, [OPS]: 1 },
        practiceExam: true,
        minutes: 76,
      }),
      row({ date: '2026-12-14', kind: 'eve', reviews: 3, minutes: 1 }),
      row({ date: '2026-12-15', kind: 'exam', minutes: 0 }),
    ]);
    expect(plan.coveredBy).toBe('2026-12-13');
  });
});

describe('twelve weeks', () => {
  const plan = generatePlan({
    today: D,
    examDay: D + 84,
    level: 'Paramedic',
    restWeekday: 3,
    dueByDay: Object.fromEntries(Array.from({ length: 90 }, (_, i) => [D + i, 20 + (i % 7)])),
    newCardsLeft: 1500,
    questionsLeft: 900,
    domainAccuracy: { 'Clinical Judgment': 0.4 },
    shiftDays: [D + 3, D + 10, D + 17],
  });

  it('covers every domain a week before the exam, a practice exam a week, one rest day a week', () => {
    const coverEnd = D + 84 - 8;
    expect(plan.coveredBy).toBe(dateOfDay(coverEnd));
    expect(plan.domainTotals.every((t) => t.questions > 0)).toBe(true);
    for (const t of plan.domainTotals) {
      const placed = plan.days.filter((d) => d.day <= coverEnd).reduce((n, d) => n + (d.questions[t.domain] ?? 0), 0);
      expect(placed, t.domain).toBe(t.questions);
    }
    expect(plan.days.filter((d) => d.day > coverEnd).every((d) => d.questionCount === 0 && d.newCards === 0)).toBe(true);
    // weeks counted back from the exam: 11 earlier weeks with one each, the last week with two
    for (let k = 1; k <= 11; k++) {
      const week = plan.days.filter((d) => d.day >= D + 84 - 7 * (k + 1) && d.day <= D + 84 - 7 * k - 1);
      expect(
        week.filter((d) => d.practiceExam),
        `week ${k}`,
      ).toHaveLength(1);
      expect(
        week.filter((d) => d.kind === 'rest'),
        `week ${k}`,
      ).toHaveLength(1);
    }
    expect(plan.days.filter((d) => d.day >= D + 77 && d.practiceExam)).toHaveLength(2);
    // shifts are light: never a practice exam, half a full day's new cards at most
    for (const d of plan.days.filter((x) => x.shift)) {
      expect(d.kind).toBe('light');
      expect(d.practiceExam).toBe(false);
    }
    expect(plan.unplanned).toEqual({ newCards: 0, questions: 0 });
  });
});

describe('after the exam date', () => {
  it('has no days left and says the exam has passed', () => {
    const plan = generatePlan({
      today: D + 3,
      examDay: D + 1,
      level: 'EMT',
      restWeekday: 0,
      dueByDay: {},
      newCardsLeft: 10,
      questionsLeft: 10,
      domainAccuracy: {},
      shiftDays: [],
    });
    expect(plan.examPassed).toBe(true);
    expect(plan.days).toEqual([]);
  });
});
