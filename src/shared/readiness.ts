// What a student is told about readiness (docs/product.md §10.6, decision 095): a verdict from where the score's 95 %
// band lies against the standard, the readiness score with that band rounded to what the evidence supports, and which
// standard it was scored against. No probability of passing: that needs a model checked against reported NREMT
// results, and none exists yet. Pure functions; the server decides, the client only shows.
import { PASSING_THETA, READINESS_SCALE, Z95, type AbilityEstimate } from './exam';

export const VERDICTS = ['likely_pass', 'too_close', 'not_yet_ready'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The words of each verdict, as every screen shows them. */
export const VERDICT_LABELS: Record<Verdict, string> = {
  likely_pass: 'Likely to pass',
  too_close: 'Too close to call',
  not_yet_ready: 'Not yet ready',
};

/**
 * The verdict from the 95 % band θ ± 1.96 SE against the cut: wholly above it "Likely to pass", wholly below "Not yet
 * ready", touching or containing it "Too close to call" (the same strict comparison as the stopping rule, so an exam that
 * stopped confident never reads "Too close to call"). An exam that ran out of time before its minimum of scored items
 * is "Not yet ready", as the NREMT fails it.
 */
export function readinessVerdict(estimate: AbilityEstimate, cut: number = PASSING_THETA, opts: { timedOutShort?: boolean } = {}): Verdict {
  if (opts.timedOutShort) return 'not_yet_ready';
  const lo = estimate.theta - Z95 * estimate.se;
  const hi = estimate.theta + Z95 * estimate.se;
  if (lo > cut) return 'likely_pass';
  if (hi < cut) return 'not_yet_ready';
  return 'too_close';
}

/** Readiness points are shown to the nearest ten: a practice exam's band is ±60 points or more (SE ≥ 0.2 logit). */
export const READINESS_STEP = 10;

const onScale = (theta: number, cut: number) =>
  Math.min(READINESS_SCALE.max, Math.max(READINESS_SCALE.min, READINESS_SCALE.atStandard + READINESS_SCALE.perLogit * (theta - cut)));
const toStep = (points: number) => Math.round(points / READINESS_STEP) * READINESS_STEP;

export interface ReadinessBand {
  /** the readiness score, to the nearest READINESS_STEP */
  score: number;
  /** the 95 % band's ends on the readiness scale, to the nearest READINESS_STEP, within 100..1500 */
  low: number;
  high: number;
}

/** The readiness score and its 95 % band, on the 100–1500 scale with 950 at the cut ("1010, likely between 930 and 1090"). */
export function readinessBand(estimate: AbilityEstimate, cut: number = PASSING_THETA): ReadinessBand {
  return {
    score: toStep(onScale(estimate.theta, cut)),
    low: toStep(onScale(estimate.theta - Z95 * estimate.se, cut)),
    high: toStep(onScale(estimate.theta + Z95 * estimate.se, cut)),
  };
}

/** "1010, likely between 930 and 1090" */
export const bandWords = (b: ReadinessBand) => `${b.score}, likely between ${b.low} and ${b.high}`;

// ---------------------------------------------------------------------------------------------------
// The standard a result was scored against

/**
 * How a standard was set: `default` — the rule the bank was built on (a question its author rated 3 of 5 is answered
 * right half the time at the standard; PASSING_THETA); `panel` — a standard-setting study of educators, adopted by an
 * administrator.
 */
export const STANDARD_METHODS = ['default', 'panel'] as const;
export type StandardMethod = (typeof STANDARD_METHODS)[number];

/** The id of a level's default standard (a row of `standards` the migration writes). */
export const defaultStandardId = (level: string) => `default-${level}`;

export interface StandardSummary {
  id: string;
  method: StandardMethod;
  /** the cut on the ability scale */
  cut: number;
  /** when an administrator adopted it (a panel's standard); null for the default rule */
  adoptedAt: string | null;
}

/** "the default rule" or "the panel of 12 March 2027" (the date in UTC, spelled out so it reads the same everywhere). */
export function standardSetBy(s: Pick<StandardSummary, 'method' | 'adoptedAt'>): string {
  if (s.method === 'default' || !s.adoptedAt) return 'the default rule';
  const d = new Date(s.adoptedAt);
  const month = d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `the panel of ${d.getUTCDate()} ${month} ${d.getUTCFullYear()}`;
}

/** What a result says about the standard and the evidence behind it, in plain words. */
export function standardWords(s: Pick<StandardSummary, 'method' | 'adoptedAt'>, reportedResults: number): string {
  const reported = reportedResults === 1 ? '1 NREMT result has' : `${reportedResults} NREMT results have`;
  return (
    `The passing standard is MedicPrep's, set by ${standardSetBy(s)}. It has not yet been checked against NREMT results: ` +
    `${reported} been reported so far.`
  );
}
