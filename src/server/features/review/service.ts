import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContentLevel, CourseLevel } from '../../../shared/constants';
import type {
  ReviewItem,
  ReviewQueueResponse,
  ReviewSettingsBody,
  ReviewSettingsResponse,
  ReviewStatsResponse,
} from '../../../shared/contracts/review';
import { deckLevels } from '../../../shared/flashcards';
import { intervalModifier, MAX_DUE_IN_QUEUE, newCardsLeft, STATE } from '../../../shared/srs';
import type { Db } from '../../db/client';
import { flashcards, srsCards, srsParameters, srsReviewLogs, srsSettings, users } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { DEFAULT_SETTINGS, loadSettings, loadWeights, srsCardJson, srsCardOfRow, weightsOf, type SrsSettings } from '../../lib/srs';

/** The levels the student's course allows (a 'Both' student: Paramedic and EMT). */
export const courseLevels = (courseLevel: CourseLevel): ContentLevel[] => deckLevels('mine', courseLevel) ?? [];

/** What feeds the queue: the chosen levels within the course (none chosen, or none left: the whole course), the chosen categories. */
function feed(courseLevel: CourseLevel, settings: SrsSettings) {
  const allowed = courseLevels(courseLevel);
  const chosen = allowed.filter((l) => settings.levels.includes(l));
  return { levels: chosen.length ? chosen : allowed, categories: settings.categories };
}

function cardFilter(f: { levels: ContentLevel[]; categories: string[] }): SQL {
  return and(inArray(flashcards.courseLevel, f.levels), f.categories.length ? inArray(flashcards.category, f.categories) : undefined)!;
}

interface Day {
  start: Date;
  end: Date;
  introduced: number;
  settings: SrsSettings;
  /** the student's own FSRS weights (decision 076), null = the defaults */
  weights: number[] | null;
}

/**
 * The student's day (in their time zone, UTC when unknown), how many new cards they began in it, their settings and their
 * own FSRS weights: one round trip, so that a queue read holds one pooled connection before its three reads.
 */
async function today(db: Db, userId: string, now: Date): Promise<Day> {
  const { rows } = await db.execute<{
    day_start: string | Date;
    day_end: string | Date;
    introduced: number;
    desired_retention: number | null;
    new_per_day: number | null;
    levels: string[] | null;
    categories: string[] | null;
    show_hard_easy: boolean | null;
    weights: unknown;
  }>(sql`
    with z as (select coalesce(${users.timeZone}, 'UTC') as tz from ${users} where ${users.id} = ${userId}),
    d as (
      select (date_trunc('day', ${now}::timestamptz at time zone z.tz) at time zone z.tz) as day_start,
             ((date_trunc('day', ${now}::timestamptz at time zone z.tz) + interval '1 day') at time zone z.tz) as day_end
      from z
    )
    select d.day_start, d.day_end,
      (select count(*)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= d.day_start and l.state_before = ${STATE.new}) as introduced,
      s.desired_retention, s.new_per_day, s.levels, s.categories, s.show_hard_easy,
      (select p.weights from ${srsParameters} p where p.user_id = ${userId}) as weights
    from d left join ${srsSettings} s on s.user_id = ${userId}`);
  const row = rows[0];
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Account not found.');
  const settings: SrsSettings =
    row.desired_retention === null
      ? DEFAULT_SETTINGS
      : {
          desiredRetention: Number(row.desired_retention),
          newPerDay: Number(row.new_per_day),
          levels: row.levels ?? [],
          categories: row.categories ?? [],
          showHardEasy: Boolean(row.show_hard_easy),
        };
  return {
    start: new Date(row.day_start),
    end: new Date(row.day_end),
    introduced: Number(row.introduced),
    settings,
    weights: weightsOf(row.weights),
  };
}

type Row = Record<string, unknown> & {
  item_kind: 'flashcard';
  item_key: string;
  state: number;
  due: string | Date;
  stability: number;
  difficulty: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  last_review: string | Date | null;
  id: number;
  category: string;
  course_level: ContentLevel;
  front_text: string;
  back_text: string;
};

const itemOf = (r: Row, card = srsCardJson(srsCardOfRow(r))): ReviewItem => ({
  kind: r.item_kind,
  key: r.item_key,
  card,
  flashcard: { id: Number(r.id), category: r.category, courseLevel: r.course_level, front: r.front_text, back: r.back_text },
});

