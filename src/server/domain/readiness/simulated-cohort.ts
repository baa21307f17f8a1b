import { passingPercent } from '../../../shared/exam';
import { seededRandom } from '../../../shared/seeded-random';
import type { ReadinessSample } from './validate';

/**
 * A simulated cohort for checking the validation end to end: students with known abilities θ ~ N(0, 1.5²) whose last
 * practice exam reads θ̂ = θ + N(0, SE²) (SE 0.22–0.40, as the engine's exams end), with the engine's chance of passing
 * against MedicPrep's standard (θ = 0), and an NREMT outcome decided by the real exam's own error (SD 0.25) against a
 * cut `cutShift` logits away from ours. Sittings spread over two years, in order.
 */
export function simulatedCohort(opts: { students: number; cutShift: number; seed: number }): (ReadinessSample & { ability: number })[] {
  const random = seededRandom(opts.seed);
  const normal = () => {
    const u = 1 - random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: opts.students }, (_, i) => {
    const ability = 1.5 * normal();
    const se = 0.22 + 0.18 * random();
    const theta = ability + se * normal();
    const day = Math.floor((i / opts.students) * 730);
    return {
      id: `sim-${i}`,
      ability,
      examDate: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
      passed: ability + 0.25 * normal() > opts.cutShift,
      theta,
      se,
      chance: passingPercent({ theta, se }) / 100,
      exams: 1 + Math.floor(random() * 6),
      days: 1 + Math.floor(random() * 90),
    };
  });
}
