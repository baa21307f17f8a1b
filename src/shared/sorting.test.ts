import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  gradeQuestion,
  orderQuestions,
  parseCompletedIds,
  progressText,
  questionCategories,
  shuffle,
  sortingLevelsFor,
  SORTING_INFO_TEXT,
  withLead,
} from './sorting';

const question = {
  items: [
    { itemKey: 'albuterol', medication: 'Albuterol', correctAnswer: 'Bronchodilator' },
    { itemKey: 'aspirin', medication: 'Aspirin', correctAnswer: 'Antiplatelet' },
    { itemKey: 'ipratropium', medication: 'Ipratropium', correctAnswer: 'Bronchodilator' },
    { itemKey: 'naloxone', medication: 'Naloxone', correctAnswer: 'Opioid antagonist' },
  ],
};

/** A fixed sequence of "random" numbers, so shuffles are predictable. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('sorting questions', () => {
  it('takes the distinct correct answers as categories, in order of first appearance', () => {
    expect(questionCategories(question.items)).toEqual(['Bronchodilator', 'Antiplatelet', 'Opioid antagonist']);
    expect(questionCategories([])).toEqual([]);
  });
  it('allows submitting only when every item has a choice', () => {
    expect(canSubmit(question, {})).toBe(false);
    expect(canSubmit(question, { albuterol: 'Bronchodilator', aspirin: 'Antiplatelet', ipratropium: 'Bronchodilator' })).toBe(false);
    expect(canSubmit(question, { albuterol: 'Bronchodilator', aspirin: 'Antiplatelet', ipratropium: 'Bronchodilator', naloxone: '' })).toBe(
      false,
    );
    expect(
      canSubmit(question, { albuterol: 'Antiplatelet', aspirin: 'Antiplatelet', ipratropium: 'Antiplatelet', naloxone: 'Antiplatelet' }),
    ).toBe(true);
    expect(canSubmit({ items: [] }, {})).toBe(false);
  });
  it('marks each item and passes the question only when every item is right', () => {
    const allRight = gradeQuestion(question, {
      albuterol: 'Bronchodilator',
      aspirin: 'Antiplatelet',
      ipratropium: 'Bronchodilator',
      naloxone: 'Opioid antagonist',
    });
    expect(allRight).toMatchObject({ score: 4, total: 4, percentage: 100, passed: true });
    const oneWrong = gradeQuestion(question, {
      albuterol: 'Bronchodilator',
      aspirin: 'Antiplatelet',
      ipratropium: 'Antiplatelet',
      naloxone: 'Opioid antagonist',
    });
    expect(oneWrong).toMatchObject({ score: 3, total: 4, percentage: 75, passed: false });
    expect(oneWrong.items.map((i) => i.correct)).toEqual([true, true, false, true]);
    expect(oneWrong.items[2]).toMatchObject({ chosen: 'Antiplatelet', item: { correctAnswer: 'Bronchodilator' } });
    expect(gradeQuestion(question, {})).toMatchObject({ score: 0, percentage: 0, passed: false });
    expect(gradeQuestion({ items: [] }, {})).toMatchObject({ total: 0, percentage: 0, passed: false });
  });
  it('gives a Both student both levels', () => {
    expect(sortingLevelsFor('Both')).toEqual(['Paramedic', 'EMT']);
    expect(sortingLevelsFor('EMT')).toEqual(['EMT']);
    expect(sortingLevelsFor('Paramedic')).toEqual(['Paramedic']);
  });
  it('states the exam note of section 9', () => {
    expect(SORTING_INFO_TEXT).toMatch(/added to the national exams in 2024 and 2025/);
    expect(SORTING_INFO_TEXT).toMatch(/All parts must be right for credit/);
  });
});

describe('question order and progress', () => {
  const qs = [1, 2, 3, 4, 5].map((questionId) => ({ questionId }));
  it('opens a search result first, even a completed one, and keeps the rest of the order', () => {
    const ids = (list: { questionId: number }[]) => list.map((q) => q.questionId);
    expect(ids(withLead(qs, 4))).toEqual([4, 1, 2, 3, 5]);
    expect(ids(withLead(qs, 1))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(withLead(qs, 99))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(withLead(qs, null))).toEqual([1, 2, 3, 4, 5]);
  });
  it('puts uncompleted questions first, then completed ones, each shuffled', () => {
    const ordered = orderQuestions(qs, new Set([2, 4]), seq(0));
    expect(
      ordered
        .slice(0, 3)
        .map((q) => q.questionId)
        .sort(),
    ).toEqual([1, 3, 5]);
    expect(
      ordered
        .slice(3)
        .map((q) => q.questionId)
        .sort(),
    ).toEqual([2, 4]);
    // random() = 0 always swaps the last element to the front: a real shuffle, not the input order
    expect(ordered.map((q) => q.questionId)).toEqual([3, 5, 1, 4, 2]);
    expect(orderQuestions(qs, new Set(), seq(0.999)).map((q) => q.questionId)).toEqual([1, 2, 3, 4, 5]);
  });
  it('shuffles without losing or repeating anything', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    const out = shuffle(list);
    expect([...out].sort((a, b) => a - b)).toEqual(list);
    expect(list[0]).toBe(0);
  });
  it('counts done and remaining over the questions on offer', () => {
    expect(progressText(qs, new Set())).toBe('0 done · 5 remaining');
    expect(progressText(qs, new Set([1, 5, 99]))).toBe('2 done · 3 remaining');
  });
  it('reads stored ids leniently', () => {
    expect(parseCompletedIds([1, '2', ' 3 ', 2, 'x', null, -4, 0, 1.5])).toEqual([1, 2, 3]);
  });
});
