import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ALL_CATEGORIES, type ContentLevel, type CourseLevel } from '../../../shared/constants';
import { deckLevels, FLASHCARD_PAGE_SIZE, type Deck, type DeckFilter } from '../../../shared/flashcards';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { flashcards, itemMarks, userFlashcardInteractions as uft } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { ERROR_CODES } from '../../../shared/errors';
import { recordReview } from '../../lib/srs';
import { hasMark } from '../../domain/items';
import { gradeOfAnswer } from '../../../shared/srs';

export function levelsFor(courseLevel: CourseLevel, deck: Deck): ContentLevel[] {
  const levels = deckLevels(deck, courseLevel);
  if (!levels)
    throw new HttpError(
      403,
      ERROR_CODES.levelNotAvailable,
      `The ${deck === 'emt' ? 'EMT' : 'Paramedic'} deck is not part of your course level.`,
    );
  return levels;
}

const joinMine = (userId: string) => and(eq(uft.flashcardId, flashcards.id), eq(uft.userId, userId));
/** The card carries the student's flag (an item mark: decision 102). */
const flaggedBy = (userId: string) => hasMark(userId, 'flashcard', 'flag', flashcards.key);

function deckWhere(userId: string, levels: ContentLevel[], category: string, filter: DeckFilter): SQL {
  const parts: SQL[] = [inArray(flashcards.courseLevel, levels)];
  if (category !== ALL_CATEGORIES) parts.push(eq(flashcards.category, category));
  if (filter === 'flagged') parts.push(flaggedBy(userId));
  // the saved cards studied as a deck (/saved, decision 102)
  if (filter === 'saved') parts.push(hasMark(userId, 'flashcard', 'bookmark', flashcards.key));
  return and(...parts)!;
}

