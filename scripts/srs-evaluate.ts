// npm run srs:evaluate — how well FSRS predicts the stored reviews (decision 076): log loss, RMSE and RMSE (bins)
// of the predicted recall against the outcomes, as srs-benchmark scores them, for the default weights and for each student's
// own (srs:optimize). Reads only.
import { evaluateStoredLogs, formatEvaluation } from '../src/server/lib/srs-evaluate';
import { openForCommand } from './srs-db';

const database = await openForCommand('srs:evaluate');
try {
  console.log(formatEvaluation(await evaluateStoredLogs(database.db)));
} finally {
  await database.close();
}
