import { FEATURE_TYPES, type FeatureType } from './constants';

/** Admin analytics figures (docs/product.md §9), computed from a user's usage events. */
export interface AnalyticsEvent {
  feature_type: string;
  action_type: string;
  duration_seconds: number | null;
  created_at: string | Date;
}

export interface FeatureBreakdown {
  feature: FeatureType;
  events: number;
  minutes: number;
}

export interface Analytics {
  totalSessions: number;
  totalMinutes: number;
  lastActivity: string | null;
  byFeature: FeatureBreakdown[];
}

/** Events of one feature and action, summed (what the database aggregates). */
export interface EventGroup {
  feature_type: string;
  action_type: string;
  events: number;
  seconds: number;
  last: string | Date | null;
}

export function analyticsFromGroups(groups: EventGroup[]): Analytics {
  let seconds = 0;
  let last = 0;
  const perFeature = new Map<string, { events: number; seconds: number }>();
  for (const g of groups) {
    seconds += g.seconds;
    if (g.last) last = Math.max(last, new Date(g.last).getTime());
    const f = perFeature.get(g.feature_type) ?? { events: 0, seconds: 0 };
    f.events += g.events;
    f.seconds += g.seconds;
    perFeature.set(g.feature_type, f);
  }
  return {
    totalSessions: groups.filter((g) => g.action_type === 'session_start').reduce((n, g) => n + g.events, 0),
    totalMinutes: Math.round(seconds / 60),
    lastActivity: last ? new Date(last).toISOString() : null,
    byFeature: FEATURE_TYPES.map((feature) => ({
      feature,
      events: perFeature.get(feature)?.events ?? 0,
      minutes: Math.round((perFeature.get(feature)?.seconds ?? 0) / 60),
    })),
  };
}

/** The same figures from individual events. */
export function computeAnalytics(events: AnalyticsEvent[]): Analytics {
  const groups = new Map<string, EventGroup>();
  for (const e of events) {
    const key = `${e.feature_type}|${e.action_type}`;
    const g = groups.get(key) ?? { feature_type: e.feature_type, action_type: e.action_type, events: 0, seconds: 0, last: null };
    g.events++;
    g.seconds += e.duration_seconds ?? 0;
    if (!g.last || new Date(e.created_at) > new Date(g.last)) g.last = e.created_at;
    groups.set(key, g);
  }
  return analyticsFromGroups([...groups.values()]);
}

export const NO_ACTIVITY = 'No activity';
