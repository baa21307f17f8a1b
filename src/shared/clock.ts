/**
 * The browser's wall clock, for the rules the client still calls without a time of its own: `subscriptionDisplay`,
 * `sessionDueForRefresh` and `eventTimeAcceptable` take "now" as a parameter and default to this. The server always passes
 * `deps.now()` (src/server/lib/clock.ts, docs/decisions/087-services-take-deps-and-one-clock.md); ESLint refuses other
 * wall-clock reads in src/shared.
 */
export const wallClock = (): Date => new Date();
