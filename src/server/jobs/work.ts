import { CONTENT_LEVELS, type ContentLevel } from '../../shared/constants';
import type { ValidationFigures } from '../../shared/contracts/readiness';
import type { ServiceDeps } from '../deps';
import { reportedResultsCount } from '../domain/readiness/results';
import { MODEL_MAX_ECE, MODEL_MIN_N, runReadinessValidation } from '../domain/readiness/validate';
import { calibrateItems, calibrationSummary } from '../features/exam/calibrate';
import { MIN_REVIEWS, optimizeStudents } from '../lib/srs-optimize';
import type { Report } from './scheduler';

// The work of the three scheduled jobs, one function each, called by their commands (scripts/srs-optimize.ts,
// items-calibrate.ts, readiness-validate.ts: the lines go to the terminal) and by the scheduler (the lines are the run's
// summary on the admin screen): docs/decisions/110-scheduled-jobs-on-our-own-table.md.

/** srs:optimize (decisions 076, 093): each student's own FSRS weights, kept when they beat the defaults on later reviews. */
export async function srsOptimizeWork(deps: ServiceDeps, report: Report, opts: { minReviews?: number } = {}): Promise<void> {
  const minReviews = opts.minReviews ?? MIN_REVIEWS;
  const started = deps.now().getTime();
  const result = await optimizeStudents(deps, { minReviews, log: report });
  const kept = result.fits.filter((f) => f.kept === 'fitted').length;
  report(
    `${result.students} students with review logs; ${result.eligible} with at least ${minReviews.toLocaleString('en')} reviews fitted; ${kept} now scheduled with newly fitted weights (${((deps.now().getTime() - started) / 1000).toFixed(1)} s).`,
  );
}

/** items:calibrate (decision 072): every question's difficulty re-estimated from first answers. */
export async function itemsCalibrateWork(deps: ServiceDeps, report: Report): Promise<void> {
  const started = deps.now().getTime();
  const levels = await calibrateItems(deps);
  report(`Item calibration (Rasch, JMLE) in ${((deps.now().getTime() - started) / 1000).toFixed(1)} s`);
  for (const line of calibrationSummary(levels)) report(line);
}

const f = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? '—' : v.toFixed(digits));

/** One validation's figures as the command prints them (a stored run or a simulated cohort's). */
export function validationLines(
  title: string,
  run: { n: number; nTrain: number; nTest: number; fitted: ValidationFigures | null; naive: ValidationFigures | null; usable: boolean },
): string[] {
  const lines = [title, `  N ${run.n} (fit on the older ${run.nTrain}, scored on the newer ${run.nTest})`];
  lines.push(`  ${'model'.padEnd(22)}${'Brier'.padStart(8)}${'ECE'.padStart(8)}${'AUC'.padStart(8)}`);
  for (const [name, fig] of [
    ['fitted (held out)', run.fitted],
    ['engine chance', run.naive],
  ] as const)
    lines.push(`  ${name.padEnd(22)}${f(fig?.brier).padStart(8)}${f(fig?.ece).padStart(8)}${f(fig?.auc).padStart(8)}`);
  for (const [name, fig] of [
    ['fitted', run.fitted],
    ['engine chance', run.naive],
  ] as const) {
    if (!fig) continue;
    lines.push(`  reliability, ${name}: decile  n  predicted  observed (95 % interval)`);
    for (const b of fig.bins)
      lines.push(
        `    ${String(b.bin).padStart(2)} ${String(b.n).padStart(6)}  ${f(b.meanPredicted).padStart(9)}  ${f(b.observed).padStart(8)} (${f(b.observedLow)}–${f(b.observedHigh)})`,
      );
  }
  lines.push(
    `  student screens: ${run.usable ? 'may use the fitted model' : `verdict bands (the model needs N ≥ ${MODEL_MIN_N} and held-out ECE ≤ ${MODEL_MAX_ECE})`}`,
  );
  return lines;
}

/** readiness:validate (decision 099): the pass prediction fitted and scored on reported NREMT results, per level; each run stored. */
export async function readinessValidateWork(
  deps: ServiceDeps,
  report: Report,
  opts: { levels?: readonly ContentLevel[] } = {},
): Promise<void> {
  for (const level of opts.levels ?? CONTENT_LEVELS) {
    const run = await runReadinessValidation(deps, level);
    for (const line of validationLines(`${level}: ${await reportedResultsCount(deps, level)} reported results`, run)) report(line);
  }
}
