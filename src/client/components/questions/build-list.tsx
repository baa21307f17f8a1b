import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { closestCenter, DndContext, MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SENSORS } from '@shared/drag-drop';
import type { BuildListAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { cn } from '../../lib/cn';
import { Icon } from '../icon';

const moveButton =
  'flex size-11 shrink-0 items-center justify-center rounded-xl text-navy-800 hover:bg-navy-50 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent';

/** Which control of which row gets focus back after a move (the row's DOM node may be moved). */
type FocusTarget = { id: string; control: 'handle' | 'up' | 'down' } | null;

/**
 * A list to put in order: drag a row (mouse, or touch after a short hold so a swipe still scrolls),
 * press ↑/↓ on a focused row, or use its Move up / Move down buttons.
 */
export function BuildList({ item, value, onChange }: { item: PublicItem; value: BuildListAnswer; onChange: (a: BuildListAnswer) => void }) {
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: SENSORS.mouseDistancePx } }),
    useSensor(TouchSensor, { activationConstraint: { delay: SENSORS.touchDelayMs, tolerance: SENSORS.touchTolerancePx } }),
  );
  const textOf = useMemo(() => new Map(item.options.map((o) => [o.id, o.text])), [item.options]);
  const [status, setStatus] = useState('');
  const focusAfter = useRef<FocusTarget>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const order = value.order;

  useLayoutEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-id="${target.id}"]`);
    const control = row?.querySelector<HTMLElement>(`[data-control="${target.control}"]`);
    (control && !control.matches(':disabled') ? control : row?.querySelector<HTMLElement>('[data-control="handle"]'))?.focus();
  }, [order]);

  const move = (id: string, to: number, control: 'handle' | 'up' | 'down') => {
    const from = order.indexOf(id);
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    focusAfter.current = { id, control };
    onChange({ order: arrayMove(order, from, to) });
    setStatus(`${textOf.get(id)} moved to position ${to + 1} of ${order.length}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), order.indexOf(String(over.id)), 'handle');
  };

  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-muted">
        Put these in order, first at the top: drag a row, or use the arrow buttons or the ↑ ↓ keys.
      </legend>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: {
            draggable: 'Press the up or down arrow key to move this step, or use its Move up and Move down buttons.',
          },
          announcements: {
            onDragStart: ({ active }) => `Picked up ${textOf.get(String(active.id))}.`,
            onDragOver: () => undefined,
            onDragEnd: ({ active, over }) =>
              over ? `${textOf.get(String(active.id))} moved to position ${order.indexOf(String(over.id)) + 1}.` : 'Not moved.',
            onDragCancel: () => 'Not moved.',
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol ref={listRef} className="space-y-2.5">
            {order.map((id, i) => (
              <SortableRow
                key={id}
                id={id}
                text={textOf.get(id) ?? ''}
                index={i}
                count={order.length}
                onMove={(to, control) => move(id, to, control)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}

function SortableRow({
  id,
  text,
  index,
  count,
  onMove,
}: {
  id: string;
  text: string;
  index: number;
  count: number;
  onMove: (to: number, control: 'handle' | 'up' | 'down') => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      onMove(index + (e.key === 'ArrowUp' ? -1 : 1), 'handle');
    }
  };
  return (
    <li
      ref={setNodeRef}
      data-id={id}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'relative flex items-center gap-1 rounded-2xl bg-white pr-1 shadow-sm ring-1 ring-line',
        isDragging && 'z-10 shadow-xl ring-2 ring-navy-600',
      )}
    >
      <div
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        data-control="handle"
        aria-roledescription="sortable step"
        aria-label={`${text}, position ${index + 1} of ${count}`}
        onKeyDown={onKeyDown}
        className="flex min-h-14 min-w-0 flex-1 cursor-grab touch-manipulation select-none items-center gap-3 rounded-2xl py-3 pl-3 text-[15px] leading-snug text-ink active:cursor-grabbing"
      >
        <span
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold tabular-nums text-white"
          aria-hidden="true"
        >
          {index + 1}
        </span>
        <span className="min-w-0 flex-1">{text}</span>
        <Icon name="grip" className="size-5 shrink-0 text-muted/60" />
      </div>
      <div className="flex shrink-0 flex-col sm:flex-row">
        <button
          type="button"
          data-control="up"
          className={moveButton}
          disabled={index === 0}
          onClick={() => onMove(index - 1, 'up')}
          aria-label={`Move ${text} up`}
        >
          <Icon name="chevron-up" className="size-5 shrink-0" />
        </button>
        <button
          type="button"
          data-control="down"
          className={moveButton}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1, 'down')}
          aria-label={`Move ${text} down`}
        >
          <Icon name="chevron-down" className="size-5 shrink-0" />
        </button>
      </div>
    </li>
  );
}
