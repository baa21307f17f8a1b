import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { SrsCardJson } from '../../shared/contracts/review';
import {
  MAX_REVIEW_AGE_DAYS,
  NEW_PER_DAY,
  RETENTION,
  gradeOfQuestion,
  isFsrsWeights,
  isPass,
  newSrsCard,
  ratingOf,
  schedule,
  type QuestionAnswerFacts,
  type ReviewGrade,
  type ReviewSource,
  type SrsCard,
  type SrsItemKind,
} from '../../shared/srs';
import { studyDay } from '../../shared/study-day';
import type { Db } from '../db/client';
import type { ServiceDeps } from '../deps';
import { srsCards, srsParameters, srsQuestionParameters, srsReviewLogs, srsSettings, users } from '../db/schema';

// Recording a review (decisions 067 and 080): shared by the decks' Correct / Wrong (features/flashcards) and
// /review (features/review). Lock the card's row, read its state, schedule with ts-fsrs, then ONE statement writes the log,
// the new state and the deck's Correct / Wrong mark — so that concurrent reviews of the same card are applied one after
// the other and a retry with the same client id is applied exactly once.

export interface SrsSettings {
  desiredRetention: number;
  newPerDay: number;
  levels: string[];
  categories: string[];
  showHardEasy: boolean;
  /** the questions' own desired retention (decision 091) */
  questionRetention: number;
}
export const DEFAULT_SETTINGS: SrsSettings = {
  desiredRetention: RETENTION.default,
  newPerDay: NEW_PER_DAY.default,
  levels: [],
  categories: [],
  showHardEasy: false,
  questionRetention: RETENTION.default,
};

export async function loadSettings(db: Db, userId: string): Promise<SrsSettings> {
  const [row] = await db
    .select({
      desiredRetention: srsSettings.desiredRetention,
      newPerDay: srsSettings.newPerDay,
      levels: srsSettings.levels,
      categories: srsSettings.categories,
      showHardEasy: srsSettings.showHardEasy,
      questionRetention: srsSettings.questionRetention,
    })
    .from(srsSettings)
    .where(eq(srsSettings.userId, userId));
  return row ?? DEFAULT_SETTINGS;
}

/** The weights a stored array gives (numbers; null unless 21 finite ones). */
export function weightsOf(v: unknown): number[] | null {
  if (!Array.isArray(v)) return null;
  const w = v.map(Number);
  return isFsrsWeights(w) ? w : null;
}

/** The student's own FSRS weights for a kind (`srs:optimize`, decisions 076 and 091), or null: FSRS-6's defaults. */
export async function loadWeights(db: Db, userId: string, kind: SrsItemKind = 'flashcard'): Promise<number[] | null> {
  const table = kind === 'question' ? srsQuestionParameters : srsParameters;
  const [row] = await db.select({ weights: table.weights }).from(table).where(eq(table.userId, userId));
  return weightsOf(row?.weights);
}

export function srsCardJson(c: SrsCard): SrsCardJson {
  return {
    state: c.state,
    due: c.due.toISOString(),
    stability: c.stability,
    difficulty: c.difficulty,
    scheduledDays: c.scheduledDays,
    learningSteps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    lastReview: c.lastReview?.toISOString() ?? null,
  };
}

/** A card state as the database returns it (snake_case columns). */
export type StoredRow = {
  state: number;
  due: string | Date;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | Date | null;
};
const toDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
export function srsCardOfRow(r: StoredRow): SrsCard {
  return {
    state: Number(r.state),
    due: toDate(r.due),
    stability: Number(r.stability),
    difficulty: Number(r.difficulty),
    scheduledDays: Number(r.scheduled_days),
    learningSteps: Number(r.learning_steps),
    reps: Number(r.reps),
    lapses: Number(r.lapses),
    lastReview: r.last_review === null ? null : toDate(r.last_review),
  };
}

/**
 * When a review counts as given: the client's time (an answer given offline and replayed later), but never in the future,
 * never before the card's previous review and never more than MAX_REVIEW_AGE_DAYS ago.
 */
export function effectiveReviewTime(claimed: Date | undefined, previous: Date | null, now: Date): Date {
  let t = claimed && !Number.isNaN(claimed.getTime()) ? claimed.getTime() : now.getTime();
  t = Math.min(t, now.getTime());
  t = Math.max(t, now.getTime() - MAX_REVIEW_AGE_DAYS * 86_400_000);
  if (previous) t = Math.max(t, previous.getTime());
  return new Date(t);
}

