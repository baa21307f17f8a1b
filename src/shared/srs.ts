import {
  createEmptyCard,
  fsrs,
  Rating,
  State,
  StrategyMode,
  type Card,
  type Grade,
  type Steps,
  type TLearningStepsStrategy,
} from 'ts-fsrs';
import { fromDayClock, studyDaysBetween, toDayClock } from './study-day';

// Spaced repetition (docs/product.md §10.5): the rules the server schedules with and the review screen shows, on ts-fsrs (FSRS-6, its default
// parameters; nothing hand-written). Decision 065.

/** What can be scheduled: a flashcard now, a question item once question practice feeds the queue. */
export const SRS_ITEM_KINDS = ['flashcard', 'question'] as const;
export type SrsItemKind = (typeof SRS_ITEM_KINDS)[number];
/**
 * Where a review was given: a flashcard marked in a deck, an answer on /review, a practice answer, or a scored item missed
 * in a practice exam (logged when the exam ends; an exam's right answers are not logged, so true retention leaves exam
 * reviews out — decision 078).
 */
export const REVIEW_SOURCES = ['deck', 'review', 'practice', 'exam'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The four FSRS grades; the decks' Correct / Wrong are Good / Again, Hard and Easy are optional buttons on /review. */
export const REVIEW_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];
const RATING_OF: Record<ReviewGrade, Grade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const GRADE_OF = new Map<number, ReviewGrade>(Object.entries(RATING_OF).map(([g, r]) => [r, g as ReviewGrade]));
export const ratingOf = (grade: ReviewGrade): Grade => RATING_OF[grade];
export const gradeOfRating = (rating: number): ReviewGrade => {
  const grade = GRADE_OF.get(rating);
  if (!grade) throw new Error(`not a grade: ${rating}`);
  return grade;
};

/** A flashcard marked Correct is a review graded Good; Wrong is Again. */
export function gradeOfAnswer(answer: 'correct' | 'wrong'): ReviewGrade {
  return answer === 'correct' ? 'good' : 'again';
}
/**
 * How fast a right answer can plausibly be given after reading the question (decision 091): its stem and options read at
 * 250 words a minute, the upper end of careful reading for comprehension (silent reading of non-fiction averages about
 * 238 wpm, Brysbaert 2019; reading to learn or to answer questions is slower, 100–200 wpm). A right answer faster than that
 * was not read through — a guess or a recognised picture — and counts as Hard, not Good.
 */
export const READING_WPM = 250;
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
export const minReadingMs = (words: number) => Math.round((words * 60_000) / READING_WPM);

/** What a question's grade is decided from: the verdict, and, when known, the answer's time and the item's length. */
export interface QuestionAnswerFacts {
  correct: boolean;
  /** ms from showing the item to the answer (the client's count) */
  timeMs?: number | undefined;
  /** words in the item's stem and options */
  words?: number | undefined;
  /** the student already answered this item wrong earlier the same study day */
  missedToday?: boolean | undefined;
}

/**
 * A question answered in practice, on /review or missed in a practice exam (decision 091): wrong is Again; right is Good,
 * but Hard when it came faster than a plausible reading of the item or after a wrong answer to it the same day (the answer
 * was seen: recall of the feedback, not retrieval). A question has no Easy: a four-option item's right answers include
 * lucky guesses.
 */
export function gradeOfQuestion(answer: boolean | QuestionAnswerFacts): ReviewGrade {
  const a = typeof answer === 'boolean' ? { correct: answer } : answer;
  if (!a.correct) return 'again';
  if (a.missedToday) return 'hard';
  if (a.timeMs !== undefined && a.words !== undefined && a.timeMs < minReadingMs(a.words)) return 'hard';
  return 'good';
}
/** Every grade but Again is a recall: the card counts as Correct in the decks. */
export const isPass = (grade: ReviewGrade) => grade !== 'again';