/** Category counts of a deck and the student's correct / wrong / flagged tallies in it. */
export async function deckSummary({ db }: ServiceDeps, userId: string, levels: ContentLevel[]) {
  const rows = await db
    .select({
      category: flashcards.category,
      total: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${uft.isCorrect})::int`,
      wrong: sql<number>`count(*) filter (where ${uft.isWrong})::int`,
      flagged: sql<number>`count(*) filter (where ${flaggedBy(userId)})::int`,
    })
    .from(flashcards)
    .leftJoin(uft, joinMine(userId))
    .where(inArray(flashcards.courseLevel, levels))
    .groupBy(flashcards.category);
  return rows;
}

/** 2^31 − 1, a prime: `key × a + b mod P` is a permutation of the shuffle keys for any a in 1..P−1. */
const SHUFFLE_PRIME = 2_147_483_647;

/** The affine map a seed stands for: different seeds give unrelated orders, the same seed the same one. */
export function shuffleOf(seed: string): { a: number; b: number } {
  const h = createHash('sha256').update(seed).digest();
  return { a: 1 + (h.readUInt32BE(0) % (SHUFFLE_PRIME - 1)), b: h.readUInt32BE(4) % SHUFFLE_PRIME };
}

/**
 * One page of a deck in a random order that stays the same for a given seed, so pages never repeat
 * or skip a card. Each card has a fixed random `shuffle_key`; the seed's affine map of it is the
 * order: one integer per card to sort (top-N), the page's ids first, its texts and the student's
 * state for those 20 only. The first page (and a short last one) tells the deck's size; no request
 * returns the whole deck.
 */
export async function deckPage(
  { db }: ServiceDeps,
  userId: string,
  levels: ContentLevel[],
  opts: { category: string; filter: DeckFilter; seed: string; page: number; first?: number },
) {
  const { a, b } = shuffleOf(opts.seed);
  const where = deckWhere(userId, levels, opts.category, opts.filter);
  const shuffled = sql<number>`(${flashcards.shuffleKey}::bigint * ${a} + ${b}) % ${SHUFFLE_PRIME}`;
  // the card opened from /search leads the order (on every page alike, so it is shown once), if the deck has it
  const order = opts.first === undefined ? shuffled : sql<number>`case when ${flashcards.id} = ${opts.first} then -1 else ${shuffled} end`;
  const ids = db.$with('page_ids').as(
    db
      .select({ id: flashcards.id, ord: order.as('ord') })
      .from(flashcards)
      .where(where)
      .orderBy(sql`${sql.identifier('ord')}`, flashcards.id)
      .limit(FLASHCARD_PAGE_SIZE)
      .offset(opts.page * FLASHCARD_PAGE_SIZE),
  );
  const pageRows = db
    .with(ids)
    .select({
      id: flashcards.id,
      key: flashcards.key,
      category: flashcards.category,
      courseLevel: sql<ContentLevel>`${flashcards.courseLevel}`,
      front: flashcards.frontText,
      back: flashcards.backText,
      isFlagged: flaggedBy(userId),
      isCorrect: sql<boolean>`coalesce(${uft.isCorrect}, false)`,
      isWrong: sql<boolean>`coalesce(${uft.isWrong}, false)`,
    })
    .from(ids)
    .innerJoin(flashcards, eq(flashcards.id, ids.id))
    .leftJoin(uft, joinMine(userId))
    .orderBy(ids.ord, ids.id);
  const counted = opts.page === 0 ? deckSize(db, where) : Promise.resolve(undefined);
  const [cards, size] = await Promise.all([pageRows, counted]);
  const total = size ?? (cards.length < FLASHCARD_PAGE_SIZE ? opts.page * FLASHCARD_PAGE_SIZE + cards.length : undefined);
  return { ...(total === undefined ? {} : { total }), page: opts.page, cards };
}

async function deckSize(db: Db, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(flashcards)
    .where(where);
  return row?.n ?? 0;
}

/**
 * Saves the student's state of one card (idempotent: the same state twice is one row). One statement
 * checks that the card exists in the student's levels and upserts; only a refusal asks why.
 */
export async function saveCardState(
  deps: ServiceDeps,
  userId: string,
  cardId: number,
  state: { isFlagged: boolean; isCorrect: boolean; isWrong: boolean },
  levels: ContentLevel[],
  review?: { clientId: string; reviewedAt?: Date },
) {
  if (review && (state.isCorrect || state.isWrong)) return answerCard(deps, userId, cardId, state, levels, review);
  const { db } = deps;
  const { rows } = await db.execute<{ id: number; course_level: string }>(sql`
    with card as (
      select ${flashcards.id} as id, ${flashcards.key} as key, ${flashcards.courseLevel} as course_level from ${flashcards}
      where ${flashcards.id} = ${cardId} and ${inArray(flashcards.courseLevel, levels)}
    ), saved as (
      insert into ${uft} (user_id, flashcard_id, is_correct, is_wrong, last_studied_at)
      select ${userId}::text, card.id, ${state.isCorrect}::boolean, ${state.isWrong}::boolean, ${deps.now()}::timestamptz from card
      on conflict (user_id, flashcard_id) do update
        set is_correct = excluded.is_correct, is_wrong = excluded.is_wrong, last_studied_at = excluded.last_studied_at
      returning 1
    ), ${
      state.isFlagged
        ? sql`flagged as (
            insert into item_marks (user_id, kind, key, mark) select ${userId}::text, 'flashcard', card.key, 'flag' from card
            on conflict do nothing returning 1)`
        : sql`unflagged as (
            delete from item_marks m using card
            where m.user_id = ${userId} and m.kind = 'flashcard' and m.key = card.key and m.mark = 'flag' returning 1)`
    }
    select card.id, card.course_level from card, saved`);
  const saved = rows[0];
  if (saved) return { id: saved.id, courseLevel: contentLevel(saved.course_level), ...state };
  return refuse(db, cardId);
}

/** The card's level as the contract types it (the column holds only these two: content/FORMAT.md). */
export const contentLevel = (v: string) => (v === 'EMT' ? ('EMT' as const) : ('Paramedic' as const));

async function refuse(db: Db, cardId: number): Promise<never> {
  const [card] = await db.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.id, cardId));
  if (!card) throw new HttpError(404, ERROR_CODES.notFound, 'This card no longer exists.');
  throw new HttpError(403, ERROR_CODES.levelNotAvailable, 'This card is not part of your course level.');
}

/**
 * A Correct / Wrong answer in a deck: the same card-state write, made by the review recorder in the statement that schedules
 * the card with FSRS (Correct = Good, Wrong = Again) and logs the review; a retry with the same client id is applied once.
 */
async function answerCard(
  deps: ServiceDeps,
  userId: string,
  cardId: number,
  state: { isFlagged: boolean; isCorrect: boolean; isWrong: boolean },
  levels: ContentLevel[],
  review: { clientId: string; reviewedAt?: Date },
) {
  const { db } = deps;
  const [card] = await db
    .select({ id: flashcards.id, key: flashcards.key, courseLevel: flashcards.courseLevel })
    .from(flashcards)
    .where(and(eq(flashcards.id, cardId), inArray(flashcards.courseLevel, levels)));
  if (!card) return refuse(db, cardId);
  const grade = gradeOfAnswer(state.isCorrect ? 'correct' : 'wrong');
  await recordReview(deps, {
    userId,
    kind: 'flashcard',
    key: card.key,
    grade,
    clientId: review.clientId,
    source: 'deck',
    ...(review.reviewedAt ? { reviewedAt: review.reviewedAt } : {}),
    flashcard: { id: card.id, isFlagged: state.isFlagged },
  });
  return { id: card.id, courseLevel: contentLevel(card.courseLevel), ...state };
}

/** "Unflag Correct": clears the flag of every flagged card the student has marked correct in the deck. */
export async function unflagCorrect({ db }: ServiceDeps, userId: string, levels: ContentLevel[], category: string) {
  const keys = db
    .select({ key: flashcards.key })
    .from(flashcards)
    .innerJoin(uft, joinMine(userId))
    .where(
      and(
        eq(uft.isCorrect, true),
        inArray(flashcards.courseLevel, levels),
        category === ALL_CATEGORIES ? undefined : eq(flashcards.category, category),
      ),
    );
  const rows = await db
    .delete(itemMarks)
    .where(and(eq(itemMarks.userId, userId), eq(itemMarks.kind, 'flashcard'), eq(itemMarks.mark, 'flag'), inArray(itemMarks.key, keys)))
    .returning({ key: itemMarks.key });
  return { count: rows.length };
}
