import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContentLevel, CourseLevel } from '../../../shared/constants';
import type {
  ReviewAnswerBody,
  ReviewAnswerResponse,
  ReviewItem,
  ReviewQueueResponse,
  ReviewSettingsBody,
  ReviewSettingsResponse,
  ReviewStatsResponse,
} from '../../../shared/contracts/review';
import { intervalModifier, MAX_DUE_IN_QUEUE, newCardsLeft, STATE, type SrsItemKind } from '../../../shared/srs';
import { DAY_STARTS_AT_HOUR } from '../../../shared/study-day';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { isInvalidParameter } from '../../db/errors';
import { flashcards, questionItems, srsCards, srsParameters, srsReviewLogs, srsSettings, users } from '../../db/schema';
import {
  checkAnswer,
  feedbackFor,
  itemRows,
  itemWords,
  itemColumns as questionColumns,
  itemJoins as questionJoins,
  levelsOf,
  newOrderToken,
  hiddenOutsideExam,
  publicItem,
  tokenPerm,
  type ItemRow,
} from '../../domain/items';
import { HttpError } from '../../lib/http';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  loadWeights,
  recordReview,
  srsCardJson,
  srsCardOfRow,
  weightsOf,
  type SrsSettings,
  type StoredRow,
} from '../../lib/srs';
import { ERROR_CODES } from '../../../shared/errors';

/** The levels the student's course allows (a 'Both' student: Paramedic and EMT). */
export const courseLevels = levelsOf;

/** What feeds the queue: the chosen levels within the course (none chosen, or none left: the whole course), the chosen categories. */
function feed(courseLevel: CourseLevel, settings: SrsSettings) {
  const allowed = courseLevels(courseLevel);
  const chosen = allowed.filter((l) => settings.levels.includes(l));
  return { levels: chosen.length ? chosen : allowed, categories: settings.categories };
}

type Feed = { levels: ContentLevel[]; categories: string[] };

function cardFilter(f: Feed): SQL {
  return and(inArray(flashcards.courseLevel, f.levels), f.categories.length ? inArray(flashcards.category, f.categories) : undefined)!;
}

/**
 * Each stored card's item, if it feeds the queue: a flashcard of the chosen levels and categories, or a question of the
 * chosen levels that is not retired (categories choose flashcard decks; a question is there because the student answered
 * it — decision 078; never one of the exam's reserve, nor one the student's open exam has given: domain/items). Each is looked up by its unique key, once per card state (a `lateral` subquery with `limit 1`,
 * which PostgreSQL does not flatten into a join), so a read walks the student's `(user_id, due)` index and stops at its
 * limit whatever the size of the deck and the bank; a plain join let PostgreSQL hash a whole table instead (decision 077).
 * With `columns`, the lookups return what the queue shows (the question with its case and the student's flag); without,
 * only that the item is there. The card state is `s`, its flashcard `fc`, its question `q`.
 */
function feedLookup(f: Feed, userId: string, columns: boolean): SQL {
  const levels = sql.join(
    f.levels.map((l) => sql`${l}`),
    sql`, `,
  );
  const flashcardColumns = columns
    ? sql`${flashcards.id} as id, ${flashcards.category} as category, ${flashcards.courseLevel} as course_level,
        ${flashcards.frontText} as front_text, ${flashcards.backText} as back_text`
    : sql`${flashcards.id} as id`;
  const question = columns
    ? sql`select i.level, ${questionColumns} from ${questionItems} i ${questionJoins(userId)}`
    : sql`select i.key from ${questionItems} i`;
  return sql`
    left join lateral (
      select ${flashcardColumns} from ${flashcards}
      where s.item_kind = 'flashcard' and ${flashcards.key} = s.item_key and ${cardFilter(f)} limit 1) fc on true
    left join lateral (
      ${question}
      where s.item_kind = 'question' and i.key = s.item_key and i.level in (${levels}) and not i.retired
        and not ${hiddenOutsideExam(userId, sql`i`)} limit 1) q on true`;
}
/** The card state's item feeds the queue (with `feedLookup`'s joins). */
const inFeed = sql`(fc.id is not null or q.key is not null)`;

