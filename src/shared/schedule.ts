// The scheduled jobs' timetable (docs/decisions/110-scheduled-jobs-on-our-own-table.md): a five-field cron expression read in
// UTC — minute, hour, day of month, month, day of week — or `off`. UTC has no daylight-saving change, so a weekly job runs
// every 7 × 24 hours and no run is skipped or doubled in March or November wherever the servers stand.

export interface Schedule {
  /** the expression as written (normalised spaces) */
  expression: string;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  daysOfMonth: ReadonlySet<number>;
  months: ReadonlySet<number>;
  /** 0 = Sunday … 6 = Saturday (7 is read as Sunday) */
  daysOfWeek: ReadonlySet<number>;
  /** cron's rule: when both day fields are restricted, a day matching either runs */
  domRestricted: boolean;
  dowRestricted: boolean;
}

export class ScheduleError extends Error {}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new ScheduleError(`"${part}" is not a valid ${field.name} (use a number, a range a-b, * or a step */n)`);
    const from = m[1] === '*' ? field.min : Number(m[2]);
    const to = m[1] === '*' ? field.max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? field.max : from;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (from < field.min || to > field.max || from > to)
      throw new ScheduleError(`${field.name} ${part} is outside ${field.min}–${field.max}`);
    if (step < 1) throw new ScheduleError(`the step in ${part} must be at least 1`);
    for (let v = from; v <= to; v += step) out.add(field.name === 'day of week' && v === 7 ? 0 : v);
  }
  return out;
}

/** Reads a cron expression (five fields, UTC); throws ScheduleError with a message naming the field. */
export function parseSchedule(expression: string): Schedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new ScheduleError(`"${expression}" must have five fields: minute hour day-of-month month day-of-week (UTC)`);
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((p, i) => parseField(p, FIELDS[i]!));
  return {
    expression: parts.join(' '),
    minutes: minutes!,
    hours: hours!,
    daysOfMonth: daysOfMonth!,
    months: months!,
    daysOfWeek: daysOfWeek!,
    domRestricted: parts[2] !== '*',
    dowRestricted: parts[4] !== '*',
  };
}

function dayMatches(s: Schedule, day: Date): boolean {
  if (!s.months.has(day.getUTCMonth() + 1)) return false;
  const dom = s.daysOfMonth.has(day.getUTCDate());
  const dow = s.daysOfWeek.has(day.getUTCDay());
  if (s.domRestricted && s.dowRestricted) return dom || dow;
  if (s.domRestricted) return dom;
  if (s.dowRestricted) return dow;
  return true;
}

const sorted = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b);
const MINUTE = 60_000;
const DAY = 86_400_000;
/** An expression that never matches (31 February) gives no next run instead of searching for ever. */
const HORIZON_DAYS = 366 * 5;

/** The first time strictly after `after` that the schedule names (whole minutes, UTC), or null if none within five years. */
export function nextRun(s: Schedule, after: Date): Date | null {
  const start = new Date(Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE);
  const hours = sorted(s.hours);
  const minutes = sorted(s.minutes);
  let day = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  for (let i = 0; i <= HORIZON_DAYS; i++, day += DAY) {
    if (!dayMatches(s, new Date(day))) continue;
    const floor = i === 0 ? start.getTime() - day : 0;
    for (const h of hours)
      for (const m of minutes) {
        const offset = (h * 60 + m) * MINUTE;
        if (offset >= floor) return new Date(day + offset);
      }
  }
  return null;
}

const WEEKDAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
const pad = (n: number) => String(n).padStart(2, '0');
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** The schedule in words for the admin screen: "Weekly, Sundays at 03:00 UTC"; an expression without a plain reading as itself. */
export function describeSchedule(s: Schedule | null): string {
  if (!s) return 'Off: runs only when started by hand';
  const one = (set: ReadonlySet<number>) => (set.size === 1 ? [...set][0]! : null);
  const h = one(s.hours);
  const m = one(s.minutes);
  const everyMonth = s.months.size === 12;
  if (h !== null && m !== null && everyMonth) {
    const at = `at ${pad(h)}:${pad(m)} UTC`;
    if (!s.domRestricted && !s.dowRestricted) return `Daily ${at}`;
    if (!s.domRestricted && s.dowRestricted && s.daysOfWeek.size === 1) return `Weekly, ${WEEKDAYS[one(s.daysOfWeek)!]} ${at}`;
    if (s.domRestricted && !s.dowRestricted && s.daysOfMonth.size === 1) return `Monthly, on the ${ordinal(one(s.daysOfMonth)!)} ${at}`;
  }
  return `${s.expression} (cron, UTC)`;
}
