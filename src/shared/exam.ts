// The adaptive practice exam (docs/product.md §10.6): the Rasch model, ability estimation, item selection, the stopping
// rule and the readiness figures. Pure functions, no I/O: the server, the simulation and the calibration
// command all use these. Decisions 069 (model), 070 (selection and stopping), 071 (readiness scale).
import type { ContentLevel } from './constants';
import { domainsOf } from './questions';

// ---------------------------------------------------------------------------------------------------
// The exam's limits, per level, with their sources

export interface ExamLimits {
  /** scored items: the exam may stop from `minScored` on, and stops at `maxScored` */
  minScored: number;
  maxScored: number;
  /**
   * unscored pilot items, spread through the exam and indistinguishable to the student; counted inside the
   * NREMT's totals, so an exam gives minScored + pilot to maxScored + pilot items in all
   */
  pilot: number;
  timeLimitMinutes: number;
  timeSource: string;
}

/**
 * NREMT cognitive exam item and time limits (docs/product.md §11). Item limits: nremt.org handbooks (EMT Cognitive Exam
 * handbook: 70–120 items, 10 of them unscored pilot items; Paramedic handbook "About the Examination":
 * "between 110–150 questions; 20 of those questions do not affect your score"). The totals include the pilot
 * items, so the scored limits are the totals less the pilots: EMT 60–110 scored + 10 pilot (70–120 in all),
 * Paramedic 90–130 scored + 20 pilot (110–150 in all). Decision 081 (decision 070 had added the pilots on top).
 */
export const EXAM_LIMITS = {
  source:
    'nremt.org: EMT Cognitive Exam handbook (70–120 items in all, 10 of them unscored); Paramedic handbook, "About the ' +
    'Examination" (110–150 items in all, 20 of them unscored). Time limits: see timeSource per level.',
  EMT: {
    minScored: 60,
    maxScored: 110,
    pilot: 10,
    timeLimitMinutes: 120,
    timeSource: 'docs/product.md §11: 2 hours (secondary sources; the handbook page we hold does not state it)',
  },
  Paramedic: {
    minScored: 90,
    maxScored: 130,
    pilot: 20,
    timeLimitMinutes: 210,
    timeSource:
      'open-exam-prep.com, "Current NREMT Paramedic Exam Facts" (June 2026): 3.5 hours (secondary source; the nremt.org ' +
      'handbook page we hold states the item counts but no time). Decision 070.',
  },
} as const satisfies { source: string } & Record<ContentLevel, ExamLimits>;

export const examLimits = (level: ContentLevel): ExamLimits => EXAM_LIMITS[level];

/**
 * An untimed exam (chosen at its start, decision 104) shows no clock; it still ends, with what was answered, once it has
 * been left this long, so that an abandoned one does not hold the student's one open exam for ever.
 */
export const UNTIMED_EXAM_DAYS = 7;

// ---------------------------------------------------------------------------------------------------
// The Rasch model (decision 069)

/** MedicPrep's passing standard on the ability (logit) scale. Everything else is relative to it. */
export const PASSING_THETA = 0;
/** Responses an item needs before its estimated difficulty replaces the author's rating. */
export const CALIBRATION_MIN_RESPONSES = 200;
/**
 * The author's 1–5 difficulty as a prior difficulty, in logits from the passing standard: 3 is an item an
 * entry-level provider at the standard answers correctly half the time.
 */
export const RATING_DIFFICULTY: Record<1 | 2 | 3 | 4 | 5, number> = { 1: -2, 2: -1, 3: 0, 4: 1, 5: 2 };

/** The prior of ability: normal, centred on the standard (so it favours neither pass nor fail). */
export const ABILITY_PRIOR = { mean: PASSING_THETA, sd: 1.5 } as const;

/** Quadrature grid for EAP: -8..8 logits. */
const GRID_MIN = -8;
const GRID_MAX = 8;
const GRID_STEP = 0.04;
const GRID: number[] = Array.from({ length: Math.round((GRID_MAX - GRID_MIN) / GRID_STEP) + 1 }, (_, i) => GRID_MIN + i * GRID_STEP);

export interface Calibration {
  /** the calibrated difficulty, when estimated from responses */
  b: number | null;
  /** the responses it was estimated from */
  n: number;
}

