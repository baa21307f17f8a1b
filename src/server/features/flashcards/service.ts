import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ALL_CATEGORIES, type ContentLevel } from '../../../shared/constants';
import { deckLevels, FLASHCARD_PAGE_SIZE, type Deck } from '../../../shared/flashcards';
import type { Db } from '../../db/client';
import { courseLevelOf } from '../account/service';
import { flashcards, userFlashcardInteractions as uft } from '../../db/schema';
import { HttpError } from '../../lib/http';

export async function levelsFor(db: Db, userId: string, deck: Deck): Promise<ContentLevel[]> {
  const levels = deckLevels(deck, await courseLevelOf(db, userId));
  if (!levels) throw new HttpError(403, 'DECK_NOT_AVAILABLE', `The ${deck === 'emt' ? 'EMT' : 'Paramedic'} deck is not part of your course level.`);
  return levels;
}

const joinMine = (userId: string) => and(eq(uft.flashcardId, flashcards.id), eq(uft.userId, userId));

function deckWhere(levels: ContentLevel[], category: string, flaggedOnly: boolean): SQL {
  const parts: SQL[] = [inArray(flashcards.courseLevel, levels)];
  if (category !== ALL_CATEGORIES) parts.push(eq(flashcards.category, category));
  if (flaggedOnly) parts.push(eq(uft.isFlagged, true));
  return and(...parts)!;
}

/** Category counts of a deck and the student's correct / wrong / flagged tallies in it. */
export async function deckSummary(db: Db, userId: string, levels: ContentLevel[]) {
  const rows = await db
    .select({
      category: flashcards.category,
      total: sql<number>`count(*)::int`,
      correct: sql<number>`count(*) filter (where ${uft.isCorrect})::int`,
      wrong: sql<number>`count(*) filter (where ${uft.isWrong})::int`,
      flagged: sql<number>`count(*) filter (where ${uft.isFlagged})::int`,
    })
    .from(flashcards)
    .leftJoin(uft, joinMine(userId))
    .where(inArray(flashcards.courseLevel, levels))
    .groupBy(flashcards.category);
  return rows;
}

/**
 * One page of a deck in a random order that stays the same for a given seed, so pages never repeat
 * or skip a card; the first page also tells the deck's size. No request returns the whole deck.
 */
export async function deckPage(db: Db, userId: string, levels: ContentLevel[], opts: { category: string; flagged: boolean; seed: string; page: number }) {
  const rows = await db
    .select({
      id: flashcards.id,
      category: flashcards.category,
      courseLevel: flashcards.courseLevel,
      front: flashcards.frontText,
      back: flashcards.backText,
      isFlagged: sql<boolean>`coalesce(${uft.isFlagged}, false)`,
      isCorrect: sql<boolean>`coalesce(${uft.isCorrect}, false)`,
      isWrong: sql<boolean>`coalesce(${uft.isWrong}, false)`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(flashcards)
    .leftJoin(uft, joinMine(userId))
    .where(deckWhere(levels, opts.category, opts.flagged))
    .orderBy(sql`md5(${flashcards.id}::text || ${opts.seed})`, flashcards.id)
    .limit(FLASHCARD_PAGE_SIZE)
    .offset(opts.page * FLASHCARD_PAGE_SIZE);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(flashcards)
      .leftJoin(uft, joinMine(userId))
      .where(deckWhere(levels, opts.category, opts.flagged));
    total = c?.n ?? 0;
  }
  return { total, page: opts.page, cards: rows.map(({ total: _t, ...card }) => card) };
}

/** Saves the student's state of one card (idempotent: the same state twice is one row). */
export async function saveCardState(db: Db, userId: string, cardId: number, state: { isFlagged: boolean; isCorrect: boolean; isWrong: boolean }, levels: ContentLevel[]) {
  const [card] = await db.select({ id: flashcards.id, level: flashcards.courseLevel }).from(flashcards).where(eq(flashcards.id, cardId));
  if (!card) throw new HttpError(404, 'NOT_FOUND', 'This card no longer exists.');
  if (!levels.includes(card.level as ContentLevel)) throw new HttpError(403, 'DECK_NOT_AVAILABLE', 'This card is not part of your course level.');
  const now = new Date();
  await db
    .insert(uft)
    .values({ userId, flashcardId: cardId, ...state, lastStudiedAt: now })
    .onConflictDoUpdate({ target: [uft.userId, uft.flashcardId], set: { ...state, lastStudiedAt: now } });
  return { id: cardId, courseLevel: card.level, ...state };
}

/** "Unflag Correct": clears the flag of every flagged card the student has marked correct in the deck. */
export async function unflagCorrect(db: Db, userId: string, levels: ContentLevel[], category: string) {
  const ids = db
    .select({ id: flashcards.id })
    .from(flashcards)
    .where(and(inArray(flashcards.courseLevel, levels), category === ALL_CATEGORIES ? undefined : eq(flashcards.category, category)));
  const rows = await db
    .update(uft)
    .set({ isFlagged: false })
    .where(and(eq(uft.userId, userId), eq(uft.isFlagged, true), eq(uft.isCorrect, true), inArray(uft.flashcardId, ids)))
    .returning({ id: uft.flashcardId });
  return { count: rows.length };
}
