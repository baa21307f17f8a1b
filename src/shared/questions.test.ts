import { startSessionSchema } from './contracts/questions';
import { describe, expect, it } from 'vitest';
import {
  caseUpdateFor,
  checkQuestionContent,
  EXAM_BLUEPRINT,
  keyedAnswer,
  measureSingleItems,
  needsReview,
  questionItemFileSchema,
  scoreAnswer,
  type QuestionItemFile,
  type ScorableItem,
} from './questions';

const single: ScorableItem = {
  type: 'single',
  options: [
    { id: 'a', correct: false },
    { id: 'b', correct: true },
    { id: 'c', correct: false },
    { id: 'd', correct: false },
  ],
};
const multiple: ScorableItem = {
  type: 'multiple',
  options: [
    { id: 'a', correct: true },
    { id: 'b', correct: false },
    { id: 'c', correct: true },
    { id: 'd', correct: false },
    { id: 'e', correct: true },
  ],
};
const buildList: ScorableItem = {
  type: 'build_list',
  options: [
    { id: 'a', position: 3 },
    { id: 'b', position: 1 },
    { id: 'c', position: 4 },
    { id: 'd', position: 2 },
  ],
};
const table: ScorableItem = {
  type: 'options_table',
  categories: ['Indicated', 'Contraindicated'],
  options: [
    { id: 'a', category: 'Indicated' },
    { id: 'b', category: 'Contraindicated' },
    { id: 'c', category: 'Indicated' },
  ],
};
const drag: ScorableItem = { ...table, type: 'drag_drop' };

describe('scoreAnswer: all or nothing, as on the NREMT', () => {
  it('single: the keyed option only', () => {
    expect(scoreAnswer(single, { choice: 'b' })).toBe(true);
    for (const wrong of ['a', 'c', 'd', 'z', '']) expect(scoreAnswer(single, { choice: wrong })).toBe(false);
  });

  it('multiple: exactly the keyed set, in any order; a subset, a superset or a repeat is wrong', () => {
    expect(scoreAnswer(multiple, { choices: ['a', 'c', 'e'] })).toBe(true);
    expect(scoreAnswer(multiple, { choices: ['e', 'a', 'c'] })).toBe(true);
    expect(scoreAnswer(multiple, { choices: ['a', 'c'] })).toBe(false); // partial
    expect(scoreAnswer(multiple, { choices: ['a', 'c', 'e', 'b'] })).toBe(false);
    expect(scoreAnswer(multiple, { choices: ['a', 'c', 'b'] })).toBe(false);
    expect(scoreAnswer(multiple, { choices: ['a', 'a', 'c'] })).toBe(false);
    expect(scoreAnswer(multiple, { choices: [] })).toBe(false);
  });

  it('build list: the exact order of every option', () => {
    expect(scoreAnswer(buildList, { order: ['b', 'd', 'a', 'c'] })).toBe(true);
    expect(scoreAnswer(buildList, { order: ['d', 'b', 'a', 'c'] })).toBe(false); // two swapped
    expect(scoreAnswer(buildList, { order: ['b', 'd', 'a'] })).toBe(false); // partial
    expect(scoreAnswer(buildList, { order: ['b', 'd', 'a', 'c', 'c'] })).toBe(false);
  });

  it('options table and drag and drop: every row in its category', () => {
    for (const item of [table, drag]) {
      expect(scoreAnswer(item, { placements: { a: 'Indicated', b: 'Contraindicated', c: 'Indicated' } })).toBe(true);
      expect(scoreAnswer(item, { placements: { c: 'Indicated', a: 'Indicated', b: 'Contraindicated' } })).toBe(true);
      expect(scoreAnswer(item, { placements: { a: 'Indicated', b: 'Indicated', c: 'Indicated' } })).toBe(false); // 2 of 3 right
      expect(scoreAnswer(item, { placements: { a: 'Indicated', b: 'Contraindicated' } })).toBe(false); // a row unplaced
      expect(scoreAnswer(item, { placements: { a: 'Indicated', b: 'Contraindicated', c: 'Indicated', z: 'Indicated' } })).toBe(false);
    }
  });

  it('malformed answers and other types’ shapes are wrong, never an error', () => {
    for (const bad of [null, undefined, 'b', 1, [], {}, { choice: 1 }, { choice: 'b', extra: 1 }, { choices: 'abc' }, { order: [1, 2] }])
      for (const item of [single, multiple, buildList, table, drag]) expect(scoreAnswer(item, bad)).toBe(false);
    expect(scoreAnswer(single, { choices: ['b'] })).toBe(false);
    expect(scoreAnswer(multiple, { choice: 'a' })).toBe(false);
    expect(scoreAnswer(buildList, { choices: ['b', 'd', 'a', 'c'] })).toBe(false);
    expect(scoreAnswer(table, { order: ['a', 'b', 'c'] })).toBe(false);
    expect(scoreAnswer(drag, { placements: ['Indicated'] })).toBe(false);
  });

  it('the keyed answer of each type scores right', () => {
    expect(keyedAnswer(single)).toEqual({ choice: 'b' });
    expect(keyedAnswer(multiple)).toEqual({ choices: ['a', 'c', 'e'] });
    expect(keyedAnswer(buildList)).toEqual({ order: ['b', 'd', 'a', 'c'] });
    expect(keyedAnswer(table)).toEqual({ placements: { a: 'Indicated', b: 'Contraindicated', c: 'Indicated' } });
    for (const item of [single, multiple, buildList, table, drag]) expect(scoreAnswer(item, keyedAnswer(item))).toBe(true);
  });
});