interface Day {
  start: Date;
  end: Date;
  introduced: number;
  /** reviews given in the day outside exams (in the decks, in practice, on /review): the queue's and the figures' "done" */
  done: number;
  settings: SrsSettings;
  /** the student's own FSRS weights (decision 076), null = the defaults */
  weights: number[] | null;
  /** the zone the day is counted in */
  timeZone: string;
}

/**
 * The student's study day (decision 090: in their time zone, UTC when unknown, from 4 am to 4 am), how many new cards they began in it, their settings and their
 * own FSRS weights: one round trip, so that a queue read holds one pooled connection before its three reads.
 */
async function today(db: Db, userId: string, now: Date): Promise<Day> {
  try {
    return await dayOf(db, userId, now, false);
  } catch (err) {
    // a zone stored before zones were checked that PostgreSQL does not know (decision 080): the day is UTC's. Caught
    // rather than checked on every read: pg_timezone_names is a scan of the zone files, tens of ms per call.
    if (!isInvalidParameter(err)) throw err;
    return dayOf(db, userId, now, true);
  }
}

async function dayOf(db: Db, userId: string, now: Date, utc: boolean): Promise<Day> {
  const { rows } = await db.execute<{
    day_start: string | Date;
    day_end: string | Date;
    introduced: number;
    done: number;
    desired_retention: number | null;
    new_per_day: number | null;
    levels: string[] | null;
    categories: string[] | null;
    show_hard_easy: boolean | null;
    question_retention: number | null;
    weights: unknown;
    tz: string;
  }>(sql`
    with z as (select ${utc ? sql`'UTC'` : sql`coalesce(${users.timeZone}, 'UTC')`} as tz from ${users} where ${users.id} = ${userId}),
    l as (select z.tz, date_trunc('day', (${now}::timestamptz at time zone z.tz) - ${rollover}) + ${rollover} as local_start from z),
    d as (
      select l.tz, (l.local_start at time zone l.tz) as day_start, ((l.local_start + interval '1 day') at time zone l.tz) as day_end
      from l
    )
    select d.tz, d.day_start, d.day_end,
      (select count(*)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= d.day_start and l.state_before = ${STATE.new}
          and l.item_kind = 'flashcard') as introduced,
      (select count(*)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= d.day_start and l.source <> 'exam') as done,
      s.desired_retention, s.new_per_day, s.levels, s.categories, s.show_hard_easy, s.question_retention,
      (select p.weights from ${srsParameters} p where p.user_id = ${userId}) as weights
    from d left join ${srsSettings} s on s.user_id = ${userId}`);
  const row = rows[0];
  if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'Account not found.');
  const settings: SrsSettings =
    row.desired_retention === null
      ? DEFAULT_SETTINGS
      : {
          desiredRetention: Number(row.desired_retention),
          newPerDay: Number(row.new_per_day),
          levels: row.levels ?? [],
          categories: row.categories ?? [],
          showHardEasy: Boolean(row.show_hard_easy),
          questionRetention: Number(row.question_retention ?? DEFAULT_SETTINGS.questionRetention),
        };
  return {
    start: new Date(row.day_start),
    end: new Date(row.day_end),
    introduced: Number(row.introduced),
    done: Number(row.done),
    settings,
    weights: weightsOf(row.weights),
    timeZone: row.tz,
  };
}

/** The local hour a study day starts at, as an SQL interval. */
const rollover = sql.raw(`interval '${DAY_STARTS_AT_HOUR} hours'`);

type CardColumns = StoredRow & { item_kind: 'flashcard' | 'question'; item_key: string };
type FlashcardColumns = { id: number; category: string; course_level: ContentLevel; front_text: string; back_text: string };
type Row = Record<string, unknown> & CardColumns & Partial<FlashcardColumns> & Partial<ItemRow> & { level?: ContentLevel };

function itemOf(r: Row, order: Order, card = srsCardJson(srsCardOfRow(r))): ReviewItem {
  if (r.item_kind === 'question') {
    const token = newOrderToken();
    const perm = order(r.item_key, token, (r as ItemRow).body.options.length);
    return { kind: 'question', key: r.item_key, card, courseLevel: r.level!, question: publicItem(r as ItemRow, perm), order: token };
  }
  return {
    kind: 'flashcard',
    key: r.item_key,
    card,
    flashcard: { id: Number(r.id), category: r.category!, courseLevel: r.course_level!, front: r.front_text!, back: r.back_text! },
  };
}

