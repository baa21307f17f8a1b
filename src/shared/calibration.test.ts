import { describe, expect, it } from 'vitest';
import { calibrateRasch, type CalibrationResponse } from './calibration';
import { pCorrect } from './exam';
import { seededRandom } from './seeded-random';

function simulate(seed: number, nItems: number, nPersons: number, perPerson: number) {
  const random = seededRandom(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const trueB = Array.from({ length: nItems }, () => -2 + 4 * random());
  const responses: CalibrationResponse[] = [];
  for (let p = 0; p < nPersons; p++) {
    const theta = normal() * 1.5;
    const order = Array.from({ length: nItems }, (_, i) => i).sort(() => random() - 0.5);
    for (const i of order.slice(0, perPerson))
      responses.push({ person: `p${p}`, item: `i${i}`, correct: random() < pCorrect(theta, trueB[i]!) });
  }
  return { trueB, responses };
}

describe('Rasch calibration (JMLE)', () => {
  it('recovers known difficulties from simulated responses, on the anchored scale', () => {
    const { trueB, responses } = simulate(5, 40, 1500, 25); // an incomplete design, as CAT data are
    const mean = trueB.reduce((a, b) => a + b, 0) / trueB.length;
    const r = calibrateRasch(responses, () => mean);
    expect(r.converged).toBe(true);
    expect(r.items).toHaveLength(40);
    const err = r.items.map((e) => e.b - trueB[Number(e.item.slice(1))]!);
    const rmse = Math.sqrt(err.reduce((s, e) => s + e * e, 0) / err.length);
    expect(rmse).toBeLessThan(0.12);
    // anchored: the estimated items' mean is the anchor
    expect(r.items.reduce((s, e) => s + e.b, 0) / r.items.length).toBeCloseTo(mean, 6);
    // sample sizes and standard errors: n responses each, SE about 1 / sqrt(n p q)
    for (const e of r.items) {
      expect(e.n).toBeGreaterThan(800);
      expect(e.se).toBeGreaterThan(0.05);
      expect(e.se).toBeLessThan(0.15);
    }
  });

  it('leaves out persons and items with only right or only wrong answers', () => {
    const responses: CalibrationResponse[] = [
      { person: 'a', item: 'easy', correct: true },
      { person: 'b', item: 'easy', correct: true },
      { person: 'a', item: 'x', correct: true },
      { person: 'a', item: 'y', correct: false },
      { person: 'b', item: 'x', correct: false },
      { person: 'b', item: 'y', correct: true },
      { person: 'c', item: 'x', correct: true },
      { person: 'c', item: 'y', correct: true },
    ];
    const r = calibrateRasch(responses);
    expect(r.extremeItems).toEqual(['easy']);
    expect(r.extremePersons).toBe(1); // c
    expect(r.items.map((i) => i.item).sort()).toEqual(['x', 'y']);
    // one right and one wrong each: equal difficulty
    expect(r.items[0]!.b).toBeCloseTo(r.items[1]!.b, 6);
  });

  it('returns nothing for no responses', () => {
    expect(calibrateRasch([]).items).toEqual([]);
  });
});
