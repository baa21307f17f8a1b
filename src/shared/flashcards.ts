import { z } from 'zod';
import { ALL_CATEGORIES, FLASHCARD_CATEGORIES, type ContentLevel, type CourseLevel } from './constants';
import { levelsOf } from './levels';

/** Flashcard rules shared by the deck screen and the API (docs/product.md §2, §4 and §9). */
export const FLASHCARD_PAGE_SIZE = 20;
export const PREFETCH_WHEN_REMAINING = 5;

export const DECKS = ['paramedic', 'emt', 'mine'] as const;
export type Deck = (typeof DECKS)[number];

/** Which cards of a deck: all, the student's flagged ones, or their saved (bookmarked) ones (decision 102). */
export const DECK_FILTERS = ['all', 'flagged', 'saved'] as const;
export type DeckFilter = (typeof DECK_FILTERS)[number];

/** The content levels a deck draws from for a student of the given course level; null when refused. */
export function deckLevels(deck: Deck, courseLevel: CourseLevel): ContentLevel[] | null {
  const may = (level: ContentLevel) => courseLevel === 'Both' || courseLevel === level;
  if (deck === 'paramedic') return may('Paramedic') ? ['Paramedic'] : null;
  if (deck === 'emt') return may('EMT') ? ['EMT'] : null;
  return levelsOf(courseLevel);
}

export const categoryParam = z.union([z.literal(ALL_CATEGORIES), z.enum(FLASHCARD_CATEGORIES)]).default(ALL_CATEGORIES);

/** The category label shows on a card only for All Categories, Medical or Medications. */
export function showCategoryLabel(selected: string): boolean {
  return selected === ALL_CATEGORIES || selected === 'Medical' || selected === 'Medications';
}

export function isImageFront(front: string): boolean {
  return /^(\/|https:\/\/)\S+\.(svg|png|jpe?g|webp|gif)$/i.test(front.trim());
}

export interface CardState {
  isFlagged: boolean;
  isCorrect: boolean;
  isWrong: boolean;
}

export type CardAction = 'correct' | 'wrong' | 'flag';

/** Marking correct clears wrong and vice versa; flag toggles (docs/product.md §4). */
export function applyCardAction(state: CardState, action: CardAction): CardState {
  if (action === 'correct') return { ...state, isCorrect: true, isWrong: false };
  if (action === 'wrong') return { ...state, isCorrect: false, isWrong: true };
  return { ...state, isFlagged: !state.isFlagged };
}

/** The index after an answer or flag, wrapping at the end. */
export function nextIndex(index: number, total: number): number {
  return total === 0 ? 0 : (index + 1) % total;
}
export function previousIndex(index: number, total: number): number {
  return total === 0 ? 0 : (index - 1 + total) % total;
}

/** Whether the page after the loaded ones should be fetched now. */
export function shouldPrefetch(index: number, loaded: number, total: number): boolean {
  return loaded < total && loaded - index - 1 <= PREFETCH_WHEN_REMAINING;
}
