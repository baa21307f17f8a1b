// npm run items:calibrate — re-estimates every question item's Rasch difficulty from all stored responses
// (practice and exams) and stores it with its standard error and sample size (item_calibrations); the exam
// uses an estimate once it rests on 200 responses. Decision 072. The server runs it monthly as a scheduled job
// (decision 110); this runs it now, under the job's lock, and records the run.
// Against PostgreSQL it connects directly (DATABASE_URL); against the embedded database it opens the files,
// so the server must be stopped first (PGlite allows one process per data directory).
import { itemsCalibrateWork } from '../src/server/jobs/work';
import { runJobCommand } from './job-command';

await runJobCommand('items:calibrate', itemsCalibrateWork);
