import { describe, expect, it } from 'vitest';
import { duration } from './format';

describe("a job run's duration", () => {
  it.each([
    [null, '—'],
    [0, '0.0 s'],
    [420, '0.4 s'],
    [9_949, '9.9 s'],
    [12_400, '12 s'],
    [200_000, '3 min 20 s'],
    [3_599_000, '59 min 59 s'],
    [3_900_000, '1 h 05 min'],
  ])('%s ms reads %s', (ms, text) => {
    expect(duration(ms)).toBe(text);
  });
});
