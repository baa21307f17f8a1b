// The simulation that checks the exam's design (decision 070): examinees of known ability answer a bank by the
// Rasch model, through the same selection and stopping code as the server. Pure and seeded. The truth is the
// simulation's own: each examinee's true ability is drawn before the exam and every response from that true
// ability (random() < P(correct | true θ, b)); the estimator sees only the responses, and its estimate only
// chooses the next item (as on the server), never an answer.
import type { ContentLevel } from './constants';
import {
  ABILITY_PRIOR,
  PASSING_THETA,
  addResponse,
  blueprintMixInRange,
  domainCounts,
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
import { seededRandom } from './seeded-random';
import { domainsOf } from './questions';

export interface SimulationOptions {
  level: ContentLevel;
  bank: readonly CandidateItem[];
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
}

/** A normal deviate from a uniform generator (Box–Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export function simulateExams(opts: SimulationOptions): SimulationResult {
  const random = seededRandom(opts.seed);
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
      const correct = random() < pCorrect(trueTheta, next.item.b);
      administered.push({ key: next.item.key, domain: next.item.domain, b: next.item.b, pilot: next.pilot, correct });
      exposure.set(next.item.key, (exposure.get(next.item.key) ?? 0) + 1);
      responses.set(next.item.key, (responses.get(next.item.key) ?? 0) + 1);
      next.item.responses = responses.get(next.item.key)!;
      if (!next.pilot) {
        scored++;
        addResponse(lp, { b: next.item.b, correct });
        estimate = summarizePosterior(lp);
      }
      reason = stopReason({ level: opts.level, scored, estimate, pilotsOwed: pilotsOwed(administered, pilotPositions) });
    }
    const stop = reason ?? 'bank';
    if (examPassed({ level: opts.level, scored, estimate, reason: stop }) === trueTheta >= PASSING_THETA) correctClass++;
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
