// Answer-cue measures on small hand-made items; every expected figure is worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { checkCues, cueWordsIn, measureDragDrop, measureScenarios, measureSorting, significantWords, stem, textLength } from './cues';

const step = (key: string, wrong: string[], choices = [key, ...wrong].join(';')) => ({
  Scenario: 'A patient.',
  'Scenario Step': 'Assessment',
  Prompt: 'What next?',
  Choices: choices,
  'Correct Choice': key,
  'Feedback Correct': '',
  'Feedback Incorrect': '',
});

const dd = (key: string, indicated: string[], not: string[]) => ({
  key,
  therapies: [
    ...indicated.map((n, i) => ({ therapy_key: `i${i}`, therapy_name: n, indicated: true, rationale: 'r' })),
    ...not.map((n, i) => ({ therapy_key: `n${i}`, therapy_name: n, indicated: false, rationale: 'r' })),
  ],
});

const sortQ = (key: string, items: [string, string][]) => ({
  key,
  items: items.map(([medication, correct_answer], i) => ({ key: `e${i + 1}`, medication, correct_answer, rationale: 'r' })),
});

const all = { scenarios: true, dragDrop: true, sorting: true };
const none = { scenarios: false, dragDrop: false, sorting: false };

describe('textLength', () => {
  it('counts characters after trimming, a character outside the BMP once (as Python len)', () => {
    expect(textLength('  Start CPR \n')).toBe(9);
    expect(textLength(' 🫀 CPR ')).toBe(5); // '🫀 CPR': heart, space, C, P, R
    expect(textLength('50–100 J')).toBe(8);
  });
});

