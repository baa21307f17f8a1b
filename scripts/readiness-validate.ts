// npm run readiness:validate [-- --level EMT|Paramedic] [--simulate [--shift 0.4] [--students 2000]]
// Fits P(pass at the NREMT | the last practice exam's θ̂ and SE, the number of exams, the days to the sitting) on the
// reported NREMT results of each level with a time split (fit on the older 70 %, score the newer 30 %), prints N, the
// Brier score, the expected calibration error, the AUC and the reliability table by decile for the fitted model and for
// the engine's own chance of passing, and stores the run (the admin screen's figures; a student screen uses the model
// only once the gate opens). --simulate validates a simulated cohort instead and stores nothing.
// Decision 099; the server runs it weekly as a scheduled job (decision 110), and this run is recorded as one of the job's.
// The database: DATABASE_URL, or the embedded one in DATA_DIR (stop the server first).
import { parseArgs } from 'node:util';
import { CONTENT_LEVELS, type ContentLevel } from '../src/shared/constants';
import { simulatedCohort } from '../src/server/domain/readiness/simulated-cohort';
import { validateSamples } from '../src/server/domain/readiness/validate';
import { readinessValidateWork, validationLines } from '../src/server/jobs/work';
import { runJobCommand } from './job-command';

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

if (values.simulate) {
  const cutShift = Number(values.shift);
  const students = Number(values.students);
  const r = validateSamples(simulatedCohort({ students, cutShift, seed: Number(values.seed) }));
  console.log('');
  for (const line of validationLines(`Simulated cohort: ${students} students, the NREMT cut ${cutShift} logit from ours`, r))
    console.log(line);
} else {
  await runJobCommand('readiness:validate', (deps, report) => readinessValidateWork(deps, report, { levels }));
}
