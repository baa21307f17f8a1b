/** Daily streak and ranks (docs/product.md §4), compared in the student's own time zone. */

export const RANKS = [
  { days: 0, name: 'Recruit' },
  { days: 3, name: 'Probationary Paramedic' },
  { days: 7, name: 'Paramedic' },
  { days: 14, name: 'Field Training Officer' },
  { days: 30, name: 'EMS Captain' },
  { days: 60, name: 'EMS Chief' },
] as const;
export type RankName = (typeof RANKS)[number]['name'];
export const STREAK_THRESHOLDS = [3, 7, 14, 30, 60] as const;
export const MAX_RANK_TEXT = 'MAX RANK ACHIEVED';

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function dayInZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole calendar days from day a to day b (both YYYY-MM-DD), independent of DST. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * Same day keeps the streak, the day after adds one, a longer gap resets it to 1; a first visit
 * starts at 1. `changed` tells whether anything must be saved.
 */
export function nextStreak(lastLogin: Date | null, current: number, now: Date, timeZone: string): { streak: number; changed: boolean } {
  if (!lastLogin) return { streak: 1, changed: true };
  const gap = daysBetween(dayInZone(lastLogin, timeZone), dayInZone(now, timeZone));
  if (gap <= 0) return { streak: Math.max(current, 1), changed: current < 1 };
  if (gap === 1) return { streak: current + 1, changed: true };
  return { streak: 1, changed: true };
}

export function rankFor(streak: number): RankName {
  let name: RankName = RANKS[0].name;
  for (const r of RANKS) if (streak >= r.days) name = r.name;
  return name;
}

/** The next rank and the days left to it, or null at the top rank. */
export function nextRank(streak: number): { name: RankName; daysTo: number } | null {
  const next = RANKS.find((r) => r.days > streak);
  return next ? { name: next.name, daysTo: next.days - streak } : null;
}

/** The threshold the streak rose across, if it did (the celebration shows then). */
export function crossedThreshold(previous: number, current: number): number | null {
  const crossed = STREAK_THRESHOLDS.filter((t) => previous < t && current >= t);
  return crossed.length ? crossed[crossed.length - 1]! : null;
}

/** Accuracy = correct ÷ answered (correct or wrong), as a rounded percent; 0 with nothing answered. */
export function accuracyPercent(correct: number, wrong: number): number {
  const answered = correct + wrong;
  return answered === 0 ? 0 : Math.round((correct / answered) * 100);
}
