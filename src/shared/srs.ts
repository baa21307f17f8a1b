import { createEmptyCard, dateDiffInDays, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';

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
 * A question answered in practice, on /review or missed in a practice exam: right is Good, wrong is Again — the flashcards'
 * mapping (a question has no Hard / Easy; scoring is all or nothing).
 */
export function gradeOfQuestion(correct: boolean): ReviewGrade {
  return gradeOfAnswer(correct ? 'correct' : 'wrong');
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
 * The scheduler for a desired retention: ts-fsrs with FSRS-6's default weights, Anki's learning steps (1 min, 10 min) and
 * relearning step (10 min), no fuzz (so the same history gives the same schedule on the server and on the phone).
 */
export function scheduler(retention: number, weights?: readonly number[] | null) {
  return fsrs({
    request_retention: clampRetention(retention),
    enable_fuzz: false,
    enable_short_term: true,
    ...(weights ? { w: weights } : {}),
  });
}

/** FSRS-6 weights: 21 finite numbers (what `srs:optimize` fits and stores per student, decision 076). */
export const isFsrsWeights = (w: unknown): w is number[] =>
  Array.isArray(w) && w.length === 21 && w.every((x) => typeof x === 'number' && Number.isFinite(x));

export interface ScheduledReview {
  card: SrsCard;
  /** whole days since the previous review (UTC calendar days, as FSRS counts them); 0 for a new card */
  elapsedDays: number;
}

/**
 * The card after a review with `grade` at `now`: with the student's own FSRS weights when `srs:optimize` has fitted them
 * (decision 076), else FSRS-6's defaults.
 */
export function schedule(
  card: SrsCard,
  grade: ReviewGrade,
  now: Date,
  retention: number,
  weights?: readonly number[] | null,
): ScheduledReview {
  const next = scheduler(retention, weights).next(toFsrs(card), now, ratingOf(grade)).card;
  return { card: fromFsrs(next), elapsedDays: card.lastReview ? Math.max(0, dateDiffInDays(card.lastReview, now)) : 0 };
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
