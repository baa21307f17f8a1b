import { wallClock } from '@shared/clock';

/**
 * The client's clock: every time the client reads (answer times, cache ages, the greeting, a review's moment) comes from here,
 * read through the product's one wall clock (src/shared/clock.ts), so that ESLint can refuse `Date.now()` and `new Date()`
 * everywhere else in the product and a test can move time in one place
 * (docs/decisions/087-services-take-deps-and-one-clock.md).
 */
export const nowMs = (): number => wallClock().getTime();

/** The current moment as a Date (see `nowMs`). */
export const nowDate = (): Date => wallClock();

/** Today on the device, YYYY-MM-DD in its own time zone (a due day is compared with it). */
export function localDay(): string {
  const d = nowDate();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
