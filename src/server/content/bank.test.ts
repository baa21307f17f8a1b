// The bank's bars (content/FORMAT.md "Bank bars") on hand-made banks: a bank built to the bars passes, and each bar fails
// on a bank that misses it by a little. Expected shares are worked out in the comments.
import { describe, expect, it } from 'vitest';
import type { ContentLevel } from '../../shared/constants';
import { EXAM_BLUEPRINT, type QuestionCaseFile, type QuestionItemFile } from '../../shared/questions';
import { bankLines, bankProblems, enforcedBankProblems, measureBank } from './bank';

const option = (text: string, correct: boolean) => ({ text, rationale: 'why', correct });

function item(level: ContentLevel, domain: string, n: number, over: Partial<QuestionItemFile> = {}): QuestionItemFile {
  return {
    key: `${level.toLowerCase()}-x-${String(n).padStart(4, '0')}`,
    course_level: level,
    type: 'single',
    domain,
    topic: 'Medical',
    difficulty: (n % 5) + 1,
    pediatric: false,
    stem: 'A patient. What next?',
    options: [option('aaaa', true), option('bbbb', false), option('cccc', false), option('dddd', false)],
    reference: 'ref',
    ...over,
  };
}

const multiple = (keyed: string, wrong: string) => ({
  type: 'multiple' as const,
  options: [option(keyed, true), option(keyed, true), option(wrong, false), option(wrong, false), option(wrong, false)],
});

/**
 * 600 items per level: each domain at the middle of its range (EMT 17/41/7/22/12 % -> 102/246/42/132/72),
 * difficulty 1..5 in turn; then every 10th item multiple (60 = 10 %), every 20th from the 5th build
 * list (30 = 5 %), every 20th from the 15th options table (30 = 5 %), every 8th pediatric (75 = 12.5 %),
 * enough case sets, and 40 ECG items for Paramedic; every third item of each domain, from its first, in the
 * exam pool (EMT 34/82/14/44/24: 33.3 % of each).
 */
function goodBank(level: ContentLevel) {
  const items: QuestionItemFile[] = [];
  const domains = EXAM_BLUEPRINT[level].domains;
  const counts = domains.map((d) => Math.round((6 * (d.min + d.max)) / 2));
  counts[0]! += 600 - counts.reduce((a, b) => a + b, 0);
  domains.forEach((d, di) => {
    for (let k = 0; k < counts[di]!; k++) items.push(item(level, d.name, items.length, k % 3 === 0 ? { pool: 'exam' } : {}));
  });
  items.forEach((it, i) => {
    if (i % 10 === 0) Object.assign(it, multiple('eeee', 'ffff'));
    else if (i % 20 === 5) it.type = 'build_list';
    else if (i % 20 === 15) it.type = 'options_table';
    if (i % 8 === 0) it.pediatric = true;
    if (level === 'Paramedic' && i % 15 === 1) it.image = 'ekg/sinus-tachycardia.svg';
  });
  const cases: QuestionCaseFile[] = Array.from({ length: level === 'EMT' ? 20 : 40 }, (_, i) => ({
    key: `case-${i}`,
    course_level: level,
    title: 't',
    presentation: 'p',
  }));
  return { items, cases };
}

