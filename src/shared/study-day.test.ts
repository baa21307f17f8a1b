import { describe, expect, it } from 'vitest';
import { startOfStudyDay, studyDay, studyDayOf, studyDaysBetween, toDayClock, fromDayClock } from './study-day';

// When each study day starts (4 am local), computed independently with Python's zoneinfo (the system's tz database, not
// ICU): datetime(y, m, d, 4, 0, tzinfo=ZoneInfo(zone)).astimezone(timezone.utc), and the length of the day before it in
// hours. The dates are daylight-saving changes where the zone has them (the US on 8 March and 1 November 2026, the UK on 29
// March and 25 October, Lord Howe's half-hour shifts on 5 April and 4 October) and ordinary days elsewhere.
const STARTS = [
  { zone: 'America/New_York', date: '2026-03-08', start: '2026-03-08T08:00:00Z', dayBefore: 23 },
  { zone: 'America/New_York', date: '2026-11-01', start: '2026-11-01T09:00:00Z', dayBefore: 25 },
  { zone: 'America/New_York', date: '2026-12-02', start: '2026-12-02T09:00:00Z', dayBefore: 24 },
  { zone: 'America/Los_Angeles', date: '2026-03-08', start: '2026-03-08T11:00:00Z', dayBefore: 23 },
  { zone: 'America/Los_Angeles', date: '2026-11-01', start: '2026-11-01T12:00:00Z', dayBefore: 25 },
  { zone: 'Pacific/Honolulu', date: '2026-12-02', start: '2026-12-02T14:00:00Z', dayBefore: 24 },
  { zone: 'Pacific/Honolulu', date: '2026-07-01', start: '2026-07-01T14:00:00Z', dayBefore: 24 },
  { zone: 'Europe/London', date: '2026-03-29', start: '2026-03-29T03:00:00Z', dayBefore: 23 },
  { zone: 'Europe/London', date: '2026-10-25', start: '2026-10-25T04:00:00Z', dayBefore: 25 },
  { zone: 'Asia/Kolkata', date: '2026-12-02', start: '2026-12-01T22:30:00Z', dayBefore: 24 },
  { zone: 'Australia/Lord_Howe', date: '2026-04-05', start: '2026-04-04T17:30:00Z', dayBefore: 24.5 },
  { zone: 'Australia/Lord_Howe', date: '2026-10-04', start: '2026-10-03T17:00:00Z', dayBefore: 23.5 },
];
const HOUR = 3_600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

describe('the study day: the student’s zone, from 4 am local', () => {
  for (const { zone, date, start, dayBefore } of STARTS) {
    const at = Date.parse(start);
    it(`${zone}, ${date}: the day starts at ${start}; a minute before is the day before, whose length is ${dayBefore} h`, () => {
      expect(studyDay(at, zone)).toBe(dayNumber(date));
      expect(studyDay(at - 60_000, zone)).toBe(dayNumber(date) - 1);
      expect(studyDay(at - 1, zone)).toBe(dayNumber(date) - 1);
      expect(studyDaysBetween(at - 60_000, at, zone)).toBe(1);
      expect(studyDaysBetween(at, at + 23 * HOUR, zone)).toBe(0);
      expect(startOfStudyDay(dayNumber(date), zone).toISOString()).toBe(new Date(at).toISOString());
      const before = studyDayOf(at - 60_000, zone);
      expect(before.end.getTime()).toBe(at);
      expect((before.end.getTime() - before.start.getTime()) / HOUR).toBe(dayBefore);
      const same = studyDayOf(at, zone);
      expect(same.start.getTime()).toBe(at);
      expect(same.day).toBe(dayNumber(date));
    });
  }

  it('midnight is not a day boundary: 11:55 pm and 12:05 am local are the same study day; 3:59 and 4:00 am are not', () => {
    // New York in December is UTC−5: 23:55 local = 04:55Z, 00:05 local = 05:05Z
    expect(studyDaysBetween(Date.parse('2026-12-03T04:55:00Z'), Date.parse('2026-12-03T05:05:00Z'), 'America/New_York')).toBe(0);
    expect(studyDaysBetween(Date.parse('2026-12-03T08:59:00Z'), Date.parse('2026-12-03T09:00:00Z'), 'America/New_York')).toBe(1);
  });

  it('the day clock reads back to the same instant, also across a change (the hour a change repeats stays in one day)', () => {
    for (const { zone, start } of STARTS)
      for (const h of [-26, -3, -2, -1.5, 0, 1, 7, 20]) {
        const t = Date.parse(start) + h * HOUR;
        expect(fromDayClock(toDayClock(t, zone), zone, t)).toBe(t);
      }
  });

  it('a zone this runtime does not know counts UTC days from 4 am UTC', () => {
    expect(studyDay(Date.parse('2026-12-02T03:59:00Z'), 'Not/AZone')).toBe(dayNumber('2026-12-01'));
    expect(studyDay(Date.parse('2026-12-02T04:00:00Z'), 'Not/AZone')).toBe(dayNumber('2026-12-02'));
  });
});
