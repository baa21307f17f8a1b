/**
 * The one place product code may read the wall clock (docs/decisions/087-services-take-deps-and-one-clock.md). Everything
 * else reads time through `deps.now()` (the server) or takes "now" as a parameter (src/shared), so a test moves time by
 * moving the injected clock instead of sleeping. ESLint refuses `Date.now()` and `new Date()` everywhere else in
 * src/server and src/shared.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
