// Rasch item calibration from stored responses (decision 072, `npm run items:calibrate`): joint maximum likelihood
// (JMLE, the method of Winsteps and of the NREMT's Rasch calibration) with Wright's (L − 1) / L bias
// correction. Pure: the caller reads the responses and stores the result. Decision 072.

export interface CalibrationResponse {
  person: string;
  item: string;
  correct: boolean;
}

export interface ItemEstimate {
  item: string;
  /** difficulty in logits, on the scale fixed by `anchorMean` */
  b: number;
  se: number;
  /** responses it rests on */
  n: number;
}

export interface CalibrationResult {
  items: ItemEstimate[];
  /** items every response got right, or every one wrong: no finite estimate, left out */
  extremeItems: string[];
  persons: number;
  /** persons with every answer right or every one wrong, left out */
  extremePersons: number;
  iterations: number;
  converged: boolean;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * Estimates each item's Rasch difficulty. The scale is fixed so that the estimated items' mean difficulty is
 * `anchorMean(items)` (the mean of their prior difficulties), which keeps calibrated and prior items, and the
 * passing standard, on one scale.
 */
export function calibrateRasch(
  responses: readonly CalibrationResponse[],
  anchorMean: (items: string[]) => number = () => 0,
  opts: { maxIterations?: number; tolerance?: number } = {},
): CalibrationResult {
  // drop extreme persons and items until none is left (each removal can make another extreme)
  let data = responses;
  const extremeItems = new Set<string>();
  let extremePersons = 0;
  for (;;) {
    const byPerson = tally(data, (r) => r.person);
    const byItem = tally(data, (r) => r.item);
    const badPersons = new Set([...byPerson].filter(([, t]) => t.right === 0 || t.right === t.n).map(([k]) => k));
    const badItems = new Set([...byItem].filter(([, t]) => t.right === 0 || t.right === t.n).map(([k]) => k));
    if (badPersons.size === 0 && badItems.size === 0) break;
    extremePersons += badPersons.size;
    badItems.forEach((i) => extremeItems.add(i));
    data = data.filter((r) => !badPersons.has(r.person) && !badItems.has(r.item));
  }
  const persons = [...new Set(data.map((r) => r.person))];
  const items = [...new Set(data.map((r) => r.item))];
  // an item left out as extreme may come back into range once extreme persons are gone: only report those absent
  for (const i of items) extremeItems.delete(i);
  if (items.length === 0) return { items: [], extremeItems: [...extremeItems], persons: 0, extremePersons, iterations: 0, converged: true };

  const pIndex = new Map(persons.map((p, i) => [p, i]));
  const iIndex = new Map(items.map((it, i) => [it, i]));
  const rows = data.map((r) => ({ p: pIndex.get(r.person)!, i: iIndex.get(r.item)!, x: r.correct ? 1 : 0 }));
  const pRight = new Float64Array(persons.length);
  const pN = new Float64Array(persons.length);
  const iRight = new Float64Array(items.length);
  const iN = new Float64Array(items.length);
  for (const r of rows) {
    pRight[r.p]! += r.x;
    pN[r.p]! += 1;
    iRight[r.i]! += r.x;
    iN[r.i]! += 1;
  }
  const theta = Float64Array.from(persons, (_, p) => Math.log(pRight[p]! / (pN[p]! - pRight[p]!)));
  const b = Float64Array.from(items, (_, i) => -Math.log(iRight[i]! / (iN[i]! - iRight[i]!)));
  const anchor = anchorMean(items);
  const maxIterations = opts.maxIterations ?? 500;
  const tolerance = opts.tolerance ?? 1e-6;
  let iterations = 0;
  let converged = false;
  const expP = new Float64Array(persons.length);
  const infP = new Float64Array(persons.length);
  const expI = new Float64Array(items.length);
  const infI = new Float64Array(items.length);
  while (iterations < maxIterations) {
    iterations++;
    expP.fill(0);
    infP.fill(0);
    for (const r of rows) {
      const p = sigmoid(theta[r.p]! - b[r.i]!);
      expP[r.p]! += p;
      infP[r.p]! += p * (1 - p);
    }
    let change = 0;
    for (let p = 0; p < persons.length; p++) {
      const step = Math.max(-1, Math.min(1, (pRight[p]! - expP[p]!) / infP[p]!));
      theta[p]! += step;
      change = Math.max(change, Math.abs(step));
    }
    expI.fill(0);
    infI.fill(0);
    for (const r of rows) {
      const p = sigmoid(theta[r.p]! - b[r.i]!);
      expI[r.i]! += p;
      infI[r.i]! += p * (1 - p);
    }
    for (let i = 0; i < items.length; i++) {
      const step = Math.max(-1, Math.min(1, (iRight[i]! - expI[i]!) / infI[i]!));
      b[i]! -= step;
      change = Math.max(change, Math.abs(step));
    }
    // identification: the items' mean is the anchor; persons move with them
    const shift = anchor - b.reduce((s, v) => s + v, 0) / items.length;
    for (let i = 0; i < items.length; i++) b[i]! += shift;
    for (let p = 0; p < persons.length; p++) theta[p]! += shift;
    if (change < tolerance) {
      converged = true;
      break;
    }
  }
  // Wright's correction of JMLE's bias: spread × (L − 1) / L, L the mean number of items per person
  const meanItemsPerPerson = rows.length / persons.length;
  const k = meanItemsPerPerson > 1 ? (meanItemsPerPerson - 1) / meanItemsPerPerson : 1;
  return {
    items: items.map((item, i) => ({ item, b: anchor + (b[i]! - anchor) * k, se: 1 / Math.sqrt(infI[i]!), n: iN[i]! })),
    extremeItems: [...extremeItems],
    persons: persons.length,
    extremePersons,
    iterations,
    converged,
  };
}

function tally<T>(xs: readonly T[], key: (x: T) => string): Map<string, { n: number; right: number }> {
  const out = new Map<string, { n: number; right: number }>();
  for (const x of xs) {
    const t = out.get(key(x)) ?? { n: 0, right: 0 };
    t.n++;
    if ((x as unknown as CalibrationResponse).correct) t.right++;
    out.set(key(x), t);
  }
  return out;
}
