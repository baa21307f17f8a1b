// Programs: the rules of an instructor's class that the client and the server share (docs/decisions/106-programs-classes-and-seats.md).
import { normaliseCode } from './coupons';

/** A class code: `CLASS-` and six letters or digits that cannot be misread (no 0/O, 1/I/L). */
export const CLASS_CODE_PREFIX = 'CLASS-';
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CLASS_CODE_LENGTH = 6;
const CLASS_CODE = /^CLASS-[A-Z0-9]{6}$/;

/** Whether a code typed in the code box is a class code (a validation code can never take this shape). */
export function isClassCode(raw: string): boolean {
  return CLASS_CODE.test(normaliseCode(raw));
}

/** A class code from six random numbers in [0, 1): the server gives them from its random source. */
export function classCodeFrom(randoms: readonly number[]): string {
  let code = CLASS_CODE_PREFIX;
  for (let i = 0; i < CLASS_CODE_LENGTH; i++) code += CLASS_CODE_ALPHABET[Math.floor((randoms[i] ?? 0) * CLASS_CODE_ALPHABET.length)];
  return code;
}

export const MAX_CLASS_SEATS = 500;
export const MAX_CLASS_ACCESS_DAYS = 365;

/**
 * What an instructor sees of a student in their class, in the words the join screen shows before the student joins. The
 * instructor dashboard shows exactly these and nothing more; the e-mail address and NREMT outcomes only with the choices
 * below.
 */
export const INSTRUCTOR_SEES = [
  'Your name',
  'When you last studied, your streak and your minutes this week',
  'How many questions you have answered and your review backlog',
  'Your practice exams: how many, the latest readiness verdict and band',
  'Your standing in each exam domain (Above, Near or Below the passing standard)',
] as const;

export const INSTRUCTOR_NEVER_SEES = 'Never your payment details, your answers to exam questions or anything outside this class.';

export const EMAIL_VISIBLE_LABEL = 'Show my e-mail address to the instructor';
export const OUTCOMES_CONSENT_LABEL = 'Share my NREMT results with the program';

