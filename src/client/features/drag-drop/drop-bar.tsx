import { useDroppable } from '@dnd-kit/core';
import { ZONE_LABELS, ZONES, type Zone } from '@shared/drag-drop';
import { cn } from '../../lib/cn';
import { barTargetId } from './dnd';

const tones: Record<Zone, { idle: string; over: string }> = {
  indicated: { idle: 'bg-go-100 text-go-700 border-go-600/50', over: 'bg-go-600 text-white border-go-600' },
  not_indicated: { idle: 'bg-signal-50 text-signal-700 border-signal-500/50', over: 'bg-signal-500 text-white border-signal-500' },
};

function Target({ zone }: { zone: Zone }) {
  const { setNodeRef, isOver } = useDroppable({ id: barTargetId(zone) });
  return (
    <div
      ref={setNodeRef}
      data-testid={`drop-target-${zone}`}
      data-over={isOver || undefined}
      className={cn(
        'flex min-h-20 flex-1 items-center justify-center rounded-2xl border-2 border-dashed px-3 text-center text-base font-bold transition-colors',
        isOver ? tones[zone].over : tones[zone].idle,
      )}
    >
      {ZONE_LABELS[zone]}
    </div>
  );
}

/**
 * While a therapy is dragged on a phone, the two zones also wait at the bottom of the screen (over
 * the tab bar), so a therapy at the top of a long list reaches them without scrolling.
 */
export function DropBar() {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 px-3 pb-[calc(env(safe-area-inset-bottom)+0.75rem)] pt-3 shadow-[0_-8px_24px_rgba(11,31,58,0.15)] backdrop-blur"
      aria-hidden="true"
    >
      <p className="mb-2 text-center text-xs font-semibold uppercase tracking-wider text-muted">Drop on a zone</p>
      <div className="mx-auto flex max-w-2xl gap-3">
        {ZONES.map((zone) => (
          <Target key={zone} zone={zone} />
        ))}
      </div>
    </div>
  );
}