/** The option order of a question on /review for a token (decision 079). */
export type Order = (itemKey: string, token: string, n: number) => number[];
export const orderFor =
  (secret: string, userId: string): Order =>
  (itemKey, token, n) =>
    tokenPerm(n, secret, userId, itemKey, token);

/** Today's due cards and questions of the student's feed, oldest due first: one query on the (user_id, due) index. */
function dueRows(db: Db, userId: string, f: Feed, before: Date, limit: number) {
  return db.execute<Row>(sql`
    select s.item_kind, s.item_key, s.state, s.due, s.stability, s.difficulty, s.scheduled_days, s.learning_steps, s.reps, s.lapses,
      s.last_review, fc.id, fc.category, fc.course_level, fc.front_text, fc.back_text, q.*
    from ${srsCards} s ${feedLookup(f, userId, true)}
    where s.user_id = ${userId} and s.due < ${before}::timestamptz and ${inFeed}
    order by s.due, s.item_key
    limit ${limit}`);
}

/** New cards: never reviewed by the student, in a fixed random order (each card's shuffle key, walked by its index), up to
 * `limit`. Flashcards only: a question enters the queue once it has been answered. */
const newCards = (userId: string, where: SQL, limit: number) => sql`
  select 'flashcard' as item_kind, ${flashcards.key} as item_key, ${flashcards.id} as id, ${flashcards.category} as category,
    ${flashcards.courseLevel} as course_level, ${flashcards.frontText} as front_text, ${flashcards.backText} as back_text,
    ${flashcards.shuffleKey} as shuffle_key
  from ${flashcards}
  where ${where}
    and not exists (select 1 from ${srsCards} c where c.user_id = ${userId} and c.item_kind = 'flashcard' and c.item_key = ${flashcards.key})
  order by ${flashcards.shuffleKey}, ${flashcards.id}
  limit ${limit}`;

/** The first due time at or after `after` of a card of the student's feed (null: none). */
const nextDue = (userId: string, f: Feed, after: Date) => sql`
  select s.due from ${srsCards} s ${feedLookup(f, userId, false)}
  where s.user_id = ${userId} and s.due >= ${after}::timestamptz and ${inFeed}
  order by s.due limit 1`;

/** The day's new cards and the first due time after the day, in one statement (each round trip costs the server under load). */
async function newAndNext(db: Db, userId: string, f: Feed, newLimit: number, after: Date) {
  const { rows } = await db.execute<{ next_due: string | Date | null; fresh: Row[] }>(sql`
    select (${nextDue(userId, f, after)}) as next_due,
      coalesce((select json_agg(x order by x.shuffle_key, x.id) from (${newCards(userId, cardFilter(f), newLimit)}) x), '[]'::json) as fresh`);
  const row = rows[0]!;
  return { fresh: row.fresh, nextDue: row.next_due === null ? null : new Date(row.next_due).toISOString() };
}