/** The difficulty the model uses: the calibrated one after CALIBRATION_MIN_RESPONSES responses, else the rating's. */
export function itemDifficulty(rating: number, calibration?: Calibration | null): number {
  if (calibration && calibration.b !== null && calibration.n >= CALIBRATION_MIN_RESPONSES) return calibration.b;
  const r = Math.min(5, Math.max(1, Math.round(rating))) as 1 | 2 | 3 | 4 | 5;
  return RATING_DIFFICULTY[r];
}

/**
 * P(correct | θ, b, c): the Rasch model with a fixed lower asymptote c (0 by default: the plain Rasch model),
 * c + (1 − c) / (1 + e^−(θ − b)). Decision 097.
 */
export function pCorrect(theta: number, b: number, c = 0): number {
  return c + (1 - c) / (1 + Math.exp(-(theta - b)));
}

/**
 * Fisher information of an item at θ: P′² / (P Q) with P′ = (1 − c) σ (1 − σ); for c = 0 the Rasch p (1 − p).
 */
export function itemInformation(theta: number, b: number, c = 0): number {
  const s = 1 / (1 + Math.exp(-(theta - b)));
  if (c === 0) return s * (1 - s);
  const p = c + (1 - c) * s;
  const d = (1 - c) * s * (1 - s);
  return (d * d) / (p * (1 - p));
}

/**
 * The fixed lower asymptote of an item (decision 097): a blind guess on a single-answer item is right once in `options`
 * times; a multiple-response item (two or three of five or six, all right to score) almost never, and a build list, an
 * options table or a drag and drop (every part right) practically never.
 */
export function guessingFloor(type: string, options: number): number {
  if (type === 'single') return 1 / Math.max(2, options);
  if (type === 'multiple') return 0.02;
  return 0;
}

export interface ScoredResponse {
  b: number;
  correct: boolean;
  /** the item's fixed lower asymptote (guessingFloor); absent: 0 */
  c?: number;
}

export interface AbilityEstimate {
  theta: number;
  /** posterior standard deviation (EAP) */
  se: number;
}

/** The log posterior of ability on the grid, before any response: the normal prior. */
export function priorLogPosterior(prior: { mean: number; sd: number } = ABILITY_PRIOR): Float64Array {
  const lp = new Float64Array(GRID.length);
  for (let i = 0; i < GRID.length; i++) {
    const z = (GRID[i]! - prior.mean) / prior.sd;
    lp[i] = -0.5 * z * z;
  }
  return lp;
}

/** Adds one response's log likelihood to a log posterior, in place. */
export function addResponse(lp: Float64Array, r: ScoredResponse): Float64Array {
  const c = r.c ?? 0;
  if (c === 0) {
    for (let i = 0; i < GRID.length; i++) {
      const x = GRID[i]! - r.b;
      // log p = -log(1 + e^-x); log q = -log(1 + e^x), computed stably
      lp[i]! -= r.correct ? softplus(-x) : softplus(x);
    }
    return lp;
  }
  // with a floor: log p = log(c + (1 − c) σ(x)) (never below log c), log q = log(1 − c) − log(1 + e^x)
  const logRest = Math.log1p(-c);
  for (let i = 0; i < GRID.length; i++) {
    const x = GRID[i]! - r.b;
    lp[i]! += r.correct ? Math.log(c + (1 - c) / (1 + Math.exp(-x))) : logRest - softplus(x);
  }
  return lp;
}

/** The posterior mean and SD of a log posterior on the grid. */
export function summarizePosterior(lp: Float64Array): AbilityEstimate {
  let max = -Infinity;
  for (const v of lp) if (v > max) max = v;
  let sw = 0;
  let st = 0;
  let stt = 0;
  for (let i = 0; i < GRID.length; i++) {
    const w = Math.exp(lp[i]! - max);
    const t = GRID[i]!;
    sw += w;
    st += w * t;
    stt += w * t * t;
  }
  const theta = st / sw;
  return { theta, se: Math.sqrt(Math.max(stt / sw - theta * theta, 0)) };
}

/**
 * Expected a posteriori ability and its posterior SD, on a fixed grid (-8..8 logits, step 0.04) with a normal
 * prior. Without responses it returns the prior.
 */