/**
 * The flashcard of each card state, if it is in the student's feed: one lookup on the flashcards' unique key per card, so the
 * due read walks the (user_id, due) index and stops at its limit whatever the size of the deck (a plain join let PostgreSQL
 * hash the whole deck: 3–7 ms on 20,000 cards against 0.7 ms; decision 077).
 */
const inFeed = (where: SQL) => sql`cross join lateral (
    select ${flashcards.id} as id, ${flashcards.category} as category, ${flashcards.courseLevel} as course_level,
      ${flashcards.frontText} as front_text, ${flashcards.backText} as back_text
    from ${flashcards} where c.item_kind = 'flashcard' and ${flashcards.key} = c.item_key and ${where} limit 1) f`;

/** Today's due cards of the student's feed, oldest due first: one query on the (user_id, due) index. */
function dueRows(db: Db, userId: string, where: SQL, before: Date, limit: number) {
  return db.execute<Row>(sql`
    select c.item_kind, c.item_key, c.state, c.due, c.stability, c.difficulty, c.scheduled_days, c.learning_steps, c.reps, c.lapses,
      c.last_review, f.id, f.category, f.course_level, f.front_text, f.back_text
    from ${srsCards} c ${inFeed(where)}
    where c.user_id = ${userId} and c.due < ${before}::timestamptz
    order by c.due, c.item_key
    limit ${limit}`);
}

/**
 * New cards: never reviewed by the student, in a fixed random order (each card's shuffle key), up to `limit`: a walk of the
 * (shuffle_key, id) index probing the student's card states by key, stopping at `limit` unseen cards (decision 077).
 */
function newRows(db: Db, userId: string, where: SQL, limit: number) {
  return db.execute<Row>(sql`
    select 'flashcard' as item_kind, ${flashcards.key} as item_key, ${flashcards.id}, ${flashcards.category}, ${flashcards.courseLevel},
      ${flashcards.frontText}, ${flashcards.backText}
    from ${flashcards}
    where ${where}
      and not exists (select 1 from ${srsCards} c where c.user_id = ${userId} and c.item_kind = 'flashcard' and c.item_key = ${flashcards.key})
    order by ${flashcards.shuffleKey}, ${flashcards.id}
    limit ${limit}`);
}

async function nextDueAfter(db: Db, userId: string, where: SQL, after: Date): Promise<string | null> {
  const { rows } = await db.execute<{ due: string | Date }>(sql`
    select c.due from ${srsCards} c ${inFeed(where)}
    where c.user_id = ${userId} and c.due >= ${after}::timestamptz
    order by c.due limit 1`);
  return rows[0] ? new Date(rows[0].due).toISOString() : null;
}

export async function reviewQueue(db: Db, userId: string, courseLevel: CourseLevel, now = new Date()): Promise<ReviewQueueResponse> {
  const day = await today(db, userId, now);
  const { settings, weights } = day;
  const where = cardFilter(feed(courseLevel, settings));
  const left = newCardsLeft(settings.newPerDay, day.introduced);
  const [due, fresh, nextDue] = await Promise.all([
    dueRows(db, userId, where, day.end, MAX_DUE_IN_QUEUE),
    left > 0 ? newRows(db, userId, where, left) : Promise.resolve({ rows: [] as Row[] }),
    nextDueAfter(db, userId, where, day.end),
  ]);
  const blank = srsCardJson({
    state: STATE.new,
    due: now,
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    lastReview: null,
  });
  return {
    generatedAt: now.toISOString(),
    endOfDay: day.end.toISOString(),
    due: due.rows.map((r) => itemOf(r)),
    new: fresh.rows.map((r) => itemOf(r, blank)),
    nextDue,
    desiredRetention: settings.desiredRetention,
    showHardEasy: settings.showHardEasy,
    weights,
  };
}