export const RETENTION = { min: 0.8, max: 0.95, default: 0.9 } as const;
export const NEW_PER_DAY = { min: 0, max: 100, default: 20 } as const;
/** Learning cards due within this many minutes are shown now (Anki's "learn ahead limit"). */
export const LEARN_AHEAD_MINUTES = 20;
/** Most due cards one queue carries (Anki's default daily review limit is 200; a backlog beyond this comes the next time). */
export const MAX_DUE_IN_QUEUE = 500;
/** An offline review may be replayed up to this long after it was given; older ones count as given on arrival. */
export const MAX_REVIEW_AGE_DAYS = 7;

export const SRS_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type SrsStateName = (typeof SRS_STATES)[number];
/** ts-fsrs's State numbers, as stored. */
export const STATE = {
  new: State.New as number,
  learning: State.Learning as number,
  review: State.Review as number,
  relearning: State.Relearning as number,
};

/** A card's memory state as stored (srs_cards) and sent to the client: ts-fsrs's Card, with its State as a number 0–3. */
export interface SrsCard {
  state: number;
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: Date | null;
}

export function newSrsCard(now: Date): SrsCard {
  return fromFsrs(createEmptyCard(now));
}

function toFsrs(c: SrsCard): Card {
  return {
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: 0,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    ...(c.lastReview ? { last_review: c.lastReview } : {}),
  };
}

function fromFsrs(c: Card): SrsCard {
  return {
    state: c.state,
    due: c.due,
    stability: c.stability,
    difficulty: c.difficulty,
    scheduledDays: c.scheduled_days,
    learningSteps: c.learning_steps,
    reps: c.reps,
    lapses: c.lapses,
    lastReview: c.last_review ?? null,
  };
}

export const clampRetention = (r: number) => Math.min(RETENTION.max, Math.max(RETENTION.min, r));

/**
 * Each kind's preset (decisions 065 and 091): flashcards keep Anki's learning steps (1 min, 10 min) and relearning step
 * (10 min); a question has no same-day step — a right answer (Hard or Good) goes straight to FSRS's interval, a wrong one
 * (first or later) comes back the next study day, one day on — so that a question is asked again for retrieval, not recency.
 */
export const PRESETS = {
  flashcard: { learningSteps: ['1m', '10m'], relearningSteps: ['10m'] },
  question: { learningSteps: ['1d'], relearningSteps: ['1d'] },
} as const satisfies Record<SrsItemKind, { learningSteps: Steps; relearningSteps: Steps }>;

/**
 * The questions' steps: Again is the one-day step in every state; any other grade has none, so FSRS's interval applies
 * (ts-fsrs's own strategy would give Hard a step of 1.5 days).
 */
const questionSteps: TLearningStepsStrategy = () => ({ [Rating.Again]: { scheduled_minutes: 1440, next_step: 0 } });

/** What a schedule depends on besides the card: the student's settings for the item's kind, and their day. */
export interface ScheduleOptions {
  /** desired retention of this kind's preset */
  retention: number;
  /** the student's own FSRS weights for this kind (srs:optimize, decision 076); null = FSRS-6's defaults */
  weights?: readonly number[] | null | undefined;
  /** the student's time zone (decision 090); UTC when unknown */
  timeZone?: string | null | undefined;
  kind?: SrsItemKind | undefined;
  /** the item's key: seeds the fuzz (decision 092), with the card's own state */
  key?: string | undefined;
  /** false: no fuzz (the interval FSRS means; for comparing with the independent reference) */
  fuzz?: boolean | undefined;
}

/**
 * The scheduler for a kind and a desired retention: ts-fsrs with FSRS-6's weights (or the student's own) and the kind's
 * steps. With a seed, fuzz is on, seeded with it (decision 092: `fuzzSeed`); without, no fuzz (the interval FSRS means,
 * for a retention change).
 */
