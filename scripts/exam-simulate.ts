// npm run exam:simulate -- [--level EMT|Paramedic] [--n 1000] [--seed 1] [--ability-sd 1.5] [--pool both|all|exam] [--bank-size N]
//                          [--truth rasch|noisy|2pl|guessing|shifted-cut|seen-items|testlet|all|each (or a comma list)] [--replications 5]
//                          [--engine guessing|rasch]
// --engine: the model the engine scores with — `guessing` (the server's: a fixed floor per item, decision 097) or `rasch`
// (the plain Rasch model it used before), to compare the two under the same truths.
// With --truth, the answers come from a truth that differs from the engine (src/shared/exam-simulation.ts TRUTHS, decision
// 096) and each truth prints one row: accuracy, bias, RMSE, the share of "Likely to pass" verdicts truly above the cut,
// exam length, the highest exposure and the 95 % band's coverage of the true ability, each with its Monte-Carlo 95 % interval (--n examinees in --replications runs of
// different seeds), and whether the `all` truth meets its targets. `each` runs every truth.
// Simulates examinees of known ability (Normal around the passing standard) sitting the adaptive practice
// exam through the same selection and stopping code as the server (src/shared/exam.ts), at the NREMT's lengths
// (EXAM_LIMITS: scored items plus pilot items, 70–120 / 110–150 in all), and prints the figures decision 070
// judges the design by. On the shipped bank (content/questions, difficulties from the authors' ratings) it runs, per level:
// `all` — the whole bank, a fresh student; `exam` — the exam reserve only (pool "exam"), a student who has seen
// every practice item; `both` (the default) runs the two. With --bank-size, a generated bank of that size.
// The examinees' true abilities and their responses are drawn by the simulation (seeded), never from the
// estimator's state: the estimator sees only the responses.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_LEVELS, type ContentLevel } from '../src/shared/constants';
import { ABILITY_PRIOR, EXAM_LIMITS, guessingFloor, itemDifficulty, poolShortfall, type CandidateItem } from '../src/shared/exam';
import {
  generateBank,
  simulateExams,
  summarize,
  trueGuessOf,
  TRUTH_NAMES,
  TRUTHS,
  type Interval,
  type SimItem,
  type TruthName,
} from '../src/shared/exam-simulation';
import { loadQuestions } from '../src/server/content/questions';
import { itemPool } from '../src/shared/questions';

const { values } = parseArgs({
  options: {
    level: { type: 'string' },
    n: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '1' },
    'ability-sd': { type: 'string', default: String(ABILITY_PRIOR.sd) },
    'bank-size': { type: 'string' },
    pool: { type: 'string', default: 'both' },
    truth: { type: 'string' },
    engine: { type: 'string', default: 'guessing' },
    replications: { type: 'string', default: '5' },
  },
});
const truthNames: TruthName[] | null = values.truth
  ? values.truth === 'each'
    ? TRUTH_NAMES
    : (values.truth.split(',') as TruthName[])
  : null;
if (truthNames?.some((t) => !Object.hasOwn(TRUTHS, t))) {
  console.error(`--truth must be one of ${TRUTH_NAMES.join(', ')}, each, or a comma list of them`);
  process.exit(2);
}
if (values.engine !== 'guessing' && values.engine !== 'rasch') {
  console.error('--engine must be guessing or rasch');
  process.exit(2);
}
const engineFloor = values.engine === 'guessing';
const replications = Number(values.replications);
if (!Number.isInteger(replications) || replications < 1 || replications > 10) {
  console.error('--replications is a whole number from 1 to 10');
  process.exit(2);
}
const POOL_RUNS = { both: ['all', 'exam'], all: ['all'], exam: ['exam'] } as const;
const poolArg = values.pool as keyof typeof POOL_RUNS;
if (!Object.hasOwn(POOL_RUNS, poolArg)) {
  console.error('--pool must be one of both, all, exam');
  process.exit(2);
}
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
const pctI = (i: Interval) => `${(i.value * 100).toFixed(1)} (${(i.lo * 100).toFixed(1)}–${(i.hi * 100).toFixed(1)})`;
const numI = (i: Interval, d: number) => `${i.value.toFixed(d)} (${i.lo.toFixed(d)} – ${i.hi.toFixed(d)})`;

const RUN_LABELS = {
  generated: 'generated',
  all: 'whole shipped bank (a fresh student)',
  exam: 'exam reserve only (a student who has seen every practice item)',
} as const;

/** The targets under the `all` truth: accuracy ≥ 93 %, |bias| ≤ 0.1 logit, ≥ 97 % of "Likely to pass" truly above the cut. */
const TARGETS = { accuracy: 0.93, bias: 0.1, likelyPassTrue: 0.97 } as const;

