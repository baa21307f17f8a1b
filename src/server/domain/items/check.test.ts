import { describe, expect, it } from 'vitest';
import type { QuestionAnswer, QuestionType } from '../../../shared/questions';
import { levelsOf } from '../../../shared/levels';
import { HttpError } from '../../lib/http';
import { levelFor } from './access';
import { checkAnswer } from './check';
import { sessionOptions, type ItemRow } from './views';

// The one answer check (docs/decisions/082): the type's shape, then the options the item has (under the ids of the order
// shown), then the score — for every item type, with the option order reversed so ids and file positions differ.

const row = (type: QuestionType, options: ItemRow['body']['options'], categories?: string[]): ItemRow => ({
  key: `k-${type}`,
  type,
  domain: 'Primary Assessment',
  topic: 'Cardiology',
  pediatric: false,
  body: { stem: 'Stem?', options, reference: 'Ref', ...(categories ? { categories } : {}) },
  case_key: null,
  case_order: null,
  case_title: null,
  case_presentation: null,
  case_updates: null,
  flagged: false,
});
const opt = (text: string, extra: Partial<ItemRow['body']['options'][number]> = {}) => ({ text, rationale: `why ${text}`, ...extra });

const items: Record<QuestionType, ItemRow> = {
  single: row('single', [opt('A', { correct: true }), opt('B'), opt('C'), opt('D')]),
  multiple: row('multiple', [opt('A', { correct: true }), opt('B'), opt('C', { correct: true }), opt('D'), opt('E')]),
  build_list: row('build_list', [opt('first', { position: 1 }), opt('second', { position: 2 }), opt('third', { position: 3 })]),
  options_table: row(
    'options_table',
    [opt('x', { category: 'Yes' }), opt('y', { category: 'No' }), opt('z', { category: 'Yes' })],
    ['Yes', 'No'],
  ),
  drag_drop: row('drag_drop', [opt('p', { category: 'Left' }), opt('q', { category: 'Right' })], ['Left', 'Right']),
};

/** The ids under which option texts are shown in `perm`. */
const idsOf = (r: ItemRow, perm: number[]) => new Map(sessionOptions(r, perm).map((o) => [o.text, o.id]));

