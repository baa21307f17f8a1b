// npm run readiness:validate [-- --level EMT|Paramedic] [--simulate [--shift 0.4] [--students 2000]]
// Fits P(pass at the NREMT | the last practice exam's θ̂ and SE, the number of exams, the days to the sitting) on the
// reported NREMT results of each level with a time split (fit on the older 70 %, score the newer 30 %), prints N, the
// Brier score, the expected calibration error, the AUC and the reliability table by decile for the fitted model and for
// the engine's own chance of passing, and stores the run (the admin screen's figures; a student screen uses the model
// only once the gate opens). --simulate validates a simulated cohort instead and stores nothing.
// Decision 099. The database: DATABASE_URL, or the embedded one in DATA_DIR (stop the server first).
import { parseArgs } from 'node:util';
import { CONTENT_LEVELS, type ContentLevel } from '../src/shared/constants';
import type { ValidationFigures } from '../src/shared/contracts/readiness';
import { reportedResultsCount } from '../src/server/domain/readiness/results';
import { simulatedCohort } from '../src/server/domain/readiness/simulated-cohort';
import { MODEL_MAX_ECE, MODEL_MIN_N, runReadinessValidation, validateSamples } from '../src/server/domain/readiness/validate';
import { openForCommand } from './srs-db';

const { values } = parseArgs({
  options: {
    level: { type: 'string' },
    simulate: { type: 'boolean', default: false },
    shift: { type: 'string', default: '0.4' },
    students: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '28' },
  },
});
const levels = values.level ? [values.level as ContentLevel] : [...CONTENT_LEVELS];
if (levels.some((l) => !CONTENT_LEVELS.includes(l))) {
  console.error(`--level must be one of ${CONTENT_LEVELS.join(', ')}`);
  process.exit(2);
}

const f = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? '—' : v.toFixed(digits));

function print(
  title: string,
  run: { n: number; nTrain: number; nTest: number; fitted: ValidationFigures | null; naive: ValidationFigures | null; usable: boolean },
) {
  console.log(`\n${title}`);
  console.log(`  N ${run.n} (fit on the older ${run.nTrain}, scored on the newer ${run.nTest})`);
  console.log(`  ${'model'.padEnd(22)}${'Brier'.padStart(8)}${'ECE'.padStart(8)}${'AUC'.padStart(8)}`);
  for (const [name, fig] of [
    ['fitted (held out)', run.fitted],
    ['engine chance', run.naive],
  ] as const)
    console.log(`  ${name.padEnd(22)}${f(fig?.brier).padStart(8)}${f(fig?.ece).padStart(8)}${f(fig?.auc).padStart(8)}`);
  for (const [name, fig] of [
    ['fitted', run.fitted],
    ['engine chance', run.naive],
  ] as const) {
    if (!fig) continue;
    console.log(`  reliability, ${name}: decile  n  predicted  observed (95 % interval)`);
    for (const b of fig.bins)
      console.log(
        `    ${String(b.bin).padStart(2)} ${String(b.n).padStart(6)}  ${f(b.meanPredicted).padStart(9)}  ${f(b.observed).padStart(8)} (${f(b.observedLow)}–${f(b.observedHigh)})`,
      );
  }
  console.log(
    `  student screens: ${run.usable ? 'may use the fitted model' : `verdict bands (the model needs N ≥ ${MODEL_MIN_N} and held-out ECE ≤ ${MODEL_MAX_ECE})`}`,
  );
}

if (values.simulate) {
  const cutShift = Number(values.shift);
  const students = Number(values.students);
  const r = validateSamples(simulatedCohort({ students, cutShift, seed: Number(values.seed) }));
  print(`Simulated cohort: ${students} students, the NREMT cut ${cutShift} logit from ours`, r);
} else {
  const database = await openForCommand('readiness:validate');
  try {
    for (const level of levels) {
      const run = await runReadinessValidation({ db: database.db, now: () => new Date() }, level);
      print(`${level}: ${await reportedResultsCount({ db: database.db }, level)} reported results`, run);
    }
  } finally {
    await database.close();
  }
}