export function estimateAbility(
  responses: readonly ScoredResponse[],
  prior: { mean: number; sd: number } = ABILITY_PRIOR,
): AbilityEstimate {
  const lp = priorLogPosterior(prior);
  for (const r of responses) addResponse(lp, r);
  return summarizePosterior(lp);
}

function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Maximum-likelihood ability under the Rasch model (Newton–Raphson; any floor c of the responses is ignored) and its
 * standard error 1/√I(θ̂). Infinite when every answer is right or every answer wrong (no finite maximum): null then. Used
 * by the calibration and in tests.
 */
export function maximumLikelihoodAbility(responses: readonly ScoredResponse[]): AbilityEstimate | null {
  const right = responses.filter((r) => r.correct).length;
  if (right === 0 || right === responses.length) return null;
  let theta = 0;
  for (let i = 0; i < 100; i++) {
    let grad = 0;
    let info = 0;
    for (const r of responses) {
      const p = pCorrect(theta, r.b);
      grad += (r.correct ? 1 : 0) - p;
      info += p * (1 - p);
    }
    const step = Math.max(-1, Math.min(1, grad / info));
    theta += step;
    if (Math.abs(step) < 1e-10) break;
  }
  const info = responses.reduce((s, r) => s + itemInformation(theta, r.b), 0);
  return { theta, se: 1 / Math.sqrt(info) };
}

// ---------------------------------------------------------------------------------------------------
// Readiness (decision 071)

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 on erf, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** The 95 % two-sided normal quantile. */
export const Z95 = 1.959964;

/** The readiness scale: 950 at the passing standard, this many points per logit, clamped to 100..1500. */
export const READINESS_SCALE = { atStandard: 950, perLogit: 150, min: 100, max: 1500 } as const;

export function readinessScore(theta: number, cut: number = PASSING_THETA): number {
  const s = Math.round(READINESS_SCALE.atStandard + READINESS_SCALE.perLogit * (theta - cut));
  return Math.min(READINESS_SCALE.max, Math.max(READINESS_SCALE.min, s));
}

/**
 * The engine's own naive chance that ability is above the cut, Φ((θ − cut) / SE): 0..1. Never shown to a student
 * (decision 095): it assumes the model is exactly right and the cut is the NREMT's; the pass-model validation uses it as
 * the baseline to beat (decision 099).
 */
export function passingChance(est: AbilityEstimate, cut: number = PASSING_THETA): number {
  if (est.se <= 0) return est.theta >= cut ? 1 : 0;
  return normalCdf((est.theta - cut) / est.se);
}

/** The naive chance as a whole percent, 1..99 (stored with the exam for the validation; never shown). */
export function passingPercent(est: AbilityEstimate, cut: number = PASSING_THETA): number {
  return Math.min(99, Math.max(1, Math.round(passingChance(est, cut) * 100)));
}

export const DOMAIN_STANDINGS = ['Above', 'Near', 'Below'] as const;
export type DomainStanding = (typeof DOMAIN_STANDINGS)[number];

/**
 * A domain's standing from the estimate on its items alone: Above when the estimate is more than one standard
 * error above the standard, Below when more than one below, Near otherwise (decision 071).
 */
/**
 * The answers a domain needs on /progress before it shows a standing. Fewer say too little: even on items at the student's
 * level one answer carries a Fisher information of at most 0.25, so below 10 answers the standard error stays above
 * 1 / √(10 × 0.25) ≈ 0.63 logits, wider than the gap between "Near" and a verdict, and the standing mostly echoes the prior.
 * The exam's result shows its domains whatever their count: they come from a blueprint-balanced exam.
 */
export const DOMAIN_STANDING_MIN_ANSWERS = 10;

export function domainStanding(est: AbilityEstimate, cut: number = PASSING_THETA): DomainStanding {
  if (est.theta - est.se > cut) return 'Above';
  if (est.theta + est.se < cut) return 'Below';
  return 'Near';
}

// ---------------------------------------------------------------------------------------------------
// The stopping rule (decision 070)

