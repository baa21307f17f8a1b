import { describe, expect, it } from 'vitest';
import { applyCardAction, deckLevels, isImageFront, nextIndex, previousIndex, shouldPrefetch, showCategoryLabel } from './flashcards';

const blank = { isFlagged: false, isCorrect: false, isWrong: false };

describe('card actions', () => {
  it('correct clears wrong, wrong clears correct, flag toggles', () => {
    const wrong = applyCardAction(blank, 'wrong');
    expect(wrong).toEqual({ isFlagged: false, isCorrect: false, isWrong: true });
    expect(applyCardAction(wrong, 'correct')).toEqual({ isFlagged: false, isCorrect: true, isWrong: false });
    const flagged = applyCardAction(applyCardAction(wrong, 'correct'), 'flag');
    expect(flagged).toEqual({ isFlagged: true, isCorrect: true, isWrong: false });
    expect(applyCardAction(flagged, 'flag').isFlagged).toBe(false);
  });
  it('moves to the next card and wraps at the end', () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(previousIndex(0, 3)).toBe(2);
    expect(nextIndex(0, 0)).toBe(0);
  });
});

describe('paging', () => {
  it('prefetches when 5 or fewer loaded cards remain', () => {
    expect(shouldPrefetch(0, 20, 100)).toBe(false);
    expect(shouldPrefetch(13, 20, 100)).toBe(false);
    expect(shouldPrefetch(14, 20, 100)).toBe(true);
    expect(shouldPrefetch(19, 20, 100)).toBe(true);
    expect(shouldPrefetch(19, 20, 20)).toBe(false);
  });
});

describe('deck levels', () => {
  it('keeps each student to their own level', () => {
    expect(deckLevels('paramedic', 'Paramedic')).toEqual(['Paramedic']);
    expect(deckLevels('paramedic', 'EMT')).toBeNull();
    expect(deckLevels('emt', 'Paramedic')).toBeNull();
    expect(deckLevels('emt', 'Both')).toEqual(['EMT']);
    expect(deckLevels('mine', 'Both')).toEqual(['Paramedic', 'EMT']);
    expect(deckLevels('mine', 'EMT')).toEqual(['EMT']);
  });
});

describe('card display', () => {
  it('labels the category only for All Categories, Medical and Medications', () => {
    expect(showCategoryLabel('All Categories')).toBe(true);
    expect(showCategoryLabel('Medical')).toBe(true);
    expect(showCategoryLabel('Medications')).toBe(true);
    expect(showCategoryLabel('Trauma')).toBe(false);
  });
  it('shows an image URL front as an image', () => {
    expect(isImageFront('/media/ekg/sinus-bradycardia.svg')).toBe(true);
    expect(isImageFront('https://cdn.example.com/a.png')).toBe(true);
    expect(isImageFront('What is the dose of adenosine?')).toBe(false);
    expect(isImageFront('javascript:alert(1).png')).toBe(false);
  });
});
