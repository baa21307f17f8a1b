import { useEffect } from 'react';
import { TIMING, type FeatureType } from '@shared/constants';
import { flushWithBeacon, track } from './tracker';

/**
 * Tracks time spent on a screen: session_start, a heartbeat every 300 s, tab_hidden / tab_visible and
 * session_end. Each event with a duration carries the visible seconds since the previous one, so the
 * sum of durations is the time actually studied.
 */
export function useFeatureSession(feature: FeatureType, featureId: string | null = null) {
  useEffect(() => {
    let since = Date.now();
    let visible = document.visibilityState === 'visible';
    let ended = false;
    const elapsed = () => {
      const seconds = visible ? Math.round((Date.now() - since) / 1000) : 0;
      since = Date.now();
      return seconds;
    };
    track(feature, 'session_start', { feature_id: featureId });
    const heartbeat = window.setInterval(() => {
      if (visible) track(feature, 'heartbeat', { feature_id: featureId, duration_seconds: elapsed() });
    }, TIMING.heartbeatMs);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && visible) {
        track(feature, 'tab_hidden', { feature_id: featureId, duration_seconds: elapsed() });
        visible = false;
      } else if (document.visibilityState === 'visible' && !visible) {
        visible = true;
        since = Date.now();
        track(feature, 'tab_visible', { feature_id: featureId });
      }
    };
    const end = () => {
      if (ended) return;
      ended = true;
      track(feature, 'session_end', { feature_id: featureId, duration_seconds: elapsed() });
    };
    const onPageHide = () => {
      end();
      flushWithBeacon();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(heartbeat);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      end();
    };
  }, [feature, featureId]);
}
