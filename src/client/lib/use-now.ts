import { useEffect, useState } from 'react';

/**
 * The current time (ms since the epoch), read again every `everyMs` while `active`: a countdown ticks each second, a
 * "due at" label every few seconds. The one clock hook of the client.
 */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
