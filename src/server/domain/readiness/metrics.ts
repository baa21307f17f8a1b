// The pass model and the figures it is judged by (docs/decisions/099-readiness-validated-on-reported-results.md).
// Pure functions over numbers; checked against an independent numpy/scipy computation (scripts/reference/
// readiness_validation.py, its output committed as scripts/reference/readiness-validation.json).

import { Z95 } from '../../../shared/exam';

/** The L2 penalty on the standardised slopes (not the intercept): it keeps a fit finite when a small sample separates. */
export const RIDGE = 1;
/** Reliability bins: deciles of the predicted probability. */
export const BINS = 10;

export interface LogisticModel {
  /** the training sample's mean and standard deviation of each feature, by which new features are standardised */
  mean: number[];
  sd: number[];
  /** intercept first, then one slope per standardised feature */
  coef: number[];
}

/** Solves A x = b (A square) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const d = m[c]![c]!;
    if (Math.abs(d) < 1e-300) throw new Error('singular system');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / d;
      if (f !== 0) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

function standardiser(x: readonly number[][]): { mean: number[]; sd: number[] } {
  const k = x[0]?.length ?? 0;
  const mean = Array.from({ length: k }, (_, j) => x.reduce((s, r) => s + r[j]!, 0) / x.length);
  const sd = mean.map((m, j) => {
    const v = x.reduce((s, r) => s + (r[j]! - m) ** 2, 0) / x.length;
    return v > 1e-12 ? Math.sqrt(v) : 1;
  });
  return { mean, sd };
}

const design = (model: Pick<LogisticModel, 'mean' | 'sd'>, row: readonly number[]) => [
  1,
  ...row.map((v, j) => (v - model.mean[j]!) / model.sd[j]!),
];

/**
 * Logistic regression by Newton–Raphson on the penalised log-likelihood
 *   Σ y·log p + (1 − y)·log(1 − p) − (RIDGE / 2)·Σ slope²,
 * features standardised by the training sample (population SD). Stops when no coefficient moves by 1e-10.
 */
export function fitLogistic(x: readonly number[][], y: readonly number[], ridge = RIDGE): LogisticModel {
  const { mean, sd } = standardiser(x);
  const rows = x.map((r) => design({ mean, sd }, r));
  const k = rows[0]!.length;
  let coef: number[] = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 100; iter++) {
    const grad = coef.map((c, j) => (j === 0 ? 0 : -ridge * c));
    const hess = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => (i === j && i > 0 ? ridge : 0)));
    rows.forEach((r, i) => {
      const p = sigmoid(r.reduce((s, v, j) => s + v * coef[j]!, 0));
      const w = p * (1 - p);
      for (let a = 0; a < k; a++) {
        grad[a]! += (y[i]! - p) * r[a]!;
        for (let b = 0; b < k; b++) hess[a]![b]! += w * r[a]! * r[b]!;
      }
    });
    const step = solve(hess, grad);
    coef = coef.map((c, j) => c + step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return { mean, sd, coef };
}

export function predictLogistic(model: LogisticModel, row: readonly number[]): number {
  return sigmoid(design(model, row).reduce((s, v, j) => s + v * model.coef[j]!, 0));
}

/** Mean squared difference between the predicted probability and the outcome (0 or 1). */
export function brierScore(p: readonly number[], y: readonly number[]): number {
  return p.reduce((s, v, i) => s + (v - y[i]!) ** 2, 0) / p.length;
}

/**
 * The area under the ROC curve: the chance that a random pass got a higher prediction than a random fail (ties count
 * half), by the mid-rank form of the Mann–Whitney statistic. Null without both outcomes.
 */
export function auc(p: readonly number[], y: readonly number[]): number | null {
  const n1 = y.filter((v) => v === 1).length;
  const n0 = y.length - n1;
  if (n1 === 0 || n0 === 0) return null;
  const order = p.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const rank = new Array<number>(p.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let t = i; t <= j; t++) rank[order[t]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const sumPos = y.reduce((s, v, i) => s + (v === 1 ? rank[i]! : 0), 0);
  return (sumPos - (n1 * (n1 + 1)) / 2) / (n1 * n0);
}

export interface ReliabilityBin {
  /** 1..10, lowest predictions first */
  bin: number;
  n: number;
  /** the smallest and largest prediction in the bin */
  from: number;
  to: number;
  meanPredicted: number;
  observed: number;
  /** Wilson 95 % interval of the observed pass rate */
  observedLow: number;
  observedHigh: number;
}

function wilson(k: number, n: number): [number, number] {
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The reliability table: the predictions sorted (ties keep their order) and cut into BINS groups of equal count, the
 * first `n mod BINS` groups one larger (numpy's array_split), each with its mean prediction and its observed pass rate.
 */
export function reliabilityBins(p: readonly number[], y: readonly number[], bins = BINS): ReliabilityBin[] {
  const order = p.map((v, i) => i).sort((a, b) => p[a]! - p[b]!);
  const n = order.length;
  const out: ReliabilityBin[] = [];
  const base = Math.floor(n / bins);
  const extra = n % bins;
  let at = 0;
  for (let b = 0; b < bins; b++) {
    const size = base + (b < extra ? 1 : 0);
    const members = order.slice(at, at + size);
    at += size;
    if (members.length === 0) continue;
    const passes = members.reduce((s, i) => s + y[i]!, 0);
    const [observedLow, observedHigh] = wilson(passes, members.length);
    out.push({
      bin: b + 1,
      n: members.length,
      from: p[members[0]!]!,
      to: p[members.at(-1)!]!,
      meanPredicted: members.reduce((s, i) => s + p[i]!, 0) / members.length,
      observed: passes / members.length,
      observedLow,
      observedHigh,
    });
  }
  return out;
}

/** Expected calibration error over the reliability bins: Σ (n_bin / N) · |mean prediction − observed rate|. */
export function expectedCalibrationError(table: readonly ReliabilityBin[]): number {
  const total = table.reduce((s, b) => s + b.n, 0);
  return table.reduce((s, b) => s + (b.n / total) * Math.abs(b.meanPredicted - b.observed), 0);
}