/** The figures: counted with the queue's own rules, so the due count is the queue's length. */
export async function reviewStats(db: Db, userId: string, courseLevel: CourseLevel, now = new Date()): Promise<ReviewStatsResponse> {
  const day = await today(db, userId, now);
  const { settings } = day;
  const where = cardFilter(feed(courseLevel, settings));
  const week = new Date(day.end.getTime() + 6 * 86_400_000);
  const left = newCardsLeft(settings.newPerDay, day.introduced);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await db.execute<{
    due_today: number;
    due_week: number;
    new_today: number;
    reviews_today: number;
    passed: number;
    graded: number;
  }>(sql`
    select
      (select count(*)::int from (
        select 1 from ${srsCards} c ${inFeed(where)}
        where c.user_id = ${userId} and c.due < ${day.end}::timestamptz limit ${MAX_DUE_IN_QUEUE}) t) as due_today,
      (select count(*)::int from ${srsCards} c ${inFeed(where)}
        where c.user_id = ${userId} and c.due < ${week}::timestamptz) as due_week,
      (select count(*)::int from (
        select 1 from ${flashcards} where ${where}
          and not exists (select 1 from ${srsCards} c where c.user_id = ${userId} and c.item_kind = 'flashcard' and c.item_key = ${flashcards.key})
        limit ${left}) t) as new_today,
      (select count(*)::int from ${srsReviewLogs} l where l.user_id = ${userId} and l.reviewed_at >= ${day.start}::timestamptz) as reviews_today,
      (select count(*) filter (where l.grade > 1)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= ${monthAgo}::timestamptz and l.state_before = ${STATE.review}) as passed,
      (select count(*)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= ${monthAgo}::timestamptz and l.state_before = ${STATE.review}) as graded`);
  const r = rows[0]!;
  const graded = Number(r.graded);
  return {
    dueToday: Number(r.due_today),
    newToday: Number(r.new_today),
    dueThisWeek: Number(r.due_week),
    reviewsToday: Number(r.reviews_today),
    trueRetention: graded ? Number(r.passed) / graded : null,
    retentionReviews: graded,
    desiredRetention: settings.desiredRetention,
    nextDue: await nextDueAfter(db, userId, where, now),
  };
}

export async function settingsResponse(db: Db, userId: string, courseLevel: CourseLevel): Promise<ReviewSettingsResponse> {
  const s = await loadSettings(db, userId);
  const availableLevels = courseLevels(courseLevel);
  return {
    settings: {
      desiredRetention: s.desiredRetention,
      newPerDay: s.newPerDay,
      levels: s.levels.filter((l): l is ContentLevel => (availableLevels as string[]).includes(l)),
      categories: s.categories as ReviewSettingsBody['categories'],
      showHardEasy: s.showHardEasy,
    },
    availableLevels,
  };
}

/**
 * Saves the settings. A new desired retention moves the next review of every card in review state to what FSRS gives its
 * stability at that retention, counted from its last review (decision 066); the review logs — the past — are not touched.
 */
export async function saveSettings(db: Db, userId: string, courseLevel: CourseLevel, body: ReviewSettingsBody) {
  const availableLevels = courseLevels(courseLevel);
  const outside = body.levels.find((l) => !availableLevels.includes(l));
  if (outside)
    throw new HttpError(400, 'VALIDATION_ERROR', `${outside} cards are not part of your course level.`, [
      { path: 'levels', message: `${outside} cards are not part of your course level.` },
    ]);
  const [before, weights] = await Promise.all([loadSettings(db, userId), loadWeights(db, userId)]);
  const values = { ...body, updatedAt: new Date() };
  let rescheduled = 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(srsSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: srsSettings.userId, set: values });
    if (before.desiredRetention !== body.desiredRetention) {
      const mod = intervalModifier(body.desiredRetention, weights);
      const days = sql`least(36500, greatest(1, floor(${srsCards.stability} * ${mod} + 0.5)))::int`;
      const moved = await tx
        .update(srsCards)
        .set({ scheduledDays: days, due: sql`${srsCards.lastReview} + make_interval(days => ${days})` })
        .where(and(eq(srsCards.userId, userId), eq(srsCards.state, STATE.review), sql`${srsCards.lastReview} is not null`))
        .returning({ key: srsCards.itemKey });
      rescheduled = moved.length;
    }
  });
  return { ...(await settingsResponse(db, userId, courseLevel)), rescheduled };
}

/** The flashcard a review names, if it is in the student's course levels. */
export async function flashcardForReview(db: Db, key: string, courseLevel: CourseLevel) {
  const [card] = await db
    .select({ id: flashcards.id, courseLevel: flashcards.courseLevel })
    .from(flashcards)
    .where(eq(flashcards.key, key));
  if (!card) throw new HttpError(404, 'NOT_FOUND', 'This card no longer exists.');
  if (!courseLevels(courseLevel).includes(card.courseLevel as ContentLevel))
    throw new HttpError(403, 'DECK_NOT_AVAILABLE', 'This card is not part of your course level.');
  return card;
}
