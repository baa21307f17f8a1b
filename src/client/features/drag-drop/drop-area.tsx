import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { AREA_LABELS, type Area } from './dnd';
import { Icon, type IconName } from '../../components/icon';

const tones: Record<Area, { idle: string; over: string; badge: string; icon: IconName }> = {
  pool: {
    idle: 'bg-navy-50/70 ring-1 ring-inset ring-line',
    over: 'bg-navy-100/70 ring-2 ring-inset ring-navy-600',
    badge: 'bg-navy-900 text-white',
    icon: 'list',
  },
  indicated: {
    idle: 'border-2 border-dashed border-go-600/40 bg-go-100/40',
    over: 'border-2 border-dashed border-go-600 bg-go-100',
    badge: 'bg-go-600 text-white',
    icon: 'correct',
  },
  not_indicated: {
    idle: 'border-2 border-dashed border-signal-500/40 bg-signal-50/60',
    over: 'border-2 border-dashed border-signal-500 bg-signal-100/70',
    badge: 'bg-signal-500 text-white',
    icon: 'cross',
  },
};

/** A droppable list: the available therapies, or the Indicated / Not Indicated zone. */
export function DropArea({
  area,
  count,
  dragging,
  empty,
  children,
}: {
  area: Area;
  count: number;
  dragging: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: area });
  const tone = tones[area];
  const zone = area !== 'pool';
  return (
    <section
      ref={setNodeRef}
      aria-label={AREA_LABELS[area]}
      data-over={isOver || undefined}
      className={cn('rounded-card p-3 transition-colors', isOver ? tone.over : tone.idle)}
    >
      <h2 className="flex items-center gap-2 px-1 pb-3 pt-1 text-[15px] font-bold text-navy-900">
        <span className={cn('flex size-7 items-center justify-center rounded-full', tone.badge)} aria-hidden="true">
          <Icon name={tone.icon} className="size-4" strokeWidth={3} />
        </span>
        {AREA_LABELS[area]}
        <span className="ml-auto rounded-full bg-white px-2.5 py-0.5 text-xs font-bold tabular-nums text-muted ring-1 ring-line">
          {count}
          <span className="sr-only"> {count === 1 ? 'therapy' : 'therapies'}</span>
        </span>
      </h2>
      {count > 0 ? (
        <ul className="space-y-2">{children}</ul>
      ) : (
        <p
          className={cn(
            'flex min-h-20 items-center justify-center rounded-xl px-4 text-center text-sm text-muted',
            zone && 'bg-white/60',
            dragging && 'font-semibold text-navy-800',
          )}
        >
          {dragging && zone ? `Drop here for ${AREA_LABELS[area]}` : empty}
        </p>
      )}
    </section>
  );
}