describe('the question bank bars', () => {
  for (const level of ['EMT', 'Paramedic'] as const)
    it(`a ${level} bank built to the bars meets every one`, () => {
      const { items, cases } = goodBank(level);
      const f = measureBank(items, cases, level);
      expect(f.items).toBe(600);
      expect(f.byType.multiple).toBe(60);
      expect(f.byType.build_list).toBe(30);
      expect(f.byType.options_table).toBe(30);
      expect(f.pediatric).toBe(75);
      expect(f.multipleRatio).toBe(1);
      if (level === 'Paramedic') expect(f.ecgItems).toBe(40);
      expect(f.domains.map((d) => d.exam)).toEqual(f.domains.map((d) => Math.ceil(d.items / 3)));
      expect(bankProblems(f)).toEqual({ quality: [], shape: [], pool: [] });
      expect(bankLines(f)[0]).toContain(`bank ${level}: 600 items`);
    });

  it('counts only the level asked for', () => {
    const emt = goodBank('EMT');
    const para = goodBank('Paramedic');
    const f = measureBank([...emt.items, ...para.items], [...emt.cases, ...para.cases], 'EMT');
    expect(f.items).toBe(600);
    expect(f.caseSets).toBe(20);
  });

  it('fails a bank under 600 items, a domain outside its range by more than 4 points, and thin item types', () => {
    const { items, cases } = goodBank('EMT');
    // drop 60 Primary Assessment items (246 -> 186 of 540 = 34.4 %, under 39 - 4 = 35 %): also 599 -> 540 items
    const pa = items.filter((i) => i.domain === 'Primary Assessment').slice(0, 60);
    const fewer = items.filter((i) => !pa.includes(i));
    const shape = bankProblems(measureBank(fewer, cases, 'EMT')).shape;
    expect(shape).toEqual(
      expect.arrayContaining([
        'questions EMT: 540 items (bar: at least 600)',
        'questions EMT Primary Assessment: 34.4 % of items (blueprint 39-43 %, bar: 35-47 %)',
      ]),
    );
    // 47 % (43 + 4) is still inside: move 36 Operations items into Primary Assessment: 282 of 600
    const moved = items.map((i, n) => (i.domain === 'Operations' && n % 2 === 0 ? { ...i, domain: 'Primary Assessment' } : i));
    const paShare = measureBank(moved, cases, 'EMT').domains.find((d) => d.name === 'Primary Assessment')!.sharePct;
    expect(paShare).toBeCloseTo(47, 5);
    expect(bankProblems(measureBank(moved, cases, 'EMT')).shape.filter((p) => p.includes('Primary Assessment'))).toEqual([]);
  });

  it('fails a bank short of multiple response, build list, table and drag, or pediatric items', () => {
    const { items, cases } = goodBank('EMT');
    // one multiple, one build list and one options table fewer: 59, 29 and 29 of 600
    const firstOf = (pred: (i: QuestionItemFile) => boolean) => items.findIndex(pred);
    const thin = items.map((i) => ({ ...i }));
    thin[firstOf((i) => i.type === 'multiple')] = item('EMT', thin[0]!.domain, 0);
    thin[firstOf((i) => i.type === 'build_list')]!.type = 'single';
    thin[firstOf((i) => i.type === 'options_table')]!.type = 'single';
    // the replaced multiple item was pediatric; with 4 more fewer: 70 of 600 = 11.7 %
    thin
      .filter((i) => i.pediatric)
      .slice(0, 4)
      .forEach((i) => (i.pediatric = false));
    expect(bankProblems(measureBank(thin, cases, 'EMT')).shape).toEqual([
      'questions EMT: multiple response 9.8 % of items (bar: at least 10 %)',
      'questions EMT: build list 4.8 % of items (bar: at least 5 %)',
      'questions EMT: options table and drag and drop 4.8 % of items (bar: at least 5 %)',
      'questions EMT: pediatric 11.7 % of items (bar: at least 12 %)',
    ]);
  });

  it('fails too few case sets and, for Paramedic, too few ECG-strip items', () => {
    const emt = goodBank('EMT');
    expect(bankProblems(measureBank(emt.items, emt.cases.slice(1), 'EMT')).shape).toEqual([
      'questions EMT: 19 case sets (bar: at least 20)',
    ]);
    const para = goodBank('Paramedic');
    const oneEcgLess = para.items.map((i) => ({ ...i }));
    delete oneEcgLess.find((i) => i.image)!.image;
    expect(bankProblems(measureBank(oneEcgLess, para.cases, 'Paramedic')).shape).toEqual([
      'questions Paramedic: 39 items on an ECG strip (bar: at least 40)',
    ]);
  });

  it('fails multiple-response items whose keyed options are longer than 1.3x the wrong ones', () => {
    const { items, cases } = goodBank('EMT');
    // keyed 14 characters, wrong 10: 1.4x
    const long = items.map((i) => (i.type === 'multiple' ? { ...i, ...multiple('k'.repeat(14), 'w'.repeat(10)) } : i));
    const f = measureBank(long, cases, 'EMT');
    expect(f.multipleRatio).toBeCloseTo(1.4, 10);
    expect(bankProblems(f).quality).toEqual([
      'questions EMT: in multiple-response items the keyed options are 1.40x as long as the wrong ones on average (bar: at most 1.3x)',
    ]);
    // 13 / 10 = 1.3 exactly is within the bar
    const atBar = items.map((i) => (i.type === 'multiple' ? { ...i, ...multiple('k'.repeat(13), 'w'.repeat(10)) } : i));
    expect(bankProblems(measureBank(atBar, cases, 'EMT')).quality).toEqual([]);
  });

  it('fails a domain with more than half its items at one difficulty, or with no easy or no hard items', () => {
    const { items, cases } = goodBank('EMT');
    // Secondary Assessment has 42 items: n of them at difficulty 3, the rest 1, 2, 4, 5 in turn;
    // 22 at 3 is 52.4 %, 21 (50 %) is within the bar
    const setThree = (n: number) => {
      let k = 0;
      return items.map((i) => {
        if (i.domain !== 'Secondary Assessment') return i;
        const difficulty = k < n ? 3 : [1, 2, 4, 5][k % 4]!;
        k++;
        return { ...i, difficulty };
      });
    };
    expect(bankProblems(measureBank(setThree(22), cases, 'EMT')).quality).toEqual([
      'questions EMT Secondary Assessment: 22 of 42 items are at difficulty 3 (52.4 %, bar: at most 50 % at one difficulty)',
    ]);
    expect(bankProblems(measureBank(setThree(21), cases, 'EMT')).quality).toEqual([]);
    const noHard = items.map((i) => (i.domain === 'Operations' && i.difficulty >= 4 ? { ...i, difficulty: i.difficulty - 3 } : i));
    expect(bankProblems(measureBank(noHard, cases, 'EMT')).quality).toEqual([
      'questions EMT Operations: no hard (difficulty 4-5) items (every domain covers easy to hard)',
    ]);
  });

  it('fails a domain with less than 30 % of its items in the exam pool, and prints practice / exam per domain', () => {
    const { items, cases } = goodBank('Paramedic');
    // EMS Operations has 60 items: the first n of them in the exam pool, the rest practice; 18 (30 %) is
    // within the bar, 17 (28.3 %) is not
    const examFirst = (domain: string, n: number) => {
      let k = 0;
      return items.map((i) => {
        if (i.domain !== domain) return i;
        const { pool: _, ...practice } = i;
        return k++ < n ? { ...i, pool: 'exam' as const } : practice;
      });
    };
    const at18 = measureBank(examFirst('EMS Operations', 18), cases, 'Paramedic');
    expect(at18.domains.find((d) => d.name === 'EMS Operations')).toMatchObject({ items: 60, exam: 18 });
    expect(bankProblems(at18).pool).toEqual([]);
    expect(bankLines(at18)).toContain('    EMS Operations: practice 42 / exam 18 (30.0 % exam)');
    expect(bankProblems(measureBank(examFirst('EMS Operations', 17), cases, 'Paramedic')).pool).toEqual([
      'questions Paramedic EMS Operations: 17 of 60 items in the exam pool (28.3 %, bar: at least 30 %)',
    ]);
    // a bank with no exam pool fails in every domain, and nothing else
    const practiceOnly = items.map(({ pool: _, ...i }) => i);
    const none = bankProblems(measureBank(practiceOnly, cases, 'Paramedic'));
    expect(none.pool).toHaveLength(6);
    expect(none.pool[0]).toBe(
      'questions Paramedic Airway, Respiration & Ventilation: 0 of 48 items in the exam pool (0.0 %, bar: at least 30 %)',
    );
    expect({ ...none, pool: [] }).toEqual({ quality: [], shape: [], pool: [] });
  });

  it('fails content:check only on the bars enforced', () => {
    const { items, cases } = goodBank('EMT');
    const f = measureBank(items.slice(0, 100), cases, 'EMT');
    expect(enforcedBankProblems([f], { quality: true, shape: false, pool: true })).toEqual([]);
    expect(enforcedBankProblems([f], { quality: true, shape: true, pool: true })).toContain('questions EMT: 100 items (bar: at least 600)');
    const practiceOnly = measureBank(
      items.map(({ pool: _, ...i }) => i),
      cases,
      'EMT',
    );
    expect(enforcedBankProblems([practiceOnly], { quality: true, shape: true, pool: false })).toEqual([]);
    expect(enforcedBankProblems([practiceOnly])).toHaveLength(5);
  });
});