export const STOP_REASONS = ['confident', 'maximum', 'time', 'bank'] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * Whether the exam stops now, and why: from the minimum on, when the 95 % interval θ ± 1.96 SE lies wholly
 * above or below the standard; at the maximum; at the time limit (checked first); when no eligible item is
 * left (`bankExhausted`).
 */
export function stopReason(input: {
  level: ContentLevel;
  scored: number;
  estimate: AbilityEstimate;
  timeUp?: boolean;
  bankExhausted?: boolean;
  /** pilot items planned but not given yet: the confidence rule waits for them (pilotsOwed) */
  pilotsOwed?: number;
  /** tests: other limits than the level's */
  limits?: ExamLimits;
  /** the cut of the standard the exam is scored against (default PASSING_THETA) */
  cut?: number;
}): StopReason | null {
  const cut = input.cut ?? PASSING_THETA;
  const limits = input.limits ?? examLimits(input.level);
  if (input.timeUp) return 'time';
  if (input.scored >= limits.maxScored) return 'maximum';
  if (input.scored >= limits.minScored && (input.pilotsOwed ?? 0) === 0) {
    const lo = input.estimate.theta - Z95 * input.estimate.se;
    const hi = input.estimate.theta + Z95 * input.estimate.se;
    if (lo > cut || hi < cut) return 'confident';
  }
  if (input.bankExhausted) return 'bank';
  return null;
}

/**
 * Pass or fail: the side of the standard the estimate is on; an exam that ends at the time limit before the
 * minimum number of scored items fails, as on the NREMT.
 */
export function examPassed(input: {
  level: ContentLevel;
  scored: number;
  estimate: AbilityEstimate;
  reason: StopReason;
  limits?: ExamLimits;
  cut?: number;
}): boolean {
  if (input.reason === 'time' && input.scored < (input.limits ?? examLimits(input.level)).minScored) return false;
  return input.estimate.theta >= (input.cut ?? PASSING_THETA);
}

// ---------------------------------------------------------------------------------------------------
// Item selection (decision 070)

export interface CandidateItem {
  key: string;
  domain: string;
  b: number;
  /** the fixed lower asymptote (guessingFloor); absent: 0 */
  c?: number;
  /** responses stored so far (pilot selection prefers the fewest) */
  responses: number;
  /** share of the level's earlier exams that gave this item (exposure control); absent: 0 */
  exposure?: number;
  /** a case set's items are given together, in their order (decision 070) */
  caseKey?: string | null;
  caseOrder?: number | null;
}

/** The blueprint's target share of each domain: the middle of its range, normalised to sum to 1. */
export function domainTargets(level: ContentLevel): Map<string, number> {
  const domains = domainsOf(level);
  const total = domains.reduce((s, d) => s + (d.min + d.max) / 2, 0);
  return new Map(domains.map((d) => [d.name, (d.min + d.max) / 2 / total]));
}

/**
 * The domain furthest behind its quota after `counts` scored items, among the domains that still have an
 * eligible item: the largest target × (n + 1) − count; ties go to the larger target.
 */
export function domainFurthestBehind(
  level: ContentLevel,
  counts: ReadonlyMap<string, number>,
  available: ReadonlySet<string>,
): string | null {
  const targets = domainTargets(level);
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  let best: string | null = null;
  let bestDeficit = -Infinity;
  let bestTarget = -Infinity;
  for (const [domain, target] of targets) {
    if (!available.has(domain)) continue;
    const deficit = target * (n + 1) - (counts.get(domain) ?? 0);
    if (deficit > bestDeficit + 1e-12 || (Math.abs(deficit - bestDeficit) <= 1e-12 && target > bestTarget)) {
      best = domain;
      bestDeficit = deficit;
      bestTarget = target;
    }
  }
  return best;
}

/**
 * Exposure control, two parts (decision 070): an item already given in this share of the level's exams is set
 * aside while the domain has others (the restricted method), and the next item is drawn at random among the
 * EXPOSURE_TOP_K most informative of the rest (randomesque).
 */
export const EXPOSURE_LIMIT = 0.2;
export const EXPOSURE_TOP_K = 10;

/**
 * The next scored item: within the domain furthest behind its quota, one of the `topK` most informative items
 * at θ, chosen at random (`random` in [0, 1)). Null when no eligible item is left.
 */
