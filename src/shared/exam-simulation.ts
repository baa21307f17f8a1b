// The simulation that checks the exam's design (decisions 070, 096): examinees of known ability answer a bank through the
// same selection and stopping code as the server. Pure and seeded. The truth is the simulation's own and may differ from
// the model the engine scores with (TRUTHS): the items' true difficulties may stray from the ratings' (noise), their
// discriminations vary (2PL), guessing lifts the floor, the NREMT's cut may lie elsewhere than ours, some items may be
// known to the examinee beforehand. Each examinee's true ability is drawn before the exam and every response from the
// truth; the estimator sees only the responses, and its estimate only chooses the next item (as on the server).
import type { ContentLevel } from './constants';
import {
  ABILITY_PRIOR,
  PASSING_THETA,
  addResponse,
  blueprintMixInRange,
  domainCounts,
  examLimits,
  examPassed,
  nextExamItem,
  pCorrect,
  planPilotPositions,
  priorLogPosterior,
  pilotsOwed,
  stopReason,
  summarizePosterior,
  type AdministeredItem,
  type CandidateItem,
  type StopReason,
} from './exam';
import { readinessVerdict } from './readiness';
import { seededRandom } from './seeded-random';
import { domainsOf } from './questions';

// ---------------------------------------------------------------------------------------------------
// Truths that differ from the engine (decision 096)

/**
 * How the simulated answers are generated, beyond the engine's own model: `ratingNoiseSd` — the true difficulty is the
 * engine's plus Normal(0, sd²) (authors' ratings are rough); `discriminationSd` — true discriminations are log-normal,
 * exp(Normal(0, sd²)) (2PL); `guessing` — the item's true lower asymptote (`trueGuess` of the item) applies; `cutShift` —
 * the true cut, which classification is judged against, lies this far above ours; `seenShare` — the share of the bank
 * each examinee already knows (answered right with SEEN_P_CORRECT whatever their ability).
 */
export interface TruthSpec {
  ratingNoiseSd: number;
  discriminationSd: number;
  guessing: boolean;
  cutShift: number;
  seenShare: number;
  /** the SD of a per-examinee effect shared by the items of one case set (a testlet effect; dependence within the set) */
  testletSd?: number;
}

export const SEEN_P_CORRECT = 0.95;
const NONE: TruthSpec = { ratingNoiseSd: 0, discriminationSd: 0, guessing: false, cutShift: 0, seenShare: 0 };

/** The truths of `npm run exam:simulate -- --truth`; `all` is the combination the targets are judged under. */
export const TRUTHS = {
  rasch: NONE,
  noisy: { ...NONE, ratingNoiseSd: 0.7 },
  '2pl': { ...NONE, discriminationSd: 0.3 },
  guessing: { ...NONE, guessing: true },
  'shifted-cut': { ...NONE, cutShift: 0.4 },
  'seen-items': { ...NONE, seenShare: 0.1 },
  testlet: { ...NONE, testletSd: 0.5 },
  all: { ...NONE, ratingNoiseSd: 0.7, discriminationSd: 0.3, guessing: true },
} as const satisfies Record<string, TruthSpec>;
export type TruthName = keyof typeof TRUTHS;
export const TRUTH_NAMES = Object.keys(TRUTHS) as TruthName[];

/**
 * The true lower asymptote of an item for the guessing truth: a little below a blind guess on a single-answer item
 * (0.8 / options: distractors draw some guessers, so fitted asymptotes fall below 1/k), near zero where a blind guess
 * almost never scores (a multiple response set, an order, a table, a sort).
 */
export function trueGuessOf(type: string, options: number): number {
  if (type === 'single') return 0.8 / Math.max(2, options);
  if (type === 'multiple') return 0.05;
  return 0.01;
}

/** A bank item as the simulation sees it: the engine's view, and what the truth needs (the item's true guessing floor). */
export interface SimItem extends CandidateItem {
  /** the lower asymptote of the truth with guessing (trueGuessOf); absent: 0 */
  trueGuess?: number;
}

export interface SimulationOptions {
  level: ContentLevel;
  bank: readonly SimItem[];
  /** how the answers are generated (default: the engine's own Rasch model) */
  truth?: TruthSpec;
  examinees: number;
  seed: number;
  /** true abilities ~ Normal(PASSING_THETA, abilitySd); default: the estimator's prior SD (decision 070) */
  abilitySd?: number;
  topK?: number;
}

export interface SimulationResult {
  level: ContentLevel;
  bankSize: number;
  examinees: number;
  /** share whose pass/fail agrees with the true ability's side of the standard */
  accuracy: number;
  /** scored items per exam */
  meanLength: number;
  minLength: number;
  maxLength: number;
  rmse: number;
  /** highest share of exams in which one item appeared (scored or pilot) */
  maxExposure: number;
  /** share of exams whose scored domain mix lies within every blueprint range */
  blueprintInRange: number;
  stops: Record<StopReason, number>;
  /** one row per examinee, for intervals (summarize) */
  examineeRows: ExamineeRow[];
  /** per item: the exams that gave it */
  exposureCounts: number[];
}

