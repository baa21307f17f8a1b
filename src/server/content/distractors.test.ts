// The distractor cue detectors (content/FORMAT.md "Distractor cues") on hand-written items: each detector finds the
// cue it is for and leaves alone the wordings that look like it but are real decisions.
import { describe, expect, it } from 'vitest';
import type { QuestionItemFile } from '../../shared/questions';
import {
  checkDistractors,
  distractorProblems,
  dosePatternProblems,
  dosePatternsOf,
  firstAmount,
  measureDosePatterns,
  mirrorPairs,
  throwawayOptions,
} from './distractors';

let n = 0;
/** A single item; the first text is keyed. */
function single(texts: string[], over: Partial<QuestionItemFile> = {}): QuestionItemFile {
  n++;
  return {
    key: `paramedic-med-${String(n).padStart(4, '0')}`,
    course_level: 'Paramedic',
    type: 'single',
    domain: 'Medical/OB/GYN',
    topic: 'Medical',
    difficulty: 3,
    pediatric: false,
    stem: 'What should you do?',
    options: texts.map((text, i) => ({ text, rationale: 'why', correct: i === 0 })),
    reference: 'ref',
    ...over,
  };
}
const texts = (item: QuestionItemFile, pairs: { negated: number; other: number }[]) =>
  pairs.map((p) => [item.options[p.negated]!.text, item.options[p.other]!.text]);

describe('mirror-image option pairs', () => {
  it('finds an option that negates another, whatever reason or condition follows', () => {
    const cases: [string, string][] = [
      ['Give oxygen, since his SpO2 of 92% is low', 'Hold oxygen until the pain is under control'],
      ['Start CPR and transport', 'Do not start CPR'],
      ['Give it after checking her allergies', 'Withhold it, because the tablets are expired'],
      ['Continue suctioning: the rate will recover', 'Stop suctioning and give atropine 1 mg IV'],
      ['Use CPAP with a mask that seals well', 'Do not use CPAP, since obesity contraindicates it'],
      ['Oxygen only if her SpO2 falls', 'No oxygen, and a flight at cruising altitude'],
      ['Transport him now to the stroke center', 'Never transport him before ALS arrives'],
    ];
    for (const [positive, negated] of cases) {
      const item = single([positive, negated, 'Call medical direction', 'Reassess in five minutes']);
      expect(texts(item, mirrorPairs(item)), `${positive} / ${negated}`).toEqual([[negated, positive]]);
    }
  });

  it('leaves alone options that negate something no other option proposes', () => {
    const item = single([
      'Withhold aspirin, since his findings suggest an aortic dissection',
      'Give 81 mg only, since his blood pressure is high',
      'Ask about ulcers and bleeding, then give 324 mg if there are none',
      'Have him lie flat with his legs raised',
    ]);
    expect(mirrorPairs(item)).toEqual([]);
    // "Nothing by mouth" and "No treatment until ..." negate, but no option is "by mouth" or "treatment"
    expect(
      mirrorPairs(single(['Nothing by mouth until the swallow screen', 'Water in small sips', 'Oral glucose', 'Aspirin 324 mg'])),
    ).toEqual([]);
  });

  it('does not pair two negated options, and ignores types whose options are not answers', () => {
    expect(
      mirrorPairs(single(['Withhold it: it can unmask seizures', 'Withhold it until the QRS widens', 'Give 0.2 mg IV', 'Intubate her'])),
    ).toEqual([]);
    const table = single(['Give oxygen', 'Hold oxygen', 'Sit her up'], { type: 'options_table' });
    expect(mirrorPairs(table)).toEqual([]);
  });
});

describe('throwaway distractors', () => {
  it('finds a wrong option that proposes no care', () => {
    const throwaways = [
      'Do nothing until he wakes up',
      'He can stay home, since symptoms that resolve rule out a stroke',
      'Staying home is fine, because her SpO2 is 95%',
      'Wait and see whether the pain settles',
      'Ignore it, since a newborn can afford a little blood loss',
      'Nothing, since your gloves kept your hands clean',
      'Give nothing more, since her glucose is rising on its own',
      'Nothing more, since an error without harm needs no report',
      'No treatment, because his SpO2 of 99% is normal',
      'Leave the scene, since he has not hurt himself yet',
      'Let him sleep it off at home',
    ];
    for (const t of throwaways) {
      const item = single(['Transport him now', t, 'Call medical direction', 'Give oxygen']);
      expect(
        throwawayOptions(item).map((x) => x.option),
        t,
      ).toEqual([1]);
    }
  });

  it('leaves alone real decisions that withhold something, and keyed options', () => {
    const decisions = [
      'Nothing by mouth until his swallowing is screened',
      'Nothing to drink until his swallowing has been checked',
      'No treatment until medical control confirms the form',
      'Tell him firmly that the voices are not real and he should ignore them',
      'Ignore her own efforts and give 1 breath every 6 seconds',
      'Nothing definite until her blood pressure has been measured',
      'Confront the mother before you leave the scene',
    ];
    for (const t of decisions)
      expect(throwawayOptions(single(['Transport him now', t, 'Call medical direction', 'Give oxygen'])), t).toEqual([]);
    // a keyed "no treatment" is the answer, not a distractor
    expect(
      throwawayOptions(single(['No treatment: sinus bradycardia with good perfusion', 'Atropine 1 mg', 'Pacing', 'Epinephrine'])),
    ).toEqual([]);
  });
});