describe('checkAnswer', () => {
  const reversed = (n: number) => Array.from({ length: n }, (_, i) => n - 1 - i);
  const cases: [QuestionType, (id: Map<string, string>) => QuestionAnswer, (id: Map<string, string>) => QuestionAnswer][] = [
    ['single', (id) => ({ choice: id.get('A')! }), (id) => ({ choice: id.get('B')! })],
    ['multiple', (id) => ({ choices: [id.get('C')!, id.get('A')!] }), (id) => ({ choices: [id.get('A')!] })],
    [
      'build_list',
      (id) => ({ order: ['first', 'second', 'third'].map((t) => id.get(t)!) }),
      (id) => ({ order: ['second', 'first', 'third'].map((t) => id.get(t)!) }),
    ],
    [
      'options_table',
      (id) => ({ placements: { [id.get('x')!]: 'Yes', [id.get('y')!]: 'No', [id.get('z')!]: 'Yes' } }),
      (id) => ({ placements: { [id.get('x')!]: 'Yes', [id.get('y')!]: 'Yes', [id.get('z')!]: 'Yes' } }),
    ],
    [
      'drag_drop',
      (id) => ({ placements: { [id.get('p')!]: 'Left', [id.get('q')!]: 'Right' } }),
      (id) => ({ placements: { [id.get('p')!]: 'Right', [id.get('q')!]: 'Left' } }),
    ],
  ];
  it.each(cases)('%s: scores the keyed answer right and another wrong, in the order shown', (type, right, wrong) => {
    const r = items[type];
    const perm = reversed(r.body.options.length);
    const id = idsOf(r, perm);
    expect(checkAnswer(r, perm, right(id))).toMatchObject({ answer: right(id), correct: true });
    expect(checkAnswer(r, perm, wrong(id)).correct).toBe(false);
    // the same answer read under another order is another answer
    const other = idsOf(
      r,
      r.body.options.map((_, i) => i),
    );
    if (type !== 'drag_drop' && type !== 'options_table') expect(checkAnswer(r, perm, right(other)).correct).toBe(false);
  });

  // scored right or wrong as the NREMT does, with the count of the parts that were right for the feedback
  const partCases: [QuestionType, (id: Map<string, string>) => QuestionAnswer, { right: number; total: number } | null][] = [
    ['single', (id) => ({ choice: id.get('B')! }), null],
    ['multiple', (id) => ({ choices: [id.get('A')!, id.get('B')!] }), { right: 1, total: 2 }],
    ['build_list', (id) => ({ order: ['first', 'third', 'second'].map((t) => id.get(t)!) }), { right: 1, total: 3 }],
    [
      'options_table',
      (id) => ({ placements: { [id.get('x')!]: 'Yes', [id.get('y')!]: 'Yes', [id.get('z')!]: 'Yes' } }),
      { right: 2, total: 3 },
    ],
    ['drag_drop', (id) => ({ placements: { [id.get('p')!]: 'Left' } }), { right: 1, total: 2 }],
  ];
  it.each(partCases)('%s: a wrong answer stays wrong and says how many of its parts were right', (type, partly, parts) => {
    const r = items[type];
    const perm = reversed(r.body.options.length);
    const checked = checkAnswer(r, perm, partly(idsOf(r, perm)));
    expect(checked.correct).toBe(false);
    expect(checked.parts).toEqual(parts);
  });
  it('multiple: a choice too many costs a part, so only the keyed answer counts every part right', () => {
    const r = items.multiple;
    const perm = r.body.options.map((_, i) => i);
    const id = idsOf(r, perm);
    expect(checkAnswer(r, perm, { choices: [id.get('A')!, id.get('C')!] }).parts).toEqual({ right: 2, total: 2 });
    expect(checkAnswer(r, perm, { choices: [id.get('A')!, id.get('C')!, id.get('D')!] })).toMatchObject({
      correct: false,
      parts: { right: 1, total: 2 },
    });
  });

  it.each(Object.keys(items) as QuestionType[])('%s: refuses another type’s shape and unknown option ids (400 on answer)', (type) => {
    const r = items[type];
    const perm = r.body.options.map((_, i) => i);
    const otherShape = type === 'single' ? { choices: ['a'] } : { choice: 'a' };
    const unknown =
      type === 'single'
        ? { choice: 'z' }
        : type === 'multiple'
          ? { choices: ['a', 'z'] }
          : type === 'build_list'
            ? { order: ['a', 'z'] }
            : { placements: { z: r.body.categories![0]! } };
    for (const [answer, message] of [
      [otherShape, `This ${type.replace('_', ' ')} question takes another answer shape.`],
      [unknown, 'The answer names an option this question does not have.'],
    ] as const) {
      try {
        checkAnswer(r, perm, answer);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(HttpError);
        expect(e).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message });
        expect((e as HttpError).issues?.[0]?.path).toBe('answer');
      }
    }
  });
});

describe('levelsOf and levelFor', () => {
  it('maps a course level to its content levels, the student’s own first', () => {
    expect(levelsOf('EMT')).toEqual(['EMT']);
    expect(levelsOf('Paramedic')).toEqual(['Paramedic']);
    expect(levelsOf('Both')).toEqual(['Paramedic', 'EMT']);
  });
  it('gives the asked level within the course, the first without one, and refuses another with the one code', () => {
    expect(levelFor('Both', 'EMT')).toBe('EMT');
    expect(levelFor('Both', undefined)).toBe('Paramedic');
    expect(levelFor('EMT', undefined)).toBe('EMT');
    expect(() => levelFor('EMT', 'Paramedic', 'practice exam')).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'LEVEL_NOT_AVAILABLE',
        message: 'The Paramedic practice exam is not part of your course level (EMT).',
      }),
    );
  });
});
