import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TIMING } from '@shared/constants';
import { Icon } from '../icon';

/**
 * "Already completed" for an item the student finished before, shown for 3 s each time such an item
 * comes up (docs/product.md §8); `itemKey` identifies the item on screen.
 */
export function AlreadyCompleted({ itemKey, completed, detail }: { itemKey: string; completed: boolean; detail?: string }) {
  const [shownFor, setShownFor] = useState<string | null>(null);
  // Decided when the item comes up: finishing it now is not "already completed".
  const wasCompleted = useRef(completed);
  // kept current after each render (before the effect below reads it), never written during render
  useLayoutEffect(() => {
    wasCompleted.current = completed;
  });
  useEffect(() => {
    if (!wasCompleted.current) return;
    setShownFor(itemKey);
    const t = window.setTimeout(() => setShownFor(null), TIMING.statusMessageMs);
    return () => window.clearTimeout(t);
  }, [itemKey]);
  if (shownFor !== itemKey) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-xl bg-go-100 px-4 py-2.5 text-sm font-semibold text-go-700 ring-1 ring-inset ring-go-600/25"
    >
      <Icon name="check" className="size-4" strokeWidth={3} />
      Already completed{detail ? ` · ${detail}` : ''}
    </p>
  );
}
