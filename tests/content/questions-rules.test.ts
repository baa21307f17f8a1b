import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadQuestions } from '../../src/server/content/questions';

// One fixture per item-writing rule under tests/fixtures/questions-<rule>/ (content/FORMAT.md
// "questions/<level>/"): each breaks that rule once, and the check refuses it naming file, key and rule.
const media = path.resolve('media');
const load = (name: string) => loadQuestions(path.resolve(`tests/fixtures/questions-${name}`), media);

const RULES: [fixture: string, problem: RegExp][] = [
  ['option-count', /emt\/items\.json emt-pa-8001: option count: single has 4 options, this one 3/],
  ['keyed-options', /emt-pa-8001: keyed options: single has exactly one correct option, this one 2/],
  ['select-phrase', /emt-pa-8002: select phrase: the stem ends with "Select two\." \(2 keyed options\), not "Select three\."/],
  ['all-none', /emt-pa-8001: all\/none of the above: option 4 is "All of the above"/],
  ['negative-stem', /emt-pa-8001: negative stem/],
  ['rationale', /emt-pa-8001: rationale: option 3 .* has no rationale/],
  ['reference', /emt-pa-8001: reference: every item names its reference/],
  ['domain', /emt-pa-8001: domain: unknown domain "Cardiology & Resuscitation" for EMT/],
  ['topic', /emt-pa-8001: topic: unknown topic "Astrology"/],
  ['case', /emt-pa-8001: case: case key "emt-case-missing" has no case/],
  ['case-size', /cases\.json case emt-case-8001: case set size: 3 to 6 items, this one 2/],
  ['case-order', /case emt-case-8001: case order: the items' case_order are 1\.\.3, each once \(got 1, 3, 4\)/],
  ['image', /emt-pa-8001: image: image media\/ekg\/no-such-strip\.svg does not exist/],
  ['positions', /emt-ptt-8003: positions: build_list positions are 1\.\.4, each once \(got 1, 2, 2, 4\)/],
  ['categories', /emt-ops-8004: categories: option 3 .* has category "Expectant", not one of the categories/],
  ['categories-used', /emt-sa-8005: categories used: every zone receives at least one option; unused: "Past history"/],
  ['unique-key', /emt-pa-8001: unique key: the key is also used in/],
  ['retired-key', /emt-pa-8001: retired key/],
  ['level-folder', /paramedic\/items\.json emt-pa-8001: level folder: course_level EMT in the Paramedic folder/],
  ['format', /emt-pa-8001: format: difficulty: difficulty is 1 to 5/],
  ['pool', /emt-pa-8001: format: pool: pool is "exam" or absent \(practice\)/],
  [
    'case-pool',
    /case emt-case-8001: case pool: a case set's items are all in one pool .*exam: emt-pa-8100, emt-pa-8101; practice: emt-pa-8102/,
  ],
];

describe('question item checks (content:check)', () => {
  it('the valid fixture has no problem', () => {
    expect(load('valid').problems).toEqual([]);
    expect(load('starter').problems).toEqual([]);
  });

  it('reads pool "exam" and takes an item without pool as practice', () => {
    const pools = Object.fromEntries(load('valid').questions.items.map((i) => [i.key, i.pool ?? 'practice']));
    expect(pools).toEqual({
      'emt-pa-8001': 'practice',
      'emt-pa-8002': 'practice',
      'emt-ptt-8003': 'practice',
      'emt-ops-8004': 'exam',
      'emt-sa-8005': 'practice',
      'emt-pa-8100': 'exam',
      'emt-pa-8101': 'exam',
      'emt-pa-8102': 'exam',
    });
  });

  for (const [fixture, problem] of RULES)
    it(`refuses tests/fixtures/questions-${fixture}`, () => {
      const { problems } = load(fixture);
      expect(
        problems.some((p) => problem.test(p)),
        problems.join('\n'),
      ).toBe(true);
      // the fixture breaks that one rule only
      expect(problems, problems.join('\n')).toHaveLength(1);
    });

  it('npm run content:check exits 1 and prints the problem', () => {
    const cwd = path.resolve('tests/fixtures/questions-select-phrase');
    let out = '';
    let code = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', path.resolve('scripts/content-check.ts')], {
        cwd,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (e) {
      const err = e as { status: number; stdout: string; stderr: string };
      code = err.status;
      out = err.stdout + err.stderr;
    }
    expect(code).toBe(1);
    expect(out).toMatch(/emt-pa-8002: select phrase/);
  }, 60_000);
});