export interface ReviewInput {
  userId: string;
  kind: SrsItemKind;
  key: string;
  /**
   * A flashcard's grade, or a question's answer: graded under the card's lock (decision 091), so that a wrong answer to it
   * earlier the same study day is seen
   */
  grade: ReviewGrade | Omit<QuestionAnswerFacts, 'missedToday'>;
  clientId: string;
  /** where the review was given */
  source: ReviewSource;
  reviewedAt?: Date;
  /** a flashcard: also set its Correct / Wrong mark in the decks (and its flag, when the deck sent one) */
  flashcard?: { id: number; isFlagged?: boolean };
}

/** The card's flag (an item mark: decision 102) as the deck sent it, written with the review it came with (`saved`). */
const flagDeckCard = (userId: string, key: string, on: boolean) =>
  on
    ? sql`, flagged as (
        insert into item_marks (user_id, kind, key, mark) select ${userId}::text, 'flashcard', ${key}::text, 'flag' from saved
        on conflict do nothing returning 1)`
    : sql`, unflagged as (
        delete from item_marks where user_id = ${userId} and kind = 'flashcard' and key = ${key} and mark = 'flag'
          and exists (select 1 from saved) returning 1)`;

export interface ReviewResult {
  card: SrsCard;
  duplicate: boolean;
  /** the grade applied (a duplicate: the one asked for, or for a question its verdict's) */
  grade: ReviewGrade;
}

/**
 * A review's client id made from what identifies the answer on the server (a practice answer: the student and its own client
 * id; a question missed in an exam: the exam and the item), so that writing it twice records it once (decision 067's guard).
 */
export function derivedClientId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  // a UUID's layout, version 8 (custom), RFC 4122 variant
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const cardColumns = sql`state, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, last_review`;

/**
 * The card's row, locked for the rest of the transaction: created first when the student never reviewed it (a new card's
 * state; `created` says so), so that there is always a row to lock.
 */
async function lockCard(t: Db, userId: string, kind: SrsItemKind, key: string, now: Date) {
  const fresh = newSrsCard(now);
  const inserted = await t.execute(sql`
    insert into ${srsCards} (user_id, item_kind, item_key, ${cardColumns})
    values (${userId}, ${kind}, ${key}, ${fresh.state}, ${fresh.due}::timestamptz, ${fresh.stability}, ${fresh.difficulty},
      ${fresh.scheduledDays}, ${fresh.learningSteps}, ${fresh.reps}, ${fresh.lapses}, ${fresh.lastReview}::timestamptz)
    on conflict (user_id, item_kind, item_key) do nothing
    returning 1`);
  const { rows } = await t.execute<StoredRow>(sql`
    select ${cardColumns} from ${srsCards}
    where user_id = ${userId} and item_kind = ${kind} and item_key = ${key}
    for update`);
  return { previous: srsCardOfRow(rows[0]!), created: inserted.rows.length > 0 };
}

/**
 * The student's retention and weights for the item's kind, their time zone, when they last missed this item, and whether
 * this client id was already applied (read once the card is locked).
 */
async function readSettings(t: Db, userId: string, kind: SrsItemKind, key: string, clientId: string) {
  const question = kind === 'question';
  const params = question ? srsQuestionParameters : srsParameters;
  const { rows } = await t.execute<{
    retention: number | null;
    weights: unknown;
    time_zone: string | null;
    missed_at: string | Date | null;
    applied: boolean;
  }>(sql`
    select
      (select ${question ? srsSettings.questionRetention : srsSettings.desiredRetention} from ${srsSettings} where ${srsSettings.userId} = ${userId}) as retention,
      (select ${params.weights} from ${params} where ${params.userId} = ${userId}) as weights,
      (select ${users.timeZone} from ${users} where ${users.id} = ${userId}) as time_zone,
      (select max(${srsReviewLogs.reviewedAt}) from ${srsReviewLogs} where ${srsReviewLogs.userId} = ${userId}
        and ${srsReviewLogs.itemKind} = ${kind} and ${srsReviewLogs.itemKey} = ${key} and ${srsReviewLogs.grade} = 1) as missed_at,
      exists (select 1 from ${srsReviewLogs} where ${srsReviewLogs.userId} = ${userId} and ${srsReviewLogs.clientId} = ${clientId}::uuid) as applied`);
  const row = rows[0]!;
  return {
    retention: row.retention === null ? RETENTION.default : Number(row.retention),
    weights: weightsOf(row.weights),
    timeZone: row.time_zone ?? 'UTC',
    missedAt: row.missed_at === null ? null : toDate(row.missed_at),
    applied: Boolean(row.applied),
  };
}

