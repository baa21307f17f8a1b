import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '@shared/constants';

export type StatusTone = 'success' | 'error' | 'info' | 'warning';
export interface Status {
  tone: StatusTone;
  text: string;
}

/**
 * A status message that vanishes after 3 s (docs/product.md §8), unless shown with `sticky` (a result the
 * student must be able to read, or a step still in progress). A new message replaces the current one
 * and starts its own 3 s.
 */
export function useStatus() {
  const [status, setStatus] = useState<Status | null>(null);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((tone: StatusTone, text: string, { sticky = false }: { sticky?: boolean } = {}) => {
    setStatus({ tone, text });
    window.clearTimeout(timer.current);
    if (!sticky) timer.current = window.setTimeout(() => setStatus(null), TIMING.statusMessageMs);
  }, []);
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setStatus(null);
  }, []);
  return { status, show, clear };
}
