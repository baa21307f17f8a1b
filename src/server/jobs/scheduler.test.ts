import { describe, expect, it } from 'vitest';
import { nextRun, parseSchedule } from '../../shared/schedule';
import { SUMMARY_MAX_LINES, trimSummary } from './scheduler';

describe('the scheduler, without a database', () => {
  it("computes the next run in UTC whatever the process's own time zone (a US and a +12:45 zone, on a DST weekend)", () => {
    const before = process.env.TZ;
    const s = parseSchedule('0 3 * * 0');
    try {
      for (const tz of ['America/New_York', 'Pacific/Chatham', 'UTC']) {
        process.env.TZ = tz;
        expect(nextRun(s, new Date('2027-03-13T23:00:00Z'))?.toISOString()).toBe('2027-03-14T03:00:00.000Z');
      }
    } finally {
      process.env.TZ = before;
    }
  });

  it('keeps a long summary to its first and last lines, saying how many were left out', () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `line ${i}`);
    const kept = trimSummary(lines);
    expect(kept).toHaveLength(SUMMARY_MAX_LINES);
    expect(kept[0]).toBe('line 0');
    expect(kept.at(-1)).toBe('line 999');
    expect(kept).toContain(`… ${1000 - (SUMMARY_MAX_LINES - 21) - 20} more lines (the command line prints them all)`);
    expect(trimSummary(['a', 'b'])).toEqual(['a', 'b']);
  });
});
