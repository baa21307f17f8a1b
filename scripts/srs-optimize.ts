// npm run srs:optimize [-- --min-reviews N] — fits each student's own FSRS weights on their review logs with the FSRS
// optimiser (@open-spaced-repetition/binding, fsrs-rs) once they have at least 1,000 reviews, keeps them when they predict
// that student's reviews at least as well as what they have now, and the scheduler uses them (decision 076).
import { parseArgs } from 'node:util';
import { systemClock } from '../src/server/lib/clock';
import { MIN_REVIEWS, optimizeStudents } from '../src/server/lib/srs-optimize';
import { openForCommand } from './srs-db';

const { values } = parseArgs({ options: { 'min-reviews': { type: 'string' } }, strict: true });
const minReviews = values['min-reviews'] === undefined ? MIN_REVIEWS : Number(values['min-reviews']);
if (!Number.isInteger(minReviews) || minReviews < 1) {
  console.error('--min-reviews must be a whole number of at least 1.');
  process.exit(1);
}

const database = await openForCommand('srs:optimize');
try {
  const started = Date.now();
  const result = await optimizeStudents({ db: database.db, now: systemClock }, { minReviews, log: (line) => console.log(line) });
  const kept = result.fits.filter((f) => f.kept === 'fitted').length;
  console.log(
    `${result.students} students with review logs; ${result.eligible} with at least ${minReviews.toLocaleString('en')} reviews fitted; ${kept} now scheduled with newly fitted weights (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
} finally {
  await database.close();
}