export async function reviewQueue(deps: ServiceDeps, userId: string, courseLevel: CourseLevel, order: Order): Promise<ReviewQueueResponse> {
  const { db } = deps;
  const now = deps.now();
  const day = await today(db, userId, now);
  const { settings, weights } = day;
  const f = feed(courseLevel, settings);
  const left = newCardsLeft(settings.newPerDay, day.introduced);
  const [due, { fresh, nextDue }] = await Promise.all([
    dueRows(db, userId, f, day.end, MAX_DUE_IN_QUEUE),
    newAndNext(db, userId, f, left, day.end),
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
    due: due.rows.map((r) => itemOf(r, order)),
    new: fresh.map((r) => itemOf(r, order, blank)),
    nextDue,
    doneToday: day.done,
    desiredRetention: settings.desiredRetention,
    showHardEasy: settings.showHardEasy,
    weights,
    timeZone: day.timeZone,
  };
}

/**
 * The figures of /review and home (docs/product.md §10.5), counted with the queue's own rules, so they never contradict it:
 * due today is the queue's due length, new today its new length, done today the day's reviews the queue also reports; the
 * coming week starts after today (today's are already counted), and retention is the last 30 days' against the goal.
 */
export async function reviewStats(deps: ServiceDeps, userId: string, courseLevel: CourseLevel): Promise<ReviewStatsResponse> {
  const { db } = deps;
  const now = deps.now();
  const day = await today(db, userId, now);
  const { settings } = day;
  const f = feed(courseLevel, settings);
  const lookup = feedLookup(f, userId, false);
  const week = new Date(day.end.getTime() + 7 * 86_400_000);
  const left = newCardsLeft(settings.newPerDay, day.introduced);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const { rows } = await db.execute<{
    due_today: number;
    due_week: number;
    new_today: number;
    passed: number;
    graded: number;
    next_due: string | Date | null;
  }>(sql`
    select
      (select count(*)::int from (
        select 1 from ${srsCards} s ${lookup}
        where s.user_id = ${userId} and s.due < ${day.end}::timestamptz and ${inFeed} limit ${MAX_DUE_IN_QUEUE}) t) as due_today,
      (select count(*)::int from ${srsCards} s ${lookup}
        where s.user_id = ${userId} and s.due >= ${day.end}::timestamptz and s.due < ${week}::timestamptz and ${inFeed}) as due_week,
      (select count(*)::int from (${newCards(userId, cardFilter(f), left)}) t) as new_today,
      (select count(*) filter (where l.grade > 1)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= ${monthAgo}::timestamptz and l.state_before = ${STATE.review}
          and l.source <> 'exam') as passed,
      (select count(*)::int from ${srsReviewLogs} l
        where l.user_id = ${userId} and l.reviewed_at >= ${monthAgo}::timestamptz and l.state_before = ${STATE.review}
          and l.source <> 'exam') as graded,
      (${nextDue(userId, f, now)}) as next_due`);
  const r = rows[0]!;
  const graded = Number(r.graded);
  return {
    dueToday: Number(r.due_today),
    newToday: Number(r.new_today),
    dueNextWeek: Number(r.due_week),
    reviewsToday: day.done,
    trueRetention: graded ? Number(r.passed) / graded : null,
    retentionReviews: graded,
    desiredRetention: settings.desiredRetention,
    nextDue: r.next_due === null ? null : new Date(r.next_due).toISOString(),
  };
}

export async function settingsResponse({ db }: ServiceDeps, userId: string, courseLevel: CourseLevel): Promise<ReviewSettingsResponse> {
  const s = await loadSettings(db, userId);
  const availableLevels = courseLevels(courseLevel);
  return {
    settings: {
      desiredRetention: s.desiredRetention,
      newPerDay: s.newPerDay,
      levels: s.levels.filter((l): l is ContentLevel => (availableLevels as string[]).includes(l)),
      categories: s.categories as ReviewSettingsBody['categories'],
      showHardEasy: s.showHardEasy,
      questionRetention: s.questionRetention,
    },
    availableLevels,
  };
}

/**
 * Saves the settings. A new desired retention moves the next review of every card in review state to what FSRS gives its
 * stability at that retention, counted from its last review (decision 066); the review logs — the past — are not touched.
 */
export async function saveSettings(deps: ServiceDeps, userId: string, courseLevel: CourseLevel, body: ReviewSettingsBody) {
  const { db } = deps;
  const availableLevels = courseLevels(courseLevel);
  const outside = body.levels.find((l) => !availableLevels.includes(l));
  if (outside)
    throw new HttpError(400, ERROR_CODES.validation, `${outside} cards are not part of your course level.`, [
      { path: 'levels', message: `${outside} cards are not part of your course level.` },
    ]);
  const [before, weights, questionWeights] = await Promise.all([
    loadSettings(db, userId),
    loadWeights(db, userId),
    loadWeights(db, userId, 'question'),
  ]);
  const values = { ...body, questionRetention: body.questionRetention ?? before.questionRetention, updatedAt: deps.now() };
  let rescheduled = 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(srsSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: srsSettings.userId, set: values });
    const reschedule = async (kind: SrsItemKind, retention: number, w: number[] | null) => {
      const mod = intervalModifier(retention, w);
      const days = sql`least(36500, greatest(1, floor(${srsCards.stability} * ${mod} + 0.5)))::int`;
      const moved = await tx
        .update(srsCards)
        .set({ scheduledDays: days, due: sql`${srsCards.lastReview} + make_interval(days => ${days})` })
        .where(
          and(
            eq(srsCards.userId, userId),
            eq(srsCards.itemKind, kind),
            eq(srsCards.state, STATE.review),
            sql`${srsCards.lastReview} is not null`,
          ),
        )
        .returning({ key: srsCards.itemKey });
      rescheduled += moved.length;
    };
    if (before.desiredRetention !== values.desiredRetention) await reschedule('flashcard', values.desiredRetention, weights);
    if (before.questionRetention !== values.questionRetention) await reschedule('question', values.questionRetention, questionWeights);
  });
  return { ...(await settingsResponse(deps, userId, courseLevel)), rescheduled };
}

