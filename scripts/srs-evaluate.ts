// npm run srs:evaluate — how well FSRS predicts the stored reviews (decisions 076 and 093): log loss, RMSE, RMSE (bins)
// and AUC of the predicted recall against the outcomes, held out as srs-benchmark scores them (time split, outliers out),
// per preset, for the default weights, each student's own (srs:optimize) and fits on earlier reviews. Reads only.
import { evaluateStoredLogs, formatEvaluation } from '../src/server/lib/srs-evaluate';
import { heldOutFit, MIN_REVIEWS } from '../src/server/lib/srs-optimize';
import { openForCommand } from './srs-db';

const database = await openForCommand('srs:evaluate');
try {
  console.log(formatEvaluation(await evaluateStoredLogs(database.db, { fit: heldOutFit, minFit: MIN_REVIEWS })));
} finally {
  await database.close();
}
