import { describe, expect, it } from 'vitest';
import { SESSION, sessionDueForRefresh } from './session';

describe('sessionDueForRefresh', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const inSeconds = (s: number) => new Date(now + s * 1000).toISOString();
  it('leaves a session extended less than a day ago alone', () => {
    expect(sessionDueForRefresh(inSeconds(SESSION.expiresInSeconds), now)).toBe(false);
    expect(sessionDueForRefresh(inSeconds(SESSION.expiresInSeconds - SESSION.updateAgeSeconds + 60), now)).toBe(false);
  });
  it('asks for an extension once a day has passed', () => {
    expect(sessionDueForRefresh(inSeconds(SESSION.expiresInSeconds - SESSION.updateAgeSeconds - 60), now)).toBe(true);
    expect(sessionDueForRefresh(inSeconds(3600), now)).toBe(true);
  });
  it('ignores an unreadable date', () => {
    expect(sessionDueForRefresh('not a date', now)).toBe(false);
  });
});