export const CLASS_MESSAGES = {
  invalid: 'No class has this code. Check it with your instructor.',
  full: 'This class is full. Ask your instructor for a seat.',
  ended: 'This class has ended.',
  alreadyMember: 'You are already in this class.',
  joined: 'You joined the class.',
  left: 'You left the class. Your instructor no longer sees your study.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Students at risk (the instructor dashboard)

export const AT_RISK = {
  /** days without any study before a student is flagged */
  inactiveDays: 7,
  /** "Not yet ready" this close to the exam date (days) */
  examSoonDays: 21,
} as const;

export const AT_RISK_REASONS = ['inactive', 'falling', 'not_ready_near_exam'] as const;
export type AtRiskReason = (typeof AT_RISK_REASONS)[number];

export interface AtRiskInput {
  now: Date;
  /** the last answer, review or exam item of the student; null when they never studied */
  lastActivityAt: Date | null;
  /** when they joined the class: a student who joined today is not "inactive for 7 days" */
  joinedAt: Date;
  /** the student's ended practice exams of the class's level, oldest first: verdict and readiness score as the student sees them */
  exams: readonly { verdict: 'likely_pass' | 'too_close' | 'not_yet_ready'; score: number }[];
  /** the planned exam date (the class's exam window start), YYYY-MM-DD; null when none was set */
  examDate: string | null;
}

export interface AtRisk {
  reason: AtRiskReason;
  /** the sentence the dashboard shows */
  text: string;
}

const DAY_MS = 86_400_000;
const VERDICT_ORDER = { not_yet_ready: 0, too_close: 1, likely_pass: 2 } as const;

/**
 * Why a student needs their instructor's attention, each reason with its sentence (none: not at risk):
 * - **inactive**: no study for 7 days or more (counted from the join when they never studied since);
 * - **falling**: the latest practice exam's verdict is worse than the one before, or the last three readiness scores each
 *   fell (scores are the student's own, shown to the nearest ten);
 * - **not_ready_near_exam**: the latest verdict is "Not yet ready" and the exam date is within 3 weeks (or passed less
 *   than a day ago).
 */
export function atRiskReasons(s: AtRiskInput): AtRisk[] {
  const reasons: AtRisk[] = [];
  const since = s.lastActivityAt ?? s.joinedAt;
  const idleDays = Math.floor((s.now.getTime() - since.getTime()) / DAY_MS);
  if (idleDays >= AT_RISK.inactiveDays)
    reasons.push({
      reason: 'inactive',
      text: s.lastActivityAt ? `No activity for ${idleDays} days` : `No activity since joining ${idleDays} days ago`,
    });
  const [third, prev, last] = [s.exams.at(-3), s.exams.at(-2), s.exams.at(-1)];
  if (last && prev && VERDICT_ORDER[last.verdict] < VERDICT_ORDER[prev.verdict])
    reasons.push({ reason: 'falling', text: 'Readiness falling: the latest practice exam read worse than the one before' });
  else if (last && prev && third && last.score < prev.score && prev.score < third.score)
    reasons.push({ reason: 'falling', text: 'Readiness falling over the last three practice exams' });
  if (last?.verdict === 'not_yet_ready' && s.examDate) {
    const examAt = Date.parse(`${s.examDate}T00:00:00Z`);
    const daysLeft = Math.ceil((examAt - s.now.getTime()) / DAY_MS);
    if (daysLeft <= AT_RISK.examSoonDays && daysLeft >= 0)
      reasons.push({
        reason: 'not_ready_near_exam',
        text:
          daysLeft === 0
            ? '"Not yet ready" on the exam day'
            : `"Not yet ready" with the exam in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`,
      });
  }
  return reasons;
}

// ---------------------------------------------------------------------------------------------------
// NREMT outcomes of a class (decision 112), the way programs report them to their accreditor

export interface OutcomeSitting {
  attempt: number;
  passed: boolean;
}

export interface PassRate {
  passed: number;
  of: number;
  /** whole percent; null when no student has a result to count */
  percent: number | null;
}

const rate = (passed: number, of: number): PassRate => ({ passed, of, percent: of > 0 ? Math.round((100 * passed) / of) : null });

/**
 * The class's pass rates from each student's recorded sittings:
 * - **first attempt**: of the students whose first attempt is recorded, those who passed it;
 * - **by the third attempt** (cumulative): of the students with any attempt recorded, those who passed at one of attempts
 *   1 to 3. A student whose only record is a later attempt counts in the second figure, not the first.
 */
export function passRates(students: readonly (readonly OutcomeSitting[])[]): { firstAttempt: PassRate; byThirdAttempt: PassRate } {
  const withFirst = students.filter((s) => s.some((x) => x.attempt === 1));
  const firstPassed = withFirst.filter((s) => s.some((x) => x.attempt === 1 && x.passed)).length;
  const attempted = students.filter((s) => s.length > 0);
  const byThird = attempted.filter((s) => s.some((x) => x.attempt <= 3 && x.passed)).length;
  return { firstAttempt: rate(firstPassed, withFirst.length), byThirdAttempt: rate(byThird, attempted.length) };
}

// ---------------------------------------------------------------------------------------------------
// The class's most-missed topics and items: first attempts in practice (docs/product.md §10.9)

/** An item needs this many first attempts in the class before it can be among the most missed. */
export const MOST_MISSED_MIN_ATTEMPTS = 3;
export const MOST_MISSED_ITEMS = 10;

export interface FirstAttempts {
  key: string;
  topic: string;
  domain: string;
  stem: string;
  answered: number;
  missed: number;
}

/**
 * From each practice item's first attempts by the class's students: every topic with its first attempts and misses (the
 * most missed share first, then the most answered), and the items missed most often among those with at least 3 first
 * attempts (ties: the more attempts first, then the key, so the list is stable).
 */
export function mostMissed(items: readonly FirstAttempts[]) {
  const byTopic = new Map<string, { topic: string; answered: number; missed: number }>();
  for (const i of items) {
    const t = byTopic.get(i.topic) ?? { topic: i.topic, answered: 0, missed: 0 };
    byTopic.set(i.topic, t);
    t.answered += i.answered;
    t.missed += i.missed;
  }
  const share = (x: { answered: number; missed: number }) => (x.answered ? x.missed / x.answered : 0);
  const topics = [...byTopic.values()].sort((a, b) => share(b) - share(a) || b.answered - a.answered || a.topic.localeCompare(b.topic));
  const worst = items
    .filter((i) => i.answered >= MOST_MISSED_MIN_ATTEMPTS && i.missed > 0)
    .sort((a, b) => share(b) - share(a) || b.answered - a.answered || a.key.localeCompare(b.key))
    .slice(0, MOST_MISSED_ITEMS);
  return { topics, items: worst };
}