/**
 * Applies one review, serialised on the card's row (decision 080): the row is locked (`select … for update`, created first
 * if missing), the new state is computed from the state read under the lock, then one statement writes the log, the card's
 * new state and the deck's mark. A concurrent review of the same card waits for this one and starts from its result, so
 * every review counts and none is refused; a retry with the same client id finds its log and changes nothing.
 */
export async function recordReview({ db, now: clock }: ServiceDeps, input: ReviewInput): Promise<ReviewResult> {
  const now = clock();
  return db.transaction(async (t) => {
    const { previous, created } = await lockCard(t, input.userId, input.kind, input.key, now);
    const settings = await readSettings(t, input.userId, input.kind, input.key, input.clientId);
    const at = effectiveReviewTime(input.reviewedAt, previous.lastReview, now);
    const grade =
      typeof input.grade === 'string'
        ? input.grade
        : gradeOfQuestion({
            ...input.grade,
            missedToday: settings.missedAt !== null && studyDay(settings.missedAt, settings.timeZone) === studyDay(at, settings.timeZone),
          });
    const duplicate = async () => {
      // the row made only to be locked goes again: an answer applied elsewhere leaves no card behind
      if (created)
        await t
          .delete(srsCards)
          .where(and(eq(srsCards.userId, input.userId), eq(srsCards.itemKind, input.kind), eq(srsCards.itemKey, input.key)));
      return { card: previous, duplicate: true, grade };
    };
    if (settings.applied) return duplicate();
    const { card, elapsedDays } = schedule(previous, grade, at, {
      retention: settings.retention,
      weights: settings.weights,
      timeZone: settings.timeZone,
      kind: input.kind,
      key: input.key,
    });
    const pass = isPass(grade);
    const f = input.flashcard;
    const markDeck = f
      ? sql`, marked as (
          insert into user_flashcard_interactions (user_id, flashcard_id, is_correct, is_wrong, last_studied_at)
          select ${input.userId}::text, ${f.id}::int, ${pass}::boolean, ${!pass}::boolean, ${now}::timestamptz
          from saved
          on conflict (user_id, flashcard_id) do update
            set is_correct = excluded.is_correct, is_wrong = excluded.is_wrong, last_studied_at = excluded.last_studied_at
          returning 1)${f.isFlagged === undefined ? sql`` : flagDeckCard(input.userId, input.key, f.isFlagged)}`
      : sql``;
    // the log first: its client id is unique per student, so the same answer given for another card at this moment
    // (which this card's lock does not hold back) is written once, and the card changes only with its log
    const { rows } = await t.execute<{ saved: number }>(sql`
      with logged as (
        insert into ${srsReviewLogs} (user_id, client_id, item_kind, item_key, grade, reviewed_at, elapsed_days, state_before, state_after,
          stability_before, stability_after, difficulty_before, difficulty_after, due_before, due_after, scheduled_days, source)
        values (${input.userId}, ${input.clientId}::uuid, ${input.kind}, ${input.key}, ${ratingOf(grade)}, ${at}::timestamptz, ${elapsedDays},
          ${previous.state}, ${card.state}, ${previous.stability}, ${card.stability}, ${previous.difficulty}, ${card.difficulty},
          ${previous.due}::timestamptz, ${card.due}::timestamptz, ${card.scheduledDays}, ${input.source})
        on conflict (user_id, client_id) do nothing
        returning 1
      ), saved as (
        update ${srsCards} set
          state = ${card.state}, due = ${card.due}::timestamptz, stability = ${card.stability}, difficulty = ${card.difficulty},
          scheduled_days = ${card.scheduledDays}, learning_steps = ${card.learningSteps}, reps = ${card.reps},
          lapses = ${card.lapses}, last_review = ${card.lastReview}::timestamptz
        where user_id = ${input.userId} and item_kind = ${input.kind} and item_key = ${input.key} and exists (select 1 from logged)
        returning 1
      )${markDeck}
      select (select count(*)::int from saved) as saved`);
    if (rows[0]?.saved !== 1) return duplicate();
    return { card, duplicate: false, grade };
  });
}

/** The stored state of one item for a student (null: never reviewed). */
export async function storedCard(db: Db, userId: string, kind: SrsItemKind, key: string): Promise<SrsCard | null> {
  const [row] = await db
    .select()
    .from(srsCards)
    .where(and(eq(srsCards.userId, userId), eq(srsCards.itemKind, kind), eq(srsCards.itemKey, key)));
  return row ?? null;
}