export interface ExamineeRow {
  trueTheta: number;
  theta: number;
  se: number;
  scored: number;
  passed: boolean;
  trulyAbove: boolean;
  likelyPass: boolean;
}

/** A normal deviate from a uniform generator (Box–Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function simulateExams(opts: SimulationOptions): SimulationResult {
  const random = seededRandom(opts.seed);
  const truth = opts.truth ?? NONE;
  // the bank's true parameters come from their own stream, so that every run with a seed draws the same true bank
  const itemRandom = seededRandom(opts.seed ^ 0x5bd1e995);
  const trueItem = new Map(
    opts.bank.map((i) => [
      i.key,
      {
        b: i.b + (truth.ratingNoiseSd > 0 ? normal(itemRandom) * truth.ratingNoiseSd : 0),
        a: truth.discriminationSd > 0 ? Math.exp(normal(itemRandom) * truth.discriminationSd) : 1,
        c: truth.guessing ? (i.trueGuess ?? 0) : 0,
      },
    ]),
  );
  const trueCut = PASSING_THETA + truth.cutShift;
  const rows: ExamineeRow[] = [];
  const exposure = new Map<string, number>();
  const responses = new Map(opts.bank.map((i) => [i.key, i.responses]));
  const bank = opts.bank.map((i) => ({ ...i }));
  const stops: Record<StopReason, number> = { confident: 0, maximum: 0, time: 0, bank: 0 };
  let correctClass = 0;
  let sumLength = 0;
  let minLength = Infinity;
  let maxLength = 0;
  let sumSq = 0;
  let inRange = 0;
  for (let e = 0; e < opts.examinees; e++) {
    const trueTheta = PASSING_THETA + normal(random) * (opts.abilitySd ?? ABILITY_PRIOR.sd);
    // the examinee's effect on each case set, drawn when the set begins: the set's items share it
    const testlet = new Map<string, number>();
    const seen = truth.seenShare > 0 ? new Set(opts.bank.filter(() => random() < truth.seenShare).map((i) => i.key)) : null;
    const pilotPositions = planPilotPositions(opts.level, random);
    if (e > 0) for (const item of bank) item.exposure = (exposure.get(item.key) ?? 0) / e;
    const administered: AdministeredItem[] = [];
    const lp = priorLogPosterior();
    let estimate = summarizePosterior(lp);
    let scored = 0;
    let reason: StopReason | null = null;
    while (reason === null) {
      const next = nextExamItem({ level: opts.level, administered, pilotPositions, bank, random, topK: opts.topK, theta: estimate.theta });
      if (!next) {
        reason = stopReason({ level: opts.level, scored, estimate, bankExhausted: true });
        break;
      }
      const t = trueItem.get(next.item.key)!;
      let g = 0;
      if (truth.testletSd && next.item.caseKey) {
        if (!testlet.has(next.item.caseKey)) testlet.set(next.item.caseKey, normal(random) * truth.testletSd);
        g = testlet.get(next.item.caseKey)!;
      }
      const p = seen?.has(next.item.key) ? SEEN_P_CORRECT : t.c + (1 - t.c) * pCorrect(t.a * (trueTheta + g), t.a * t.b);
      const correct = random() < p;
      administered.push({ key: next.item.key, domain: next.item.domain, b: next.item.b, c: next.item.c, pilot: next.pilot, correct });
      exposure.set(next.item.key, (exposure.get(next.item.key) ?? 0) + 1);
      responses.set(next.item.key, (responses.get(next.item.key) ?? 0) + 1);
      next.item.responses = responses.get(next.item.key)!;
      if (!next.pilot) {
        scored++;
        addResponse(lp, { b: next.item.b, c: next.item.c, correct });
        estimate = summarizePosterior(lp);
      }
      reason = stopReason({ level: opts.level, scored, estimate, pilotsOwed: pilotsOwed(administered, pilotPositions) });
    }
    const stop = reason ?? 'bank';
    const passed = examPassed({ level: opts.level, scored, estimate, reason: stop });
    const trulyAbove = trueTheta >= trueCut;
    if (passed === trulyAbove) correctClass++;
    const timedOutShort = stop === 'time' && scored < examLimits(opts.level).minScored;
    rows.push({
      trueTheta,
      theta: estimate.theta,
      se: estimate.se,
      scored,
      passed,
      trulyAbove,
      likelyPass: readinessVerdict(estimate, PASSING_THETA, { timedOutShort }) === 'likely_pass',
    });
    stops[stop]++;
    sumLength += scored;
    minLength = Math.min(minLength, scored);
    maxLength = Math.max(maxLength, scored);
    sumSq += (estimate.theta - trueTheta) ** 2;
    if (blueprintMixInRange(opts.level, domainCounts(administered))) inRange++;
  }
  const n = opts.examinees;
  return {
    level: opts.level,
    bankSize: opts.bank.length,
    examinees: n,
    accuracy: correctClass / n,
    meanLength: sumLength / n,
    minLength,
    maxLength,
    rmse: Math.sqrt(sumSq / n),
    maxExposure: Math.max(0, ...exposure.values()) / n,
    blueprintInRange: inRange / n,
    stops,
    examineeRows: rows,
    exposureCounts: opts.bank.map((i) => exposure.get(i.key) ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------------
// Figures with their Monte-Carlo 95 % intervals

export interface Interval {
  value: number;
  lo: number;
  hi: number;
}

/** A share with its Wilson 95 % interval (good near 0 and 1, where the normal one is not). */
export function shareInterval(k: number, n: number): Interval {
  if (n === 0) return { value: NaN, lo: NaN, hi: NaN };
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { value: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** A mean with its normal 95 % interval. */
export function meanInterval(xs: readonly number[]): Interval {
  const n = xs.length;
  const m = xs.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, n - 1));
  const half = (1.959964 * sd) / Math.sqrt(n);
  return { value: m, lo: m - half, hi: m + half };
}

