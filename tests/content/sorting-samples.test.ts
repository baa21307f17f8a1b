import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { questionCategories } from '@shared/sorting';
import { SAMPLE_QUESTIONS } from '../../src/client/features/sorting/samples';

describe('built-in sample sorting questions', () => {
  it('are six well-formed questions (4 to 8 items, 2 to 4 categories, unique keys)', () => {
    expect(SAMPLE_QUESTIONS).toHaveLength(6);
    for (const q of SAMPLE_QUESTIONS) {
      expect(q.items.length).toBeGreaterThanOrEqual(4);
      expect(q.items.length).toBeLessThanOrEqual(8);
      expect(q.categories).toEqual(questionCategories(q.items));
      expect(q.categories.length).toBeGreaterThanOrEqual(2);
      expect(q.categories.length).toBeLessThanOrEqual(4);
      expect(new Set(q.items.map((i) => i.itemKey)).size).toBe(q.items.length);
      expect(q.reference).toBeTruthy();
    }
  });
  it('never share an id with the question bank, so their progress stays apart', () => {
    const bank = JSON.parse(readFileSync('content/sorting/questions.json', 'utf8')) as { question_id: number }[];
    const ids = new Set(bank.map((q) => q.question_id));
    expect(SAMPLE_QUESTIONS.filter((q) => ids.has(q.questionId))).toEqual([]);
    expect(new Set(SAMPLE_QUESTIONS.map((q) => q.questionId)).size).toBe(6);
  });
});