describe('the blueprint', () => {
  it('has the blueprint domains of docs/product.md §11, and each level’s weight ranges contain 100 %', () => {
    expect(EXAM_BLUEPRINT.EMT.domains.map((d) => d.name)).toEqual([
      'Scene Size-Up and Safety',
      'Primary Assessment',
      'Secondary Assessment',
      'Patient Treatment and Transport',
      'Operations',
    ]);
    expect(EXAM_BLUEPRINT.Paramedic.domains.map((d) => d.name)).toEqual([
      'Airway, Respiration & Ventilation',
      'Cardiology & Resuscitation',
      'Trauma',
      'Medical/OB/GYN',
      'EMS Operations',
      'Clinical Judgment',
    ]);
    for (const level of ['EMT', 'Paramedic'] as const) {
      const ds = EXAM_BLUEPRINT[level].domains;
      expect(ds.reduce((n, d) => n + d.min, 0)).toBeLessThanOrEqual(100);
      expect(ds.reduce((n, d) => n + d.max, 0)).toBeGreaterThanOrEqual(100);
    }
    expect(EXAM_BLUEPRINT.source).toMatch(/nremt\.org/);
  });
});

const base: QuestionItemFile = questionItemFileSchema.parse({
  key: 'emt-pa-0001',
  course_level: 'EMT',
  type: 'single',
  domain: 'Primary Assessment',
  topic: 'Medical',
  difficulty: 2,
  pediatric: false,
  stem: 'A 40-year-old woman is pale and sweaty. What do you do first?',
  options: [
    { text: 'Check her airway and breathing', rationale: 'First.', correct: true },
    { text: 'Take a blood pressure reading', rationale: 'Later.', correct: false },
    { text: 'Ask about her medical history', rationale: 'Later.', correct: false },
    { text: 'Move her to the stretcher now', rationale: 'Later.', correct: false },
  ],
  reference: 'National EMS Education Standards (2021)',
});
const check = (items: QuestionItemFile[]) =>
  checkQuestionContent({
    items: items.map((item) => ({ file: 'content/questions/emt/a.json', item })),
    cases: [],
    imageExists: () => true,
  });

