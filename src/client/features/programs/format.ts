/** A calendar day (YYYY-MM-DD) as "Sep 1, 2026", read at noon UTC so no zone moves it to the day before. */
export const shortDay = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
