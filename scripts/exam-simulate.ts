// npm run exam:simulate -- --level EMT|Paramedic [--n 1000] [--seed 1] [--ability-sd 1.5] [--bank-size N]
// Simulates examinees of known ability (Normal around the passing standard) sitting the adaptive practice
// exam on the shipped bank (content/questions, difficulties from the authors' ratings) — or, with
// --bank-size, on a generated bank of that size — through the same selection and stopping code as the
// server (src/shared/exam.ts), and prints the figures issue 17 asks for.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_LEVELS, type ContentLevel } from '../src/shared/constants';
import { ABILITY_PRIOR, EXAM_LIMITS, itemDifficulty, type CandidateItem } from '../src/shared/exam';
import { generateBank, simulateExams } from '../src/shared/exam-simulation';
import { loadQuestions } from '../src/server/content/questions';

const { values } = parseArgs({
  options: {
    level: { type: 'string' },
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'ability-sd': { type: 'string', default: String(ABILITY_PRIOR.sd) },
    'bank-size': { type: 'string' },
  },
});
const levels = values.level ? [values.level] : [...CONTENT_LEVELS];
for (const l of levels)
  if (!(CONTENT_LEVELS as readonly string[]).includes(l)) {
    console.error(`--level must be one of ${CONTENT_LEVELS.join(', ')}`);
    process.exit(2);
  }
const n = Number(values.n);
const seed = Number(values.seed);
const abilitySd = Number(values['ability-sd']);
if (!Number.isInteger(n) || n < 1 || !Number.isFinite(abilitySd) || abilitySd <= 0) {
  console.error('--n is a whole number ≥ 1 and --ability-sd a positive number');
  process.exit(2);
}

const { questions } = loadQuestions(path.resolve('.'));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
for (const level of levels as ContentLevel[]) {
  const bank: CandidateItem[] = values['bank-size']
    ? generateBank(level, Number(values['bank-size']), seed)
    : questions.items
        .filter((i) => i.course_level === level)
        .map((i) => ({
          key: i.key,
          domain: i.domain,
          b: itemDifficulty(i.difficulty),
          responses: 0,
          caseKey: i.case ?? null,
          caseOrder: i.case_order ?? null,
        }));
  const started = Date.now();
  const r = simulateExams({ level, bank, examinees: n, seed, abilitySd });
  const limits = EXAM_LIMITS[level];
  const rows: [string, string, string][] = [
    ['bank', `${r.bankSize} items (${values['bank-size'] ? 'generated' : 'shipped, content/questions'})`, ''],
    ['examinees', `${r.examinees}, true ability ~ Normal(standard, ${abilitySd})`, ''],
    ['classification accuracy', pct(r.accuracy), r.accuracy >= 0.95 ? 'meets ≥ 95 %' : 'BELOW the 95 % target'],
    [
      'test length (scored)',
      `mean ${r.meanLength.toFixed(1)}, min ${r.minLength}, max ${r.maxLength}`,
      `limits ${limits.minScored}–${limits.maxScored}`,
    ],
    ['ability RMSE (logits)', r.rmse.toFixed(3), ''],
    ['highest item exposure', pct(r.maxExposure), r.maxExposure <= 0.25 ? 'meets ≤ 25 %' : 'ABOVE the 25 % target'],
    ['blueprint mix in range', pct(r.blueprintInRange), r.blueprintInRange >= 0.95 ? 'meets ≥ 95 %' : 'BELOW the 95 % target'],
    [
      'stopped by',
      Object.entries(r.stops)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      '',
    ],
  ];
  console.log(`\n${level} practice exam simulation (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  for (const [k, v, note] of rows) console.log(`  ${k.padEnd(25)} ${v}${note ? `  (${note})` : ''}`);
  if (r.stops.bank > 0)
    console.log(`  note: ${r.stops.bank} exams ran out of eligible items before a decision; the bank is smaller than the exam needs.`);
}