export function selectScoredItem<T extends CandidateItem>(input: {
  level: ContentLevel;
  theta: number;
  counts: ReadonlyMap<string, number>;
  eligible: readonly T[];
  random: () => number;
  topK?: number;
  /** the number of items of each case set (a case set is given whole): a set is begun only if it fits its domain's range */
  caseLengths?: ReadonlyMap<string, number>;
  /** the exam's minimum of scored items (the level's unless given) */
  minScored?: number;
}): T | null {
  if (input.eligible.length === 0) return null;
  // a case set of L items takes its domain to count + L of n + L scored items: once the exam could stop
  // right after it (n + L at or past the minimum), it is begun only if that stays within the domain's
  // maximum share, so that the exam keeps the blueprint's mix wherever it stops
  const n = [...input.counts.values()].reduce((a, b) => a + b, 0);
  const minScored = input.minScored ?? examLimits(input.level).minScored;
  const maxShare = new Map(domainsOf(input.level).map((d) => [d.name, d.max / 100]));
  const fits = (i: T) => {
    const length = i.caseKey ? (input.caseLengths?.get(i.caseKey) ?? 1) : 1;
    if (length <= 1 || n + length < minScored) return true;
    const cap = maxShare.get(i.domain);
    return cap === undefined || ((input.counts.get(i.domain) ?? 0) + length) / (n + length) <= cap;
  };
  const fitting = input.eligible.filter(fits);
  const candidates = fitting.length > 0 ? fitting : input.eligible;
  const domain = domainFurthestBehind(input.level, input.counts, new Set(candidates.map((i) => i.domain)));
  // an item outside the blueprint's domains (none today) is still usable when nothing else is left
  const inDomain = domain === null ? candidates : candidates.filter((i) => i.domain === domain);
  const unrestricted = inDomain.filter((i) => (i.exposure ?? 0) < EXPOSURE_LIMIT);
  // every item of the domain over the limit: the least exposed ones (within 0.05 of the lowest)
  const lowest = Math.min(...inDomain.map((i) => i.exposure ?? 0));
  const pool = unrestricted.length > 0 ? unrestricted : inDomain.filter((i) => (i.exposure ?? 0) <= lowest + 0.05);
  const k = Math.max(1, input.topK ?? EXPOSURE_TOP_K);
  // shuffled first, so that items of equal difficulty (many share their rating's prior) tie at random
  const best = mostInformative(shuffle(pool, input.random), input.theta, k);
  return best[Math.floor(input.random() * best.length)] ?? null;
}