export interface SimulationSummary {
  examinees: number;
  accuracy: Interval;
  /** mean of θ̂ − θ */
  bias: Interval;
  /** √(mean squared error), its interval from the mean squared error's */
  rmse: Interval;
  /** of the "Likely to pass" verdicts, the share whose true ability is above the true cut; n: the verdicts */
  likelyPassTrue: Interval & { n: number };
  length: Interval;
  /** the share of examinees whose true ability lies inside θ̂ ± 1.96 SE (0.95 when the SE is honest) */
  bandCoverage: Interval;
  /** the highest share of exams one item appeared in; interval from the replications */
  maxExposure: Interval;
}

/**
 * The figures of several independent replications (different seeds) pooled: accuracy, bias, RMSE and the share of
 * "Likely to pass" verdicts truly above the cut over every examinee; the highest exposure as the mean of the
 * replications' with a t interval over them (exposure is a property of a cohort, not of one examinee).
 */
export function summarize(results: readonly SimulationResult[]): SimulationSummary {
  const rows = results.flatMap((r) => r.examineeRows);
  const n = rows.length;
  const mse = meanInterval(rows.map((r) => (r.theta - r.trueTheta) ** 2));
  const likely = rows.filter((r) => r.likelyPass);
  const exposures = results.map((r) => r.maxExposure);
  const em = exposures.reduce((a, b) => a + b, 0) / exposures.length;
  const esd = Math.sqrt(exposures.reduce((a, x) => a + (x - em) ** 2, 0) / Math.max(1, exposures.length - 1));
  // Student's t 97.5 % quantiles for 1..9 degrees of freedom, then about normal
  const t = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262][exposures.length - 2] ?? 1.96;
  const ehalf = exposures.length > 1 ? (t * esd) / Math.sqrt(exposures.length) : 0;
  return {
    examinees: n,
    accuracy: shareInterval(rows.filter((r) => r.passed === r.trulyAbove).length, n),
    bias: meanInterval(rows.map((r) => r.theta - r.trueTheta)),
    rmse: { value: Math.sqrt(mse.value), lo: Math.sqrt(Math.max(0, mse.lo)), hi: Math.sqrt(mse.hi) },
    likelyPassTrue: { ...shareInterval(likely.filter((r) => r.trulyAbove).length, likely.length), n: likely.length },
    length: meanInterval(rows.map((r) => r.scored)),
    bandCoverage: shareInterval(rows.filter((r) => Math.abs(r.theta - r.trueTheta) <= 1.959964 * r.se).length, n),
    maxExposure: { value: em, lo: em - ehalf, hi: em + ehalf },
  };
}

/**
 * A generated bank: `size` items shared among the domains by the blueprint's target shares, with difficulties
 * spread Normal(0, 1) around the standard (as calibrated items would be).
 */
export function generateBank(level: ContentLevel, size: number, seed: number): CandidateItem[] {
  const random = seededRandom(seed);
  const domains = domainsOf(level);
  const total = domains.reduce((s, d) => s + (d.min + d.max) / 2, 0);
  const bank: CandidateItem[] = [];
  let k = 0;
  for (const d of domains) {
    const count = Math.round((size * (d.min + d.max)) / 2 / total);
    for (let i = 0; i < count; i++) bank.push({ key: `${d.code}-${++k}`, domain: d.name, b: normal(random), responses: 0 });
  }
  return bank;
}
