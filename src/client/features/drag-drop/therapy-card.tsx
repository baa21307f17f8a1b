import { useDraggable } from '@dnd-kit/core';
import { ZONE_LABELS, type DragDropTherapy, type Zone } from '@shared/drag-drop';
import { Icon } from '../../components/questions/icon';
import { cn } from '../../lib/cn';
import type { Area } from './dnd';

const iconButton = 'flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-navy-50 hover:text-navy-900';

/** What follows the pointer while a therapy is dragged. */
export function TherapyGhost({ name }: { name: string }) {
  return (
    <div className="flex cursor-grabbing items-start gap-2 rounded-2xl bg-white p-3 text-[15px] font-medium leading-snug text-ink shadow-2xl ring-2 ring-navy-600">
      <Icon name="grip" className="mt-0.5 text-muted" />
      {name}
    </div>
  );
}

/**
 * A therapy: drag it by its body (mouse, touch, or Space and the arrow keys), or tap a button. In
 * the available list it offers Indicated / Not Indicated; in a zone, move to the other zone and ×.
 */
export function TherapyCard({
  therapy,
  area,
  locked,
  mark,
  onPlace,
  onRemove,
}: {
  therapy: DragDropTherapy;
  area: Area;
  locked: boolean;
  mark: boolean | null;
  onPlace: (zone: Zone) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: therapy.therapyKey,
    data: { area },
    disabled: locked,
  });
  const name = therapy.therapyName;
  const handle = (
    <div
      ref={setActivatorNodeRef}
      {...listeners}
      {...attributes}
      className={cn(
        'flex min-h-11 flex-1 touch-manipulation items-start gap-2 rounded-xl p-3 text-[15px] font-medium leading-snug text-ink',
        !locked && 'cursor-grab select-none',
      )}
    >
      {!locked && <Icon name="grip" className="mt-0.5 text-muted/70" />}
      <span className="min-w-0 flex-1">{name}</span>
    </div>
  );

  if (area === 'pool') {
    return (
      <li
        ref={setNodeRef}
        className={cn(
          'rounded-2xl bg-white shadow-sm ring-1 ring-line transition-opacity sm:flex sm:items-center',
          isDragging && 'opacity-40',
        )}
      >
        {handle}
        <div className="grid grid-cols-2 gap-2 px-3 pb-3 sm:w-72 sm:shrink-0 sm:py-2 sm:pl-0 sm:pr-2">
          <button
            type="button"
            onClick={() => onPlace('indicated')}
            aria-label={`Place ${name} in Indicated`}
            className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-go-100 text-sm font-semibold text-go-700 ring-1 ring-inset ring-go-600/25 hover:bg-go-600 hover:text-white"
          >
            <Icon name="check" className="size-4" /> Indicated
          </button>
          <button
            type="button"
            onClick={() => onPlace('not_indicated')}
            aria-label={`Place ${name} in Not Indicated`}
            className="flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-signal-50 text-sm font-semibold text-signal-700 ring-1 ring-inset ring-signal-500/25 hover:bg-signal-500 hover:text-white"
          >
            <Icon name="cross" className="size-4" /> Not Indicated
          </button>
        </div>
      </li>
    );
  }

  const other: Zone = area === 'indicated' ? 'not_indicated' : 'indicated';
  return (
    <li
      ref={setNodeRef}
      data-mark={mark === null ? undefined : mark ? 'correct' : 'incorrect'}
      className={cn(
        'flex items-start rounded-2xl shadow-sm transition-[opacity,box-shadow,background-color] duration-200',
        isDragging && 'opacity-40',
        mark === null ? 'bg-white ring-1 ring-line' : mark ? 'bg-go-100/60 ring-2 ring-go-600' : 'bg-signal-50 ring-2 ring-signal-500',
      )}
    >
      <div className="min-w-0 flex-1">
        {handle}
        {mark === false && <p className="-mt-1 px-3 pb-3 text-sm font-semibold text-signal-700">Belongs in {ZONE_LABELS[other]}</p>}
        {mark === false && therapy.rationale && <p className="-mt-2 px-3 pb-3 text-sm leading-snug text-ink/80">{therapy.rationale}</p>}
      </div>
      {mark !== null ? (
        <span
          className={cn(
            'm-2 flex size-8 shrink-0 items-center justify-center rounded-full text-white transition-transform duration-200 starting:scale-50',
            mark ? 'bg-go-600' : 'bg-signal-500',
          )}
          role="img"
          aria-label={mark ? 'Correct' : 'Incorrect'}
        >
          <Icon name={mark ? 'check' : 'cross'} className="size-4" />
        </span>
      ) : (
        !locked && (
          <div className="flex shrink-0 p-0.5">
            <button
              type="button"
              className={iconButton}
              onClick={() => onPlace(other)}
              aria-label={`Move ${name} to ${ZONE_LABELS[other]}`}
              title={`Move to ${ZONE_LABELS[other]}`}
            >
              <Icon name="swap" />
            </button>
            <button type="button" className={iconButton} onClick={onRemove} aria-label={`Remove ${name}`} title="Remove">
              <Icon name="cross" />
            </button>
          </div>
        )
      )}
    </li>
  );
}
