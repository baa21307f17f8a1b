import { useEffect } from 'react';
import { TIMING, type FeatureType } from '@shared/constants';
import { flushWithBeacon, track } from './tracker';
import { nowMs } from './clock';

/**
 * Tracks time spent on a screen: session_start, a heartbeat every 300 s, tab_hidden / tab_visible and
 * session_end. Each event with a duration carries the visible seconds since the previous one, so the
 * sum of durations is the time actually studied.
 */
export function useFeatureSession(feature: FeatureType, featureId: string | null = null) {
  useEffect(() => {
    let since = nowMs();
    let visible = document.visibilityState === 'visible';
    let ended = false;
    const elapsed = () => {
      const seconds = visible ? Math.round((nowMs() - since) / 1000) : 0;
      since = nowMs();
      return seconds;
    };
    track(feature, 'session_start', { featureId: featureId });
    const heartbeat = window.setInterval(() => {
      if (visible) track(feature, 'heartbeat', { featureId: featureId, durationSeconds: elapsed() });
    }, TIMING.heartbeatMs);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && visible) {
        track(feature, 'tab_hidden', { featureId: featureId, durationSeconds: elapsed() });
        visible = false;
      } else if (document.visibilityState === 'visible' && !visible) {
        visible = true;
        since = nowMs();
        track(feature, 'tab_visible', { featureId: featureId });
      }
    };
    const end = () => {
      if (ended) return;
      ended = true;
      track(feature, 'session_end', { featureId: featureId, durationSeconds: elapsed() });
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
