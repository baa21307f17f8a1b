// The student's study day (decision 090): days are counted in the student's own time zone (the one the home streak uses),
// and a day starts at 4 am local, as Anki's does — so an evening session that runs past midnight is one day, and two reviews
// ten minutes apart are never a day apart. Shared by the server, the phone (which schedules offline) and srs:evaluate /
// srs:optimize; pure (no clock).

/** The local hour a study day starts at (Anki's default "next day starts at"). */
export const DAY_STARTS_AT_HOUR = 4;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ROLLOVER = DAY_STARTS_AT_HOUR * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat | null>();
/** A formatter for the zone, or null when this runtime does not know the zone (its days are then UTC's). */
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null;
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in ms (local wall time − UTC). 0 for a zone this runtime does not know. */
export function zoneOffsetMs(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const f = formatter(timeZone);
  if (!f) return 0;
  let y = 0,
    mo = 0,
    d = 0,
    h = 0,
    mi = 0,
    s = 0;
  for (const p of f.formatToParts(t)) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') mo = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
    else if (p.type === 'hour') h = Number(p.value);
    else if (p.type === 'minute') mi = Number(p.value);
    else if (p.type === 'second') s = Number(p.value);
  }
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(t / 1000) * 1000;
}

/**
 * The "day clock" of an instant: its local wall time less 4 hours, as a UTC timestamp. Its UTC calendar date is the study
 * day; FSRS (ts-fsrs counts UTC calendar days) is run on day-clock times so that it counts study days.
 */
export function toDayClock(instant: Date | number, timeZone: string): number {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  return t + zoneOffsetMs(t, timeZone) - ROLLOVER;
}

/** The instant whose day clock reads `clock` (`near`: an instant close to it, for the offset); a wall time a DST change
 * skips maps to the instant an hour later or earlier, never across a day boundary (changes happen between 0 and 3 am). */
export function fromDayClock(clock: number, timeZone: string, near?: number): number {
  const local = clock + ROLLOVER;
  const first = local - zoneOffsetMs(near ?? local, timeZone);
  return local - zoneOffsetMs(first, timeZone);
}

/** The study day of an instant, as a whole number of days since 1970-01-01. */
export function studyDay(instant: Date | number, timeZone: string): number {
  return Math.floor(toDayClock(instant, timeZone) / DAY);
}

/** Whole study days from `from` to `to` (negative if `to` is earlier). */
export function studyDaysBetween(from: Date | number, to: Date | number, timeZone: string): number {
  return studyDay(to, timeZone) - studyDay(from, timeZone);
}

/** When the study day `day` (studyDay's number) starts: 4 am local on that date. */
export function startOfStudyDay(day: number, timeZone: string): Date {
  return new Date(fromDayClock(day * DAY, timeZone));
}

/** The study day holding `instant`: its start and its end (the next day's start). */
export function studyDayOf(instant: Date | number, timeZone: string): { day: number; start: Date; end: Date } {
  const day = studyDay(instant, timeZone);
  return { day, start: startOfStudyDay(day, timeZone), end: startOfStudyDay(day + 1, timeZone) };
}