describe('dose patterns', () => {
  it('reads the first amount of an option, not a rate per kilogram, and thousands with commas', () => {
    expect(firstAmount('Midazolam 1.2 mg IM (0.2 mg/kg)')).toEqual({ value: 1.2, unit: 'mg' });
    expect(firstAmount('Dextrose 10% 6.4 mL IV (2 mL/kg)')).toEqual({ value: 6.4, unit: 'mL' });
    expect(firstAmount('Acetaminophen 1,000 mg IV')).toEqual({ value: 1000, unit: 'mg' });
    expect(firstAmount('0.2 mg/kg IM')).toBeNull();
    expect(firstAmount('Give oxygen')).toBeNull();
  });

  it('names the error each dose item shows, comparing only doses of the keyed drug', () => {
    // key 1.2 mg; 0.12 mg is tenfold, 2.4 mg twofold; haloperidol 12 mg is another drug
    expect(dosePatternsOf(single(['Midazolam 1.2 mg IM', 'Midazolam 0.12 mg IM', 'Midazolam 2.4 mg IM', 'Haloperidol 12 mg IM']))).toEqual([
      'tenfold (decimal point) error',
      'twofold error',
    ]);
    // only one same-drug distractor with a dose: not a dose item
    expect(
      dosePatternsOf(single(['Midazolam 5 mg IV', 'Haloperidol 5 mg IM', 'Acetaminophen 1,000 mg IV', 'Midazolam 50 mg IV'])),
    ).toBeNull();
    // options that open with the amount are one drug
    expect(
      dosePatternsOf(single(['0.5 mg IM into the thigh', '0.05 mg IM into the deltoid', '0.5 mg SQ into the arm', '5 mg IV push'])),
    ).toEqual(['tenfold (decimal point) error']);
    // no error pattern among the distractors: a dose item with none
    expect(dosePatternsOf(single(['Midazolam 1.2 mg IM', 'Midazolam 1.2 mg IV', 'Midazolam 5 mg IM', 'Diazepam 3 mg PR']))).toEqual([]);
    expect(dosePatternsOf(single(['Give oxygen', 'Hold oxygen', 'Sit her up', 'Lay her flat']))).toBeNull();
  });

  it('fails a level where one pattern is in more than a third of its dose items, and not at a third', () => {
    const tenfold = () => single(['Naloxone 1.3 mg IN', 'Naloxone 0.13 mg IN', 'Naloxone 4 mg IN', 'Flumazenil 0.1 mg IV']);
    const other = () => single(['Naloxone 1.3 mg IN', 'Naloxone 1.3 mg IV', 'Naloxone 4 mg IN', 'Flumazenil 0.1 mg IV']);
    // 3 of 9 = a third: passes
    const atBar = [tenfold(), tenfold(), tenfold(), ...Array.from({ length: 6 }, other)];
    const f = measureDosePatterns(atBar, 'Paramedic');
    expect(f.doseItems).toBe(9);
    expect(f.byPattern['tenfold (decimal point) error']).toHaveLength(3);
    expect(dosePatternProblems(f)).toEqual([]);
    // 4 of 9: fails, naming the items
    const over = [tenfold(), ...atBar.slice(0, 3), ...atBar.slice(4)];
    const problems = dosePatternProblems(measureDosePatterns(over, 'Paramedic'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/tenfold \(decimal point\) error is a distractor in 4 of 9 dose items/);
    // other levels' items do not count, and a level with fewer than 6 dose items is not judged
    expect(measureDosePatterns(over, 'EMT').doseItems).toBe(0);
    expect(dosePatternProblems(measureDosePatterns([tenfold(), tenfold(), tenfold()], 'Paramedic'))).toEqual([]);
  });
});

describe('checkDistractors', () => {
  it('reports every finding as a problem naming the item, and nothing on a clean bank', () => {
    const mirrored = single(['Give oxygen by nonrebreather', 'Hold oxygen until the SpO2 falls', 'Sit her up', 'Call ALS']);
    const throwaway = single(['Transport now', 'Stay home and rest', 'Call ALS', 'Give oxygen']);
    const clean = single(['Transport now', 'Wait for ALS on scene', 'Call medical direction', 'Give oxygen']);
    const problems = distractorProblems(checkDistractors([mirrored, throwaway, clean]));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`${mirrored.key}: mirror-image options`);
    expect(problems[1]).toContain(`${throwaway.key}: throwaway distractor ("stay home")`);
    expect(distractorProblems(checkDistractors([clean]))).toEqual([]);
  });
});
