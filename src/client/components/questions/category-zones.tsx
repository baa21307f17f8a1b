import { useMemo, useState, type ReactNode } from 'react';
import {
  DndContext,
  DragOverlay,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SENSORS } from '@shared/drag-drop';
import type { PlacementsAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { cn } from '../../lib/cn';
import { Icon } from '../icon';

const POOL = '__pool__';

/**
 * Category zones: drag each option (mouse, or touch after a short hold) into a zone, or use its
 * "Place … in …" buttons; a placed option can be moved to another zone or taken back out.
 */
export function CategoryZones({
  item,
  value,
  onChange,
}: {
  item: PublicItem;
  value: PlacementsAnswer;
  onChange: (a: PlacementsAnswer) => void;
}) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: SENSORS.mouseDistancePx } }),
    useSensor(TouchSensor, { activationConstraint: { delay: SENSORS.touchDelayMs, tolerance: SENSORS.touchTolerancePx } }),
  );
  const categories = item.categories ?? [];
  const textOf = useMemo(() => new Map(item.options.map((o) => [o.id, o.text])), [item.options]);
  const [active, setActive] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const placements = value.placements;

  const place = (id: string, category: string) => {
    onChange({ placements: { ...placements, [id]: category } });
    setStatus(`${textOf.get(id)} placed in ${category}.`);
  };
  const remove = (id: string) => {
    const next = { ...placements };
    delete next[id];
    onChange({ placements: next });
    setStatus(`${textOf.get(id)} returned to the list.`);
  };
  const onDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    if (!over) return;
    const id = String(a.id);
    if (over.id === POOL) {
      if (placements[id]) remove(id);
    } else if (placements[id] !== over.id) place(id, String(over.id));
  };

  const pool = item.options.filter((o) => !placements[o.id]);
  const card = (id: string, where: string | null) => (
    <OptionCard
      key={id}
      id={id}
      text={textOf.get(id) ?? ''}
      where={where}
      categories={categories}
      onPlace={(c) => place(id, c)}
      onRemove={() => remove(id)}
    />
  );

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-muted">Place every item in a zone: drag it, or tap a zone name under it.</legend>
      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragStart={({ active: a }) => setActive(String(a.id))}
        onDragCancel={() => setActive(null)}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: 'Use the Place buttons of this item to put it in a zone.' },
          announcements: {
            onDragStart: ({ active: a }) => `Picked up ${textOf.get(String(a.id))}.`,
            onDragOver: () => undefined,
            onDragEnd: ({ active: a, over }) =>
              over ? `${textOf.get(String(a.id))} dropped on ${over.id === POOL ? 'the list' : String(over.id)}.` : 'Not moved.',
            onDragCancel: () => 'Not moved.',
          },
        }}
      >
        <div className="space-y-3">
          <Zone id={POOL} label="Items to place" count={pool.length} tone="pool" empty="All placed. Check the zones, then submit.">
            {pool.map((o) => card(o.id, null))}
          </Zone>
          <div className="grid gap-3 sm:grid-cols-2">
            {categories.map((c) => {
              const inZone = item.options.filter((o) => placements[o.id] === c);
              return (
                <Zone
                  key={c}
                  id={c}
                  label={c}
                  count={inZone.length}
                  tone="zone"
                  empty={active ? `Drop here for ${c}` : 'Nothing here yet.'}
                >
                  {inZone.map((o) => card(o.id, c))}
                </Zone>
              );
            })}
          </div>
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div className="flex cursor-grabbing items-start gap-2 rounded-2xl bg-white p-3 text-[15px] font-medium leading-snug shadow-2xl ring-2 ring-navy-600">
              <Icon name="grip" className="size-5 shrink-0 mt-0.5 text-muted" />
              {textOf.get(active)}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}

function Zone({
  id,
  label,
  count,
  tone,
  empty,
  children,
}: {
  id: string;
  label: string;
  count: number;
  tone: 'pool' | 'zone';
  empty: string;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <section
      ref={setNodeRef}
      aria-label={label}
      className={cn(
        'rounded-card p-3 transition-colors',
        tone === 'pool'
          ? isOver
            ? 'bg-navy-100/70 ring-2 ring-inset ring-navy-600'
            : 'bg-navy-50/70 ring-1 ring-inset ring-line'
          : isOver
            ? 'border-2 border-dashed border-navy-600 bg-navy-50'
            : 'border-2 border-dashed border-navy-600/30 bg-white/60',
      )}
    >
      <h3 className="flex items-center gap-2 px-1 pb-2.5 pt-0.5 text-[15px] font-bold text-navy-900">
        {label}
        <span className="ml-auto rounded-full bg-white px-2.5 py-0.5 text-xs font-bold tabular-nums text-muted ring-1 ring-line">
          {count}
        </span>
      </h3>
      {count > 0 ? (
        <ul className="space-y-2">{children}</ul>
      ) : (
        <p className="flex min-h-14 items-center justify-center rounded-xl px-4 text-center text-sm text-muted">{empty}</p>
      )}
    </section>
  );
}

function OptionCard({
  id,
  text,
  where,
  categories,
  onPlace,
  onRemove,
}: {
  id: string;
  text: string;
  where: string | null;
  categories: string[];
  onPlace: (category: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({ id });
  const targets = categories.filter((c) => c !== where);
  return (
    <li ref={setNodeRef} className={cn('rounded-2xl bg-white shadow-sm ring-1 ring-line', isDragging && 'opacity-40')}>
      <div className="flex items-start">
        <div
          ref={setActivatorNodeRef}
          {...listeners}
          {...attributes}
          tabIndex={-1}
          role={undefined}
          aria-roledescription={undefined}
          className="flex min-h-11 min-w-0 flex-1 cursor-grab touch-manipulation select-none items-start gap-2 p-3 text-[15px] font-medium leading-snug text-ink"
        >
          <Icon name="grip" className="size-5 shrink-0 mt-0.5 text-muted/60" />
          <span className="min-w-0 flex-1">{text}</span>
        </div>
        {where && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Take ${text} out of ${where}`}
            title="Take out"
            className="m-0.5 flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-navy-50 hover:text-navy-900"
          >
            <Icon name="cross" className="size-5 shrink-0" />
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2 px-3 pb-3 sm:flex sm:flex-wrap">
        {targets.map((c) => (
          <button
            key={c}
            type="button"
            onClick={() => onPlace(c)}
            aria-label={`Place ${text} in ${c}`}
            className="flex min-h-11 items-center justify-center rounded-xl bg-navy-50 px-2.5 py-1 text-center text-[13px] font-semibold leading-tight text-navy-800 ring-1 ring-inset ring-navy-600/20 hover:bg-navy-900 hover:text-white sm:px-3"
          >
            {c}
          </button>
        ))}
      </div>
    </li>
  );
}
