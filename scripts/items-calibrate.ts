// npm run items:calibrate — re-estimates every question item's Rasch difficulty from all stored responses
// (practice and exams) and stores it with its standard error and sample size (item_calibrations); the exam
// uses an estimate once it rests on 200 responses. Decision 072.
// Against PostgreSQL it connects directly (DATABASE_URL); against the embedded database it opens the files,
// so the server must be stopped first (PGlite allows one process per data directory).
import { loadConfig } from '../src/server/config';
import { openDatabase, migrateDatabase } from '../src/server/db/client';
import { calibrateItems, calibrationSummary } from '../src/server/features/exam/calibrate';
import { systemClock } from '../src/server/lib/clock';

const config = loadConfig(process.env);
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, poolSize: 2 }
    : { kind: 'pglite', dir: config.database.dir, owner: 'MedicPrep command (npm run items:calibrate)' },
).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
try {
  await migrateDatabase(database);
  const started = Date.now();
  const levels = await calibrateItems({ db: database.db, now: systemClock });
  console.log(`Item calibration (Rasch, JMLE) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const line of calibrationSummary(levels)) console.log(line);
} finally {
  await database.close();
}