describe('scenario steps', () => {
  const scenario = {
    key: 'fixture',
    steps: [
      // 1: key 13; wrong 11, 15, 11: mean 37/3 = 12.33, max 15 -> not longest; 13 <= 18.5 -> within
      step('Start CPR now', ['Give oxygen', 'Call for backup', 'Check pulse']),
      // 2: key 33; wrong 7, 8, 6: mean 7, max 8 -> longest; 33 > 10.5 -> over
      step('Apply a tourniquet high and tight', ['Elevate', 'Pressure', 'Splint']),
      // 3: spaces trimmed; key 'abcd1' 5; wrong 'abcd' 4, 'wxyz1' 5: a tie is not single longest; 5 <= 6.75 -> within
      step('abcd1 ', [], '  abcd ; abcd1 ; wxyz1'),
      // 4: key 6, wrong 4 and 4: longest; 6 = 1.5 x 4 exactly -> within
      step('aaaaaa', ['bbbb', 'cccc']),
      // 5: the key is not a choice: a load problem, not measured
      step('not offered', ['x', 'y'], 'x;y;z'),
    ],
  };

  it('measures each step', () => {
    const f = measureScenarios([scenario]);
    expect(f.perStep.map((s) => [s.step, s.keyLength, s.maxWrongLength, s.keyedLongest, s.withinRatio])).toEqual([
      [1, 13, 15, false, true],
      [2, 33, 8, true, false],
      [3, 5, 5, false, true],
      [4, 6, 4, true, true],
    ]);
    expect(f.perStep[0]!.meanWrongLength).toBeCloseTo(37 / 3, 10);
    // 4 steps measured, keyed longest in steps 2 and 4 (50 %), within 1.5x in 1, 3, 4 (75 %)
    expect([f.steps, f.keyedLongest, f.withinRatio]).toEqual([4, 2, 3]);
  });

  it('fails both bars and names the steps', () => {
    const r = checkCues({ scenarios: [scenario], dragDrop: [], sorting: [] }, all);
    expect(r.problems).toEqual([
      'scenarios: the keyed choice is the single longest option in 2 of 4 steps (50.0 %, bar: at most 30 %): fixture steps 2, 4',
      'scenarios: the keyed choice is within 1.5x the mean wrong-option length in 3 of 4 steps (75.0 %, bar: at least 90 %); over it: fixture step 2',
    ]);
    expect(r.lines[0]).toBe(
      'scenarios, 4 steps: keyed choice single longest in 2 (50.0 %, bar <= 30 %); within 1.5x the mean wrong-option length in 3 (75.0 %, bar >= 90 %) [FAIL]',
    );
  });

  it('passes at exactly 30 % keyed-longest and exactly 90 % within 1.5x, fails one step beyond', () => {
    const longestWithin = step('aaaaa', ['bbbb', 'cccc']); // 5 > 4, 5 <= 6: longest and within
    const plain = step('aaa', ['bbbb', 'cccc']); // 3: neither longest nor over
    const overNotLongest = step('aaaaaaaaa', ['b', 'cccccccccc']); // 9 < 10, mean 5.5: 9 > 8.25 over
    const ten = [longestWithin, longestWithin, longestWithin, ...Array(6).fill(plain), overNotLongest];
    const pass = measureScenarios([{ key: 'ten', steps: ten }]);
    expect([pass.steps, pass.keyedLongest, pass.withinRatio]).toEqual([10, 3, 9]);
    expect(checkCues({ scenarios: [{ key: 'ten', steps: ten }], dragDrop: [], sorting: [] }, all).problems).toEqual([]);

    // 11 steps, 4 keyed longest = 36.4 % > 30 %; 10 within = 90.9 % still >= 90 %
    const eleven = checkCues({ scenarios: [{ key: 'eleven', steps: [...ten, longestWithin] }], dragDrop: [], sorting: [] }, all);
    expect(eleven.problems).toHaveLength(1);
    expect(eleven.problems[0]).toMatch(/single longest option in 4 of 11 steps \(36\.4 %/);
    // 11 steps with two over 1.5x: 9 of 11 = 81.8 % < 90 %
    const twoOver = checkCues({ scenarios: [{ key: 'x', steps: [...ten, overNotLongest] }], dragDrop: [], sorting: [] }, all);
    expect(twoOver.problems).toEqual([
      expect.stringMatching(/within 1\.5x the mean wrong-option length in 9 of 11 steps \(81\.8 %.*x steps 10, 11$/),
    ]);
  });
});

describe('drag and drop', () => {
  const questions = [
    // indicated 10, 12 (mean 11); not 8, 10 (mean 9): 11 / 9 = 1.22
    dd('dd-ok', ['aaaaaaaaaa', ' bbbbbbbbbbbb '], ['cccccccc', 'dddddddddd']),
    // 15 / 12 = 1.25 exactly: at the bar, not over it
    dd('dd-at-bar', ['x'.repeat(15)], ['y'.repeat(12)]),
    // indicated 20, 10 (mean 15); not 10, 10, 10, 10 (mean 10): 1.50
    dd('dd-over', ['p'.repeat(20), 'q'.repeat(10)], ['r'.repeat(10), 's'.repeat(10), 't'.repeat(10), 'u'.repeat(10)]),
  ];

  it('measures the ratio per question and finds the worst', () => {
    const f = measureDragDrop(questions);
    expect(f.perQuestion.map((q) => [q.key, q.meanIndicated, q.meanNotIndicated, q.overBar])).toEqual([
      ['dd-ok', 11, 9, false],
      ['dd-at-bar', 15, 12, false],
      ['dd-over', 15, 10, true],
    ]);
    expect(f.perQuestion[0]!.ratio).toBeCloseTo(11 / 9, 10);
    expect(f.worst?.key).toBe('dd-over');
    expect(f.worst?.ratio).toBe(1.5);
    expect(f.over.map((q) => q.key)).toEqual(['dd-over']);
  });

  it('fails naming the question over the bar and prints the worst ratio', () => {
    const r = checkCues({ scenarios: [], dragDrop: questions, sorting: [] }, all);
    expect(r.problems).toEqual([
      'drag-drop dd-over: indicated therapies average 15.0 characters, not-indicated 10.0 (ratio 1.50, bar: at most 1.25)',
    ]);
    expect(r.lines[1]).toBe('drag-drop, 3 questions: worst indicated/not-indicated length ratio 1.50 (dd-over); over 1.25 in 1 [FAIL]');
  });

  it('skips a question without both kinds of therapy (a load problem already)', () => {
    expect(measureDragDrop([dd('only-indicated', ['a', 'b'], [])]).questions).toBe(0);
  });
});

describe('sorting words', () => {
  it('stems plurals and -ing/-ed endings simply', () => {
    expect(['opens', 'opening', 'arteries', 'reflexes', 'pulses', 'veins', 'bleeding', 'compensated'].map(stem)).toEqual([
      'open',
      'open',
      'artery',
      'reflex',
      'pulse',
      'vein',
      'bleed',
      'compensat',
    ]);
    // too short to strip, or not a plural
    expect(['red', 'eyes', 'glass', 'status', 'sepsis', 'ring'].map(stem)).toEqual(['red', 'eyes', 'glass', 'status', 'sepsis', 'ring']);
  });

  it('keeps only the words of a column that tell it apart', () => {
    // "shock" is in the other label; "compensated" is not ("decompensated" is another word)
    expect(significantWords('Compensated shock', ['Decompensated shock'])).toEqual(['compensat']);
    // "eye" has 3 letters; "response" is in "Verbal response" but not in "Eye opening"
    expect(significantWords('Motor response', ['Eye opening', 'Verbal response'])).toEqual(['motor', 'response']);
    // stop word "without"; "pulse" in every other label
    expect(significantWords('Without a pulse', ['With a pulse'])).toEqual([]);
    // hyphens split words: "degree" and "block" are in the other label
    expect(significantWords('Second-degree type II', ['Third-degree AV block'])).toEqual(['second', 'type']);
    expect(significantWords('Third-degree AV block', ['Second-degree type II'])).toEqual(['third', 'block']);
  });

  it('finds a column word in an entry by stem or as the end of a compound word', () => {
    expect(cueWordsIn('Opens eyes to voice', ['open'])).toEqual(['open']);
    expect(cueWordsIn('Accelerated idioventricular rhythm', ['ventricular'])).toEqual(['ventricular']);
    expect(cueWordsIn('Coronary ARTERY spasm', ['artery'])).toEqual(['artery']);
    // a compound counts only for a column word of 6 or more letters: "ring" is not in "spring"
    expect(cueWordsIn('Spring-loaded device', ['ring'])).toEqual([]);
  });
});

describe('sorting entries', () => {
  const questions = [
    sortQ('rhythm', [
      ['Atrial flutter', 'Atrial'], // e1: own column word "atrial"
      ['Idioventricular rhythm', 'Ventricular'], // e2: compound ending in "ventricular"
      ['Sawtooth flutter waves', 'Atrial'], // e3: clean
      ['Narrow QRS with no visible P waves', 'Junctional'], // e4: clean
      ['Atrial kick is lost', 'Ventricular'], // e5: "atrial" belongs to another column: not self-answering
    ]),
    sortQ('shock', [
      ['Shock with tachycardia', 'Compensated shock'], // e1: "shock" is in both labels: clean
      ['Compensated tachycardia', 'Compensated shock'], // e2: "compensated"
      ['Falling systolic pressure', 'Decompensated shock'], // e3: clean
      ['Loss of radial pulses', 'Decompensated shock'], // e4: clean
    ]),
    sortQ('vessels', [
      ['Great saphenous vein', 'Veins'], // e1: vein / veins, same stem
      ['Carries blood away from the heart', 'Arteries'], // e2: clean
      ['Coronary artery', 'Arteries'], // e3: artery / arteries
      ['Has valves in the limbs', 'Veins'], // e4: clean
    ]),
    sortQ('blocks', [
      ['Grouped beating (Wenckebach)', 'Second-degree type I (Wenckebach)'], // e1: own word and a label naming its column
      ['Constant PR, then a dropped QRS ( third-degree  AV block )', 'Second-degree type I (Wenckebach)'], // e2: label naming another column only
      ['P waves unrelated to QRS complexes (PEA)', 'Third-degree AV block'], // e3: a label that is no column: not flagged
      ['Wide escape rhythm', 'Third-degree AV block'], // e4: clean
    ]),
  ];

  it('counts the self-answering entries and the labels naming a column', () => {
    const f = measureSorting(questions);
    expect(f.entries).toBe(17);
    expect(f.selfAnswering.map((e) => [e.question, e.item, e.ownColumnWords])).toEqual([
      ['rhythm', 'e1', ['atrial']],
      ['rhythm', 'e2', ['ventricular']],
      ['shock', 'e2', ['compensat']],
      ['vessels', 'e1', ['vein']],
      ['vessels', 'e3', ['artery']],
      ['blocks', 'e1', ['wenckebach']],
    ]);
    expect(f.columnLabels.map((e) => [e.question, e.item, e.labelColumns])).toEqual([
      ['blocks', 'e1', ['Second-degree type I (Wenckebach)']],
      ['blocks', 'e2', ['Third-degree AV block']],
    ]);
  });

  it('fails naming the entries', () => {
    const r = checkCues({ scenarios: [], dragDrop: [], sorting: questions }, all);
    expect(r.problems).toHaveLength(8);
    expect(r.problems).toContain('sorting rhythm item e2: "Idioventricular rhythm" contains "ventricular" of its own column "Ventricular"');
    expect(r.problems).toContain(
      'sorting blocks item e2: "Constant PR, then a dropped QRS ( third-degree  AV block )" has a label in parentheses naming the column "Third-degree AV block"',
    );
    expect(r.lines[2]).toBe('sorting, 17 entries: self-answering 6, parenthesised labels naming a column 2 (bar 0 and 0) [FAIL]');
  });
});

describe('enforcement', () => {
  const content = {
    scenarios: [{ key: 's', steps: [step('Apply a tourniquet high and tight', ['Elevate', 'Pressure', 'Splint'])] }],
    dragDrop: [dd('d', ['p'.repeat(20)], ['q'.repeat(10)])],
    sorting: [
      sortQ('q', [
        ['Atrial flutter', 'Atrial'],
        ['Narrow QRS', 'Junctional'],
      ]),
    ],
  };

  it('measures every bar but turns only the enforced ones into problems', () => {
    const off = checkCues(content, none);
    expect(off.problems).toEqual([]);
    expect([off.failures.scenarios.length, off.failures.dragDrop.length, off.failures.sorting.length]).toEqual([2, 1, 1]);
    expect(off.lines.every((l) => l.endsWith('[FAIL, not enforced]'))).toBe(true);

    const onlyDragDrop = checkCues(content, { ...none, dragDrop: true });
    expect(onlyDragDrop.problems).toEqual(onlyDragDrop.failures.dragDrop);
    expect(checkCues(content, all).problems).toHaveLength(4);
  });

  it('reports ok when the bars are met', () => {
    const clean = checkCues(
      { scenarios: [{ key: 's', steps: [step('Start CPR now', ['Give oxygen', 'Call for backup'])] }], dragDrop: [], sorting: [] },
      all,
    );
    expect(clean.problems).toEqual([]);
    expect(clean.lines[0]).toMatch(/in 0 \(0\.0 %, bar <= 30 %\).* in 1 \(100\.0 %, bar >= 90 %\) \[ok\]$/);
  });
});
