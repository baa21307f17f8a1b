import { useCallback, useEffect, useRef } from 'react';
import { track } from '../../lib/tracker';
import { nowMs } from '../../lib/clock';

const MAX_SECONDS = 86_400;

/**
 * video_start when a video starts, video_end with the seconds it was open when it is closed, ends
 * or the page goes away; each start is ended exactly once, so a replay after the end is a new pair.
 */
export function useWatchTracking() {
  const current = useRef<{ id: number; since: number } | null>(null);

  const end = useCallback(() => {
    const watching = current.current;
    if (!watching) return;
    current.current = null;
    const seconds = Math.min(MAX_SECONDS, Math.max(0, Math.round((nowMs() - watching.since) / 1000)));
    track('video', 'video_end', { featureId: String(watching.id), durationSeconds: seconds });
  }, []);

  const start = useCallback(
    (videoId: number) => {
      if (current.current?.id === videoId) return;
      end();
      current.current = { id: videoId, since: nowMs() };
      track('video', 'video_start', { featureId: String(videoId) });
    },
    [end],
  );

  useEffect(() => {
    window.addEventListener('pagehide', end);
    return () => {
      window.removeEventListener('pagehide', end);
      end();
    };
  }, [end]);

  return { start, end };
}
