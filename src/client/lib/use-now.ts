import { useEffect, useState } from 'react';
import { nowMs } from './clock';

/**
 * The current time (ms since the epoch), read again every `everyMs` while `active`: a countdown ticks each second, a
 * "due at" label every few seconds. The one clock hook of the client.
 */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(() => nowMs());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(nowMs()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
