import { describe, expect, it } from 'vitest';
import { accuracyPercent, crossedThreshold, dayInZone, nextRank, nextStreak, rankFor } from './streak';

describe('rankFor', () => {
  it.each([
    [0, 'Recruit'],
    [2, 'Recruit'],
    [3, 'Probationary Paramedic'],
    [6, 'Probationary Paramedic'],
    [7, 'Paramedic'],
    [13, 'Paramedic'],
    [14, 'Field Training Officer'],
    [29, 'Field Training Officer'],
    [30, 'EMS Captain'],
    [59, 'EMS Captain'],
    [60, 'EMS Chief'],
    [365, 'EMS Chief'],
  ])('%i days → %s', (days, rank) => expect(rankFor(days)).toBe(rank));

  it('gives the next rank and days to it, none at the top', () => {
    expect(nextRank(0)).toEqual({ name: 'Probationary Paramedic', daysTo: 3 });
    expect(nextRank(3)).toEqual({ name: 'Paramedic', daysTo: 4 });
    expect(nextRank(59)).toEqual({ name: 'EMS Chief', daysTo: 1 });
    expect(nextRank(60)).toBeNull();
  });
});

describe('nextStreak', () => {
  const ny = 'America/New_York';
  it('starts at 1 on a first visit', () => {
    expect(nextStreak(null, 0, new Date('2026-03-01T12:00:00Z'), ny)).toEqual({ streak: 1, changed: true });
  });
  it('keeps the streak on the same local day', () => {
    // 23:30 and 00:30 UTC are the same evening in New York
    expect(nextStreak(new Date('2026-03-01T23:30:00Z'), 4, new Date('2026-03-02T00:30:00Z'), ny)).toEqual({ streak: 4, changed: false });
  });
  it('adds one the next local day, across UTC midnight as the student sees it', () => {
    expect(nextStreak(new Date('2026-03-01T15:00:00Z'), 4, new Date('2026-03-02T15:00:00Z'), ny)).toEqual({ streak: 5, changed: true });
    // in Tokyo, 14:00 UTC and 16:00 UTC the same UTC day fall on different local days
    expect(nextStreak(new Date('2026-03-01T14:00:00Z'), 2, new Date('2026-03-01T16:00:00Z'), 'Asia/Tokyo')).toEqual({
      streak: 3,
      changed: true,
    });
  });
  it('resets to 1 after a missed day', () => {
    expect(nextStreak(new Date('2026-03-01T15:00:00Z'), 9, new Date('2026-03-03T15:00:00Z'), ny)).toEqual({ streak: 1, changed: true });
  });
  it('counts calendar days across a daylight-saving change', () => {
    // US DST starts 2026-03-08: 23:30 local on the 7th to 00:15 local on the 9th is two days
    const sat = new Date('2026-03-08T04:30:00Z'); // 23:30 EST on Mar 7
    const sun = new Date('2026-03-09T03:15:00Z'); // 23:15 EDT on Mar 8 (only 22h45 later)
    expect(dayInZone(sat, ny)).toBe('2026-03-07');
    expect(dayInZone(sun, ny)).toBe('2026-03-08');
    expect(nextStreak(sat, 6, sun, ny)).toEqual({ streak: 7, changed: true });
    // fall back 2026-11-01: a 25-hour day is still one day
    expect(nextStreak(new Date('2026-11-01T04:10:00Z'), 3, new Date('2026-11-02T05:10:00Z'), ny)).toEqual({ streak: 4, changed: true });
    expect(nextStreak(new Date('2026-11-01T04:10:00Z'), 3, new Date('2026-11-02T04:50:00Z'), ny)).toEqual({ streak: 3, changed: false });
  });
});

describe('crossedThreshold', () => {
  it('fires only when the streak rises across a threshold', () => {
    expect(crossedThreshold(2, 3)).toBe(3);
    expect(crossedThreshold(3, 3)).toBeNull();
    expect(crossedThreshold(3, 4)).toBeNull();
    expect(crossedThreshold(6, 7)).toBe(7);
    expect(crossedThreshold(13, 14)).toBe(14);
    expect(crossedThreshold(29, 30)).toBe(30);
    expect(crossedThreshold(59, 60)).toBe(60);
    expect(crossedThreshold(60, 61)).toBeNull();
    expect(crossedThreshold(8, 1)).toBeNull();
  });
});

describe('accuracyPercent', () => {
  it('rounds correct ÷ answered', () => {
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(accuracyPercent(1, 2)).toBe(33);
    expect(accuracyPercent(2, 1)).toBe(67);
    expect(accuracyPercent(1, 1)).toBe(50);
    expect(accuracyPercent(7, 1)).toBe(88);
  });
});