export function scheduler(retention: number, weights?: readonly number[] | null, kind: SrsItemKind = 'flashcard', seed?: string) {
  const preset = PRESETS[kind];
  const f = fsrs({
    request_retention: clampRetention(retention),
    enable_fuzz: seed !== undefined,
    enable_short_term: true,
    learning_steps: preset.learningSteps,
    relearning_steps: preset.relearningSteps,
    ...(weights ? { w: weights } : {}),
  });
  if (kind === 'question') f.useStrategy(StrategyMode.LEARNING_STEPS, questionSteps);
  if (seed !== undefined) f.useStrategy(StrategyMode.SEED, () => seed);
  return f;
}

/** FSRS-6 weights: 21 finite numbers (what `srs:optimize` fits and stores per student, decision 076). */
export const isFsrsWeights = (w: unknown): w is number[] =>
  Array.isArray(w) && w.length === 21 && w.every((x) => typeof x === 'number' && Number.isFinite(x));

export interface ScheduledReview {
  card: SrsCard;
  /** whole study days since the previous review (decision 090: the student's zone, a day from 4 am); 0 for a new card */
  elapsedDays: number;
}

const DAY_MS = 86_400_000;

/**
 * The fuzz's seed (decision 092): the item and its state before the review — not the clock — so the same card answered the
 * same way gets the same interval on the phone and on the server, and cards learned together drift apart.
 */
export const fuzzSeed = (kind: SrsItemKind, key: string, c: SrsCard) => `${kind}:${key}:${c.reps}:${c.stability}:${c.difficulty}`;

/**
 * The card after a review with `grade` at `now` (decision 090). ts-fsrs counts days as UTC calendar days, so it is run on
 * day-clock times (local wall time less 4 hours: their UTC date is the study day), and its result is read back: a step of
 * minutes stays that many minutes from `now`; a due date a day or more away keeps the local time of day on its date.
 */
export function schedule(card: SrsCard, grade: ReviewGrade, now: Date, options: ScheduleOptions): ScheduledReview {
  const zone = options.timeZone || 'UTC';
  const clockNow = toDayClock(now, zone);
  const input: Card = {
    ...toFsrs(card),
    due: new Date(toDayClock(card.due, zone)),
    ...(card.lastReview ? { last_review: new Date(toDayClock(card.lastReview, zone)) } : {}),
  };
  const kind = options.kind ?? 'flashcard';
  const next = scheduler(
    options.retention,
    options.weights,
    kind,
    options.fuzz === false ? undefined : fuzzSeed(kind, options.key ?? '', card),
  ).next(input, new Date(clockNow), ratingOf(grade)).card;
  const ahead = next.due.getTime() - clockNow;
  const due = ahead >= DAY_MS ? new Date(fromDayClock(next.due.getTime(), zone, now.getTime() + ahead)) : new Date(now.getTime() + ahead);
  return {
    card: { ...fromFsrs(next), due, lastReview: now },
    elapsedDays: card.lastReview ? Math.max(0, studyDaysBetween(card.lastReview, now, zone)) : 0,
  };
}

/** Days until a review card is due after a recall at stability `s`: what retention changes (decision 066). */
export function reviewInterval(stability: number, retention: number, weights?: readonly number[] | null): number {
  return scheduler(retention, weights).next_interval(stability, 0);
}
export function intervalModifier(retention: number, weights?: readonly number[] | null): number {
  return scheduler(retention, weights).interval_modifier;
}

/** New cards still allowed today: the daily limit less the cards introduced today (in the decks or on /review). */
export function newCardsLeft(newPerDay: number, introducedToday: number): number {
  return Math.max(0, newPerDay - introducedToday);
}

/** Whether a queued card is shown now: learning steps wait for their minute (with Anki's learn-ahead); day cards are due all day. */
export function showableNow(card: { state: number; due: string | Date }, now: Date): boolean {
  if (card.state === STATE.learning || card.state === STATE.relearning)
    return new Date(card.due).getTime() <= now.getTime() + LEARN_AHEAD_MINUTES * 60_000;
  return true;
}
