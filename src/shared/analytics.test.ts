import { describe, expect, it } from 'vitest';
import { computeAnalytics } from './analytics';

describe('admin analytics', () => {
  it('counts session starts, sums minutes (rounded), finds the last activity, breaks down by feature', () => {
    const events = [
      { feature_type: 'home', action_type: 'session_start', duration_seconds: null, created_at: '2026-05-01T10:00:00Z' },
      { feature_type: 'home', action_type: 'heartbeat', duration_seconds: 300, created_at: '2026-05-01T10:05:00Z' },
      { feature_type: 'home', action_type: 'session_end', duration_seconds: 45, created_at: '2026-05-01T10:05:45Z' },
      { feature_type: 'flashcard_emt', action_type: 'session_start', duration_seconds: null, created_at: '2026-05-02T08:00:00Z' },
      { feature_type: 'flashcard_emt', action_type: 'answer', duration_seconds: null, created_at: '2026-05-02T08:01:00Z' },
      { feature_type: 'flashcard_emt', action_type: 'session_end', duration_seconds: 89, created_at: '2026-05-02T08:01:29Z' },
    ];
    const a = computeAnalytics(events);
    expect(a.totalSessions).toBe(2);
    expect(a.totalMinutes).toBe(7); // (300 + 45 + 89) / 60 = 7.23
    expect(a.lastActivity).toBe('2026-05-02T08:01:29.000Z');
    expect(a.byFeature.find((f) => f.feature === 'home')).toEqual({ feature: 'home', events: 3, minutes: 6 });
    expect(a.byFeature.find((f) => f.feature === 'flashcard_emt')).toEqual({ feature: 'flashcard_emt', events: 3, minutes: 1 });
    expect(a.byFeature.find((f) => f.feature === 'video')).toEqual({ feature: 'video', events: 0, minutes: 0 });
  });
  it('has no activity without events', () => {
    expect(computeAnalytics([])).toMatchObject({ totalSessions: 0, totalMinutes: 0, lastActivity: null });
  });
});
