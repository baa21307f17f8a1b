import { wallClock } from './clock';

/** Session lifetime (Better Auth's `expiresIn` / `updateAge`): a week, extended at most once a day. */
export const SESSION = { expiresInSeconds: 60 * 60 * 24 * 7, updateAgeSeconds: 60 * 60 * 24 } as const;

/**
 * Whether a session is old enough for Better Auth to extend it: more than `updateAge` has passed since
 * it was last extended, i.e. less than `expiresIn − updateAge` remains. The app then asks Better Auth's
 * own session route once, which moves the end a week ahead and re-issues the cookie, so a student
 * who opens the app every few days stays signed in.
 */
export function sessionDueForRefresh(expiresAt: Date | string, now: number = wallClock().getTime()): boolean {
  const end = new Date(expiresAt).getTime();
  if (Number.isNaN(end)) return false;
  return end - now < (SESSION.expiresInSeconds - SESSION.updateAgeSeconds) * 1000;
}