describe('checkQuestionContent', () => {
  it('passes a well-formed item and names file, key and rule in each problem', () => {
    expect(check([base])).toEqual([]);
    expect(check([{ ...base, topic: 'Astrology' }])).toEqual([
      'content/questions/emt/a.json emt-pa-0001: topic: unknown topic "Astrology"',
    ]);
  });

  it('"least" alone is no negative stem; "least likely", NOT and EXCEPT are', () => {
    expect(check([{ ...base, stem: 'After at least 20 minutes of CPR, what do you do next?' }])).toEqual([]);
    for (const stem of ['Which is least likely to help?', 'All are indicated EXCEPT which?', 'Which is NOT indicated?'])
      expect(check([{ ...base, stem }]).join()).toMatch(/negative stem/);
  });

  it('a multiple-response stem states the keyed count with exactly "Select two." or "Select three."', () => {
    const m: QuestionItemFile = {
      ...base,
      type: 'multiple',
      stem: 'Which two are signs of shock? Select two.',
      options: [...base.options.map((o, i) => ({ ...o, correct: i < 2 })), { text: 'A fifth option', rationale: 'Wrong.', correct: false }],
    };
    expect(check([m])).toEqual([]);
    expect(check([{ ...m, stem: 'Which are signs of shock? Choose two.' }]).join()).toMatch(/select phrase.*Select two\./);
    expect(check([{ ...m, stem: 'Which are signs of shock? Select three.' }]).join()).toMatch(/select phrase/);
  });
});

describe('answer-cue measures of single items', () => {
  it('counts the keyed option as single longest only when strictly longest, and the 1.5x ratio in integers', () => {
    const item = (key: string, keyed: string, others: string[]) =>
      ({
        key,
        type: 'single' as const,
        options: [{ text: keyed, correct: true, rationale: 'r' }, ...others.map((t) => ({ text: t, correct: false, rationale: 'r' }))],
      }) satisfies Pick<QuestionItemFile, 'key' | 'type' | 'options'>;
    const [tie, longest, over] = measureSingleItems([
      item('tie', 'abcd', ['abcd', 'ab', 'ab']),
      item('longest', 'abcde', ['abcd', 'abcd', 'abcd']),
      item('over', 'a'.repeat(16), ['a'.repeat(10), 'a'.repeat(10), 'a'.repeat(11)]),
    ]);
    expect(tie).toMatchObject({ keyedLongest: false, withinRatio: true });
    expect(longest).toMatchObject({ keyedLongest: true, withinRatio: true });
    // 16 <= 1.5 x 31/3 = 15.5? no
    expect(over).toMatchObject({ keyedLongest: true, withinRatio: false });
  });
});

describe('the rest', () => {
  it('case updates so far, joined in order', () => {
    expect(caseUpdateFor({ '3': 'C', '2': 'B' }, 1)).toBeUndefined();
    expect(caseUpdateFor({ '3': 'C', '2': 'B' }, 2)).toBe('B');
    expect(caseUpdateFor({ '3': 'C', '2': 'B' }, 3)).toBe('B\n\nC');
    expect(caseUpdateFor(null, 3)).toBeUndefined();
  });

  it('flags an item for review only after 30 attempts', () => {
    expect(needsReview({ attempts: 29, percentCorrect: 5, pointBiserial: -0.5 })).toBe(false);
    expect(needsReview({ attempts: 30, percentCorrect: 50, pointBiserial: 0.3 })).toBe(false);
    expect(needsReview({ attempts: 30, percentCorrect: 50, pointBiserial: 0.09 })).toBe(true);
    expect(needsReview({ attempts: 30, percentCorrect: 19.9, pointBiserial: null })).toBe(true);
    expect(needsReview({ attempts: 30, percentCorrect: 95.1, pointBiserial: 0.3 })).toBe(true);
    expect(needsReview({ attempts: 30, percentCorrect: 95, pointBiserial: 0.1 })).toBe(false);
  });

  it('a session request takes the counts 10, 25 and 50 only', () => {
    const body = { level: 'EMT', count: 25, mode: 'tutor' };
    expect(startSessionSchema.parse(body)).toEqual({ ...body, domains: [], topics: [], filter: 'all' });
    expect(startSessionSchema.safeParse({ ...body, count: 20 }).success).toBe(false);
  });
});