function shuffle<T>(xs: readonly T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The k items of highest information at θ (for Rasch items: the k difficulties nearest θ; ties in the pool's order).
 * Items with a floor are ranked by their information itself.
 */
export function mostInformative<T extends CandidateItem>(pool: readonly T[], theta: number, k: number): T[] {
  const rasch = pool.every((i) => !i.c);
  const info = rasch ? null : new Map(pool.map((i) => [i, itemInformation(theta, i.b, i.c ?? 0)]));
  const closer = info ? (a: T, b: T) => info.get(b)! - info.get(a)! : (a: T, b: T) => Math.abs(a.b - theta) - Math.abs(b.b - theta);
  const best: T[] = [];
  for (const item of pool) {
    if (best.length === k && closer(item, best[k - 1]!) >= 0) continue;
    let i = Math.min(best.length, k - 1);
    if (best.length < k) best.push(item);
    else best[i] = item;
    while (i > 0 && closer(best[i]!, best[i - 1]!) < 0) {
      [best[i], best[i - 1]] = [best[i - 1]!, best[i]!];
      i--;
    }
  }
  return best;
}

/** A pilot item: one of the least-answered eligible items, at random among those with the fewest responses. */
export function selectPilotItem<T extends CandidateItem>(eligible: readonly T[], random: () => number): T | null {
  if (eligible.length === 0) return null;
  const fewest = Math.min(...eligible.map((i) => i.responses));
  const least = eligible.filter((i) => i.responses === fewest);
  return least[Math.floor(random() * least.length)] ?? null;
}

/**
 * Where the pilot items go: `pilot` distinct positions (1-based, over all items) drawn at random among the
 * first minScored + pilot positions (the shortest exam in all: EMT 70, Paramedic 110), so that every pilot item
 * is given even when the exam stops at the minimum.
 */
export function planPilotPositions(level: ContentLevel, random: () => number, limits: ExamLimits = examLimits(level)): number[] {
  const { minScored, pilot } = limits;
  const positions = Array.from({ length: minScored + pilot }, (_, i) => i + 1);
  return shuffle(positions, random)
    .slice(0, pilot)
    .sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------
// One exam, step by step (the server and the simulation both drive this)

export interface AdministeredItem {
  key: string;
  domain: string;
  b: number;
  /** the floor the exam used for this item; absent: 0 */
  c?: number;
  pilot: boolean;
  correct: boolean | null;
}

/** The scored responses of an exam, in order (pilot items are never scored). */
export function scoredResponses(items: readonly AdministeredItem[]): ScoredResponse[] {
  return items
    .filter((i) => !i.pilot && i.correct !== null)
    .map((i) => (i.c ? { b: i.b, c: i.c, correct: i.correct! } : { b: i.b, correct: i.correct! }));
}

export function domainCounts(items: readonly AdministeredItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const i of items) if (!i.pilot) counts.set(i.domain, (counts.get(i.domain) ?? 0) + 1);
  return counts;
}

const caseLengthCache = new WeakMap<readonly CandidateItem[], Map<string, number>>();
/** The number of items of each case set of a bank (computed once per bank array). */
function caseLengthsOf(bank: readonly CandidateItem[]): Map<string, number> {
  let lengths = caseLengthCache.get(bank);
  if (!lengths) {
    lengths = new Map();
    for (const i of bank) if (i.caseKey) lengths.set(i.caseKey, (lengths.get(i.caseKey) ?? 0) + 1);
    caseLengthCache.set(bank, lengths);
  }
  return lengths;
}

/** Pilot items planned at or before `position` and not given yet. */
function pilotsDue(administered: readonly AdministeredItem[], pilotPositions: readonly number[], position: number): number {
  return pilotPositions.filter((p) => p <= position).length - administered.filter((a) => a.pilot).length;
}

/** Pilot items planned for the exam and not given yet (the confidence rule waits for them: stopReason). */
export function pilotsOwed(administered: readonly AdministeredItem[], pilotPositions: readonly number[]): number {
  return Math.max(0, pilotPositions.length - administered.filter((a) => a.pilot).length);
}

/**
 * The next item of an exam: a pilot item at a planned pilot position, otherwise the next scored item. Items
 * already given and `excluded` keys (the student's last exam) are not eligible.
 */
export function nextExamItem<T extends CandidateItem>(input: {
  level: ContentLevel;
  administered: readonly AdministeredItem[];
  pilotPositions: readonly number[];
  bank: readonly T[];
  excluded?: ReadonlySet<string>;
  random: () => number;
  topK?: number;
  /** the current estimate, when the caller keeps it (else computed from the scored responses) */
  theta?: number;
}): { item: T; pilot: boolean } | null {
  const given = new Set(input.administered.map((i) => i.key));
  const all = input.bank.filter((i) => !given.has(i.key) && !input.excluded?.has(i.key));
  // a case set under way goes on, in its order, before anything else (a pilot position met meanwhile passes)
  const last = input.administered.at(-1);
  const lastItem = last && !last.pilot ? input.bank.find((i) => i.key === last.key) : undefined;
  if (lastItem?.caseKey) {
    const rest = all
      .filter((i) => i.caseKey === lastItem.caseKey && (i.caseOrder ?? 0) > (lastItem.caseOrder ?? 0))
      .sort((a, b) => (a.caseOrder ?? 0) - (b.caseOrder ?? 0));
    if (rest[0]) return { item: rest[0], pilot: false };
  }
  // otherwise a case set can only begin at its first item, and only if none of it was seen (here or last exam)
  const touched = new Set(input.bank.filter((i) => i.caseKey && (given.has(i.key) || input.excluded?.has(i.key))).map((i) => i.caseKey));
  const eligible = all.filter((i) => !i.caseKey || (i.caseOrder === 1 && !touched.has(i.caseKey)));
  const position = input.administered.length + 1;
  // a pilot position passed while a case set went on is made up at the next free position
  if (pilotsDue(input.administered, input.pilotPositions, position) > 0) {
    // pilot items are single items, never a case set
    const item = selectPilotItem(
      eligible.filter((i) => !i.caseKey),
      input.random,
    );
    if (item) return { item, pilot: true };
  }
  const theta = input.theta ?? estimateAbility(scoredResponses(input.administered)).theta;
  const item = selectScoredItem({
    level: input.level,
    theta,
    counts: domainCounts(input.administered),
    eligible,
    random: input.random,
    topK: input.topK,
    caseLengths: caseLengthsOf(input.bank),
  });
  // a case set about to begin would cover a planned pilot position: the pilot item comes first
  if (item?.caseKey) {
    const length = input.bank.filter((i) => i.caseKey === item.caseKey).length;
    if (pilotsDue(input.administered, input.pilotPositions, position + length - 1) > 0) {
      const pilot = selectPilotItem(
        eligible.filter((i) => !i.caseKey),
        input.random,
      );
      if (pilot) return { item: pilot, pilot: true };
    }
  }
  return item ? { item, pilot: false } : null;
}

/** Whether each blueprint domain's share of the scored items lies within its range. */
export function blueprintMixInRange(level: ContentLevel, counts: ReadonlyMap<string, number>): boolean {
  const n = [...counts.values()].reduce((a, b) => a + b, 0);
  if (n === 0) return false;
  return domainsOf(level).every((d) => {
    const share = ((counts.get(d.name) ?? 0) / n) * 100;
    return share >= d.min && share <= d.max;
  });
}

/** A blueprint domain whose available items cannot fill its share of a full-length exam. */
export interface PoolShortfall {
  domain: string;
  /** the most scored items the blueprint allows the domain at the exam's maximum: ⌊maxScored × max % / 100⌋ */
  needed: number;
  /** the items of the domain the student may still be given */
  available: number;
}

/**
 * The items an exam may score for a student who has seen the keys in `seen` (practice feedback, review, an earlier exam's
 * review): the unseen ones, and a case set only whole and untouched (one seen item tells the others' story).
 */
export function scorableFor<T extends { key: string; caseKey?: string | null }>(bank: readonly T[], seen: ReadonlySet<string>): T[] {
  const touched = new Set(bank.filter((i) => i.caseKey && seen.has(i.key)).map((i) => i.caseKey));
  return bank.filter((i) => !seen.has(i.key) && !(i.caseKey && touched.has(i.caseKey)));
}

/**
 * The domains whose available items cannot fill the blueprint's maximum count for the domain at the exam's
 * maximum scored length, in blueprint order (empty: the exam can run to its maximum on blueprint). `items`
 * are the items the exam may score for this student (the level's live items of either pool that the student
 * has not seen, case sets only whole and unseen). The quota selection keeps a domain within one item of its
 * target share (the middle of its range), which never exceeds that maximum, so a domain with `needed` items
 * never runs dry; the service calls this before an exam starts and tells the student which domains are short.
 * Pilot items come on top, from any domain.
 */
export function poolShortfall(
  level: ContentLevel,
  items: readonly { domain: string }[],
  limits: ExamLimits = examLimits(level),
): PoolShortfall[] {
  const available = new Map<string, number>();
  for (const i of items) available.set(i.domain, (available.get(i.domain) ?? 0) + 1);
  return domainsOf(level)
    .map((d) => ({ domain: d.name, needed: Math.floor((limits.maxScored * d.max) / 100), available: available.get(d.name) ?? 0 }))
    .filter((d) => d.available < d.needed);
}

/** Each domain's estimate and standing from its own scored items (the standing uses the same prior). */
export function domainResults(
  level: ContentLevel,
  items: readonly AdministeredItem[],
  cut: number = PASSING_THETA,
): { domain: string; scored: number; correct: number; estimate: AbilityEstimate; standing: DomainStanding }[] {
  return domainsOf(level).map((d) => {
    const own = items.filter((i) => i.domain === d.name);
    const responses = scoredResponses(own);
    const estimate = estimateAbility(responses);
    return {
      domain: d.name,
      scored: responses.length,
      correct: responses.filter((r) => r.correct).length,
      estimate,
      standing: domainStanding(estimate, cut),
    };
  });
}
