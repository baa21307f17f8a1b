// npm run srs:optimize [-- --min-reviews N] — fits each student's own FSRS weights on their review logs with the FSRS
// optimiser (@open-spaced-repetition/binding, fsrs-rs) once they have at least 1,000 reviews, keeps them when they predict
// that student's reviews at least as well as what they have now, and the scheduler uses them (decision 076). The server
// runs it weekly as a scheduled job (decision 110); this runs it now, under the job's lock, and records the run.
import { parseArgs } from 'node:util';
import { MIN_REVIEWS } from '../src/server/lib/srs-optimize';
import { srsOptimizeWork } from '../src/server/jobs/work';
import { runJobCommand } from './job-command';

const { values } = parseArgs({ options: { 'min-reviews': { type: 'string' } }, strict: true });
const minReviews = values['min-reviews'] === undefined ? MIN_REVIEWS : Number(values['min-reviews']);
if (!Number.isInteger(minReviews) || minReviews < 1) {
  console.error('--min-reviews must be a whole number of at least 1.');
  process.exit(1);
}

await runJobCommand('srs:optimize', (deps, report) => srsOptimizeWork(deps, report, { minReviews }));
