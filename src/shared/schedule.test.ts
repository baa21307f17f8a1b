import { describe, expect, it } from 'vitest';
import { describeSchedule, nextRun, parseSchedule, ScheduleError } from './schedule';

const next = (expression: string, after: string) => nextRun(parseSchedule(expression), new Date(after))?.toISOString() ?? null;

// Expected instants computed independently by a brute-force search, minute by minute in UTC with cron's rules, in Python
// (datetime; the script is in docs/decisions/110-scheduled-jobs-on-our-own-table.md).
describe('the job schedule (cron, UTC)', () => {
  it.each([
    ['0 3 * * 0', '2026-12-06T21:40:00Z', '2026-12-13T03:00:00.000Z'],
    ['0 3 * * 0', '2026-12-13T03:00:00Z', '2026-12-20T03:00:00.000Z'],
    ['0 3 * * 0', '2026-12-13T02:59:30Z', '2026-12-13T03:00:00.000Z'],
    ['0 4 1 * *', '2026-12-06T21:40:00Z', '2027-01-01T04:00:00.000Z'],
    ['0 4 1 * *', '2027-01-31T23:59:00Z', '2027-02-01T04:00:00.000Z'],
    ['0 12 31 * *', '2027-01-31T12:00:00Z', '2027-03-31T12:00:00.000Z'],
    ['0 0 29 2 *', '2027-01-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['0 0 13 * 5', '2026-12-06T00:00:00Z', '2026-12-11T00:00:00.000Z'],
    ['0 0 13 * 5', '2026-12-11T00:00:00Z', '2026-12-13T00:00:00.000Z'],
    ['*/15 * * * *', '2026-12-06T10:07:00Z', '2026-12-06T10:15:00.000Z'],
    ['30 4 * * 0', '2027-03-13T12:00:00Z', '2027-03-14T04:30:00.000Z'],
    ['0 2 * * 0', '2027-03-14T01:59:00Z', '2027-03-14T02:00:00.000Z'],
    ['0 9-17/4 * * 1-5', '2026-12-05T10:00:00Z', '2026-12-07T09:00:00.000Z'],
  ])('%s after %s is %s (strictly after, whole minutes)', (expression, after, expected) => {
    expect(next(expression, after)).toBe(expected);
  });

  it('a weekly job runs every 7 × 24 hours through both daylight-saving changes of America and Europe (UTC has none)', () => {
    const s = parseSchedule('0 3 * * 0');
    let t = nextRun(s, new Date('2027-01-01T00:00:00Z'))!;
    const runs = [t];
    for (let i = 0; i < 52; i++) runs.push((t = nextRun(s, t)!));
    const gaps = new Set(runs.slice(1).map((r, i) => r.getTime() - runs[i]!.getTime()));
    expect([...gaps]).toEqual([7 * 86_400_000]);
    // every run at 03:00 UTC on a Sunday, March (US 14th, EU 28th) and November (EU 31 Oct, US 7th) included
    expect(runs.every((r) => r.getUTCDay() === 0 && r.getUTCHours() === 3 && r.getUTCMinutes() === 0)).toBe(true);
    expect(runs.map((r) => r.toISOString().slice(0, 10))).toContain('2027-03-14');
    expect(runs.map((r) => r.toISOString().slice(0, 10))).toContain('2027-11-07');
  });

  it('a monthly job runs once in each month, on the 1st, twelve a year', () => {
    const s = parseSchedule('0 4 1 * *');
    let t = new Date('2026-12-31T23:00:00Z');
    const runs: string[] = [];
    for (let i = 0; i < 12; i++) runs.push((t = nextRun(s, t)!).toISOString());
    expect(runs).toEqual(Array.from({ length: 12 }, (_, m) => `2027-${String(m + 1).padStart(2, '0')}-01T04:00:00.000Z`));
  });

  it('a date that never comes (31 February) has no next run instead of a search for ever', () => {
    expect(next('0 0 31 2 *', '2026-12-06T00:00:00Z')).toBeNull();
  });

  it('7 is Sunday too, and lists and ranges read as cron reads them', () => {
    expect(next('0 3 * * 7', '2026-12-06T21:40:00Z')).toBe('2026-12-13T03:00:00.000Z');
    expect(next('0,30 1 * * *', '2026-12-06T01:10:00Z')).toBe('2026-12-06T01:30:00.000Z');
  });

  it.each([
    ['0 3 * *', /five fields/],
    ['60 3 * * 0', /minute 60 is outside 0–59/],
    ['0 3 * * 8', /day of week 8 is outside 0–7/],
    ['0 3 0 * *', /day of month 0 is outside 1–31/],
    ['0 3 * * mon', /"mon" is not a valid day of week/],
    ['*/0 3 * * *', /step/],
  ])('refuses %s with a message naming the field', (expression, message) => {
    expect(() => parseSchedule(expression)).toThrow(ScheduleError);
    expect(() => parseSchedule(expression)).toThrow(message);
  });

  it('says the schedule in words', () => {
    expect(describeSchedule(parseSchedule('0 3 * * 0'))).toBe('Weekly, Sundays at 03:00 UTC');
    expect(describeSchedule(parseSchedule('0 4 1 * *'))).toBe('Monthly, on the 1st at 04:00 UTC');
    expect(describeSchedule(parseSchedule('30 4 * * *'))).toBe('Daily at 04:30 UTC');
    expect(describeSchedule(parseSchedule('*/15 * * * *'))).toBe('*/15 * * * * (cron, UTC)');
    expect(describeSchedule(null)).toBe('Off: runs only when started by hand');
  });
});
