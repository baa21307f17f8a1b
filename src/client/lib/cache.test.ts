import { beforeEach, describe, expect, it } from 'vitest';
import { CACHE_AGES, clearCache, readCache, writeCache } from './cache';

describe('per-user caches', () => {
  beforeEach(() => localStorage.clear());

  it('returns what was written for the same user while fresh', () => {
    writeCache('user_stats_cache', 'u1', { accuracy: 80 });
    expect(readCache('user_stats_cache', 'u1', CACHE_AGES.stats)).toEqual({ accuracy: 80 });
  });
  it('never returns another user’s data', () => {
    writeCache('user_profile_cache', 'u1', { firstName: 'Ann' });
    expect(readCache('user_profile_cache', 'u2', CACHE_AGES.profile)).toBeNull();
  });
  it('expires by age: stats after 1 h, profile after 24 h', () => {
    writeCache('user_stats_cache', 'u1', 1);
    writeCache('user_profile_cache', 'u1', 2);
    const later = Date.now() + 61 * 60 * 1000;
    expect(readCache('user_stats_cache', 'u1', CACHE_AGES.stats, undefined, later)).toBeNull();
    expect(readCache('user_profile_cache', 'u1', CACHE_AGES.profile, undefined, later)).toBe(2);
    expect(readCache('user_profile_cache', 'u1', CACHE_AGES.profile, undefined, Date.now() + 25 * 3600 * 1000)).toBeNull();
  });
  it('expires when the content version changes, and clears', () => {
    writeCache('flashcard_counts', 'u1', { a: 1 }, 'v1');
    expect(readCache('flashcard_counts', 'u1', CACHE_AGES.content, 'v1')).toEqual({ a: 1 });
    expect(readCache('flashcard_counts', 'u1', CACHE_AGES.content, 'v2')).toBeNull();
    clearCache('flashcard_counts');
    expect(readCache('flashcard_counts', 'u1', CACHE_AGES.content, 'v1')).toBeNull();
  });
});