function shippedBank(level: ContentLevel, kind: 'all' | 'exam'): SimItem[] {
  return questions.items
    .filter((i) => i.course_level === level && (kind === 'all' || itemPool(i) === 'exam'))
    .map((i) => ({
      key: i.key,
      domain: i.domain,
      b: itemDifficulty(i.difficulty),
      c: engineFloor ? guessingFloor(i.type, i.options.length) : 0,
      responses: 0,
      caseKey: i.case ?? null,
      caseOrder: i.case_order ?? null,
      trueGuess: trueGuessOf(i.type, i.options.length),
    }));
}

if (truthNames) {
  for (const level of levels as ContentLevel[]) {
    const kind = poolArg === 'exam' ? 'exam' : 'all';
    const bank = values['bank-size'] ? generateBank(level, Number(values['bank-size']), seed) : shippedBank(level, kind);
    const limits = EXAM_LIMITS[level];
    console.log(
      `\n${level}: ${bank.length} items (${values['bank-size'] ? 'generated' : `shipped, ${RUN_LABELS[kind]}`}), ` +
        `${limits.minScored}–${limits.maxScored} scored + ${limits.pilot} pilot, ${n} examinees in ${replications} runs, ` +
        `true ability ~ Normal(standard, ${abilitySd}), engine: ${engineFloor ? 'Rasch with a fixed guessing floor' : 'plain Rasch'}; ` +
        `figures with their Monte-Carlo 95 % intervals`,
    );
    console.log(
      `| truth | accuracy % | bias (logit) | RMSE (logit) | "Likely to pass" truly above % (verdicts) | length (scored) | highest exposure % | band coverage % |`,
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const truth of truthNames) {
      const runs = Array.from({ length: replications }, (_, r) =>
        simulateExams({
          level,
          bank,
          examinees: Math.ceil(n / replications),
          seed: seed + 1000 * r,
          abilitySd,
          truth: TRUTHS[truth],
        }),
      );
      const s = summarize(runs);
      console.log(
        `| ${truth} | ${pctI(s.accuracy)} | ${numI(s.bias, 3)} | ${numI(s.rmse, 3)} | ${pctI(s.likelyPassTrue)} (${s.likelyPassTrue.n}) | ` +
          `${numI(s.length, 1)} | ${pctI(s.maxExposure)} | ${pctI(s.bandCoverage)} |`,
      );
      if (truth === 'all') {
        const misses = [
          s.accuracy.value < TARGETS.accuracy && `accuracy below ${pct(TARGETS.accuracy)}`,
          Math.abs(s.bias.value) > TARGETS.bias && `|bias| above ${TARGETS.bias}`,
          s.likelyPassTrue.value < TARGETS.likelyPassTrue && `"Likely to pass" truly above below ${pct(TARGETS.likelyPassTrue)}`,
        ].filter(Boolean);
        console.log(`  all: ${misses.length ? `MISSES the targets: ${misses.join('; ')}` : 'meets the targets'}`);
      }
    }
  }
  process.exit(0);
}

for (const level of levels as ContentLevel[]) {
  const runs: { kind: keyof typeof RUN_LABELS; bank: CandidateItem[] }[] = values['bank-size']
    ? [{ kind: 'generated', bank: generateBank(level, Number(values['bank-size']), seed) }]
    : POOL_RUNS[poolArg].map((kind) => ({ kind, bank: shippedBank(level, kind) }));
  for (const { kind, bank } of runs) {
    const started = Date.now();
    const r = simulateExams({ level, bank, examinees: n, seed, abilitySd });
    const limits = EXAM_LIMITS[level];
    const shortfall = poolShortfall(level, bank);
    const rows: [string, string, string][] = [
      [
        'bank',
        `${r.bankSize} items (${kind === 'generated' ? 'generated' : `shipped, content/questions, ${kind === 'all' ? 'both pools' : 'pool "exam"'}`})`,
        '',
      ],
      ['examinees', `${r.examinees}, true ability ~ Normal(standard, ${abilitySd})`, ''],
      ['classification accuracy', pct(r.accuracy), r.accuracy >= 0.95 ? 'meets ≥ 95 %' : 'BELOW the 95 % target'],
      [
        'test length (scored)',
        `mean ${r.meanLength.toFixed(1)}, min ${r.minLength}, max ${r.maxLength}`,
        `limits ${limits.minScored}–${limits.maxScored} scored + ${limits.pilot} pilot = ${limits.minScored + limits.pilot}–${limits.maxScored + limits.pilot} in all`,
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
      [
        'pool shortfall',
        shortfall.length ? shortfall.map((s) => `${s.domain} ${s.available} of ${s.needed}`).join('; ') : 'none',
        'items per domain against the blueprint maximum at the longest exam (poolShortfall)',
      ],
    ];
    console.log(`\n${level} practice exam simulation, ${RUN_LABELS[kind]} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const [k, v, note] of rows) console.log(`  ${k.padEnd(25)} ${v}${note ? `  (${note})` : ''}`);
    if (r.stops.bank > 0)
      console.log(`  note: ${r.stops.bank} exams ran out of eligible items before a decision; the bank is smaller than the exam needs.`);
  }
}