/** The flashcard a review names, if it is in the student's course levels. */
export async function flashcardForReview({ db }: ServiceDeps, key: string, courseLevel: CourseLevel) {
  const [card] = await db
    .select({ id: flashcards.id, courseLevel: flashcards.courseLevel })
    .from(flashcards)
    .where(eq(flashcards.key, key));
  if (!card) throw new HttpError(404, ERROR_CODES.notFound, 'This card no longer exists.');
  if (!courseLevels(courseLevel).includes(card.courseLevel as ContentLevel))
    throw new HttpError(403, ERROR_CODES.levelNotAvailable, 'This card is not part of your course level.');
  return card;
}

/**
 * A question answered on /review (decision 079): only one the student's queue holds — a question card of theirs, of their
 * course's levels, due before the end of their day or already reviewed today (an answer replayed from the offline queue) —
 * and never one of the exam's reserve or of their open exam; any other key gets the same 404 (nothing tells which keys
 * exist). Scored in the order its `order` token names, graded (right: Good, wrong: Again) and recorded once per client id;
 * the feedback (key, rationales, reference) comes back with it, as in tutor practice.
 */
export async function answerQuestion(
  deps: ServiceDeps,
  userId: string,
  courseLevel: CourseLevel,
  order: Order,
  body: Extract<ReviewAnswerBody, { kind: 'question' }>,
): Promise<ReviewAnswerResponse> {
  const { db } = deps;
  const now = deps.now();
  const day = await today(db, userId, now);
  const levels = sql.join(
    courseLevels(courseLevel).map((l) => sql`${l}`),
    sql`, `,
  );
  const { rows: queued } = await db.execute<{ key: string }>(sql`
    select s.item_key as key from ${srsCards} s join ${questionItems} i on i.key = s.item_key
    where s.user_id = ${userId} and s.item_kind = 'question' and s.item_key = ${body.key}
      and i.level in (${levels}) and not i.retired and not ${hiddenOutsideExam(userId, sql`i`)}
      and (s.due < ${day.end}::timestamptz or s.last_review >= ${day.start}::timestamptz
        or exists (select 1 from ${srsReviewLogs} l where l.user_id = ${userId} and l.client_id = ${body.clientId}::uuid))`);
  const row = queued.length ? (await itemRows(deps, userId, [body.key])).get(body.key) : undefined;
  if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'This question is not in your review today.');
  const perm = order(body.key, body.order, row.body.options.length);
  const checked = checkAnswer(row, perm, body.answer);
  const { correct } = checked;
  // the queue was judged at `now`: the review is recorded at the same moment
  const result = await recordReview(
    { db, now: () => now },
    {
      userId,
      kind: 'question',
      key: body.key,
      grade: { correct, timeMs: body.timeMs, words: itemWords(row) },
      clientId: body.clientId,
      source: 'review',
      ...(body.reviewedAt ? { reviewedAt: new Date(body.reviewedAt) } : {}),
    },
  );
  return {
    kind: 'question',
    key: body.key,
    card: srsCardJson(result.card),
    duplicate: result.duplicate,
    feedback: feedbackFor(row, perm, checked),
  };
}
