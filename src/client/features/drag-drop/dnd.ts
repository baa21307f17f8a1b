import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SENSORS, ZONE_LABELS, type Zone } from '@shared/drag-drop';

/** Droppable areas, top to bottom: the available list, then the two zones. */
export type Area = 'pool' | Zone;
export const AREAS: Area[] = ['pool', 'indicated', 'not_indicated'];
export const AREA_LABELS: Record<Area, string> = { pool: 'Available therapies', ...ZONE_LABELS };

const centre = (r: { left: number; top: number; width: number; height: number }) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

/** The area the dragged item's centre is in. */
function areaAt(
  point: { x: number; y: number },
  rects: Map<string | number, { left: number; top: number; right: number; bottom: number }>,
): Area | null {
  for (const area of AREAS) {
    const r = rects.get(area);
    if (r && point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom) return area;
  }
  return null;
}

/**
 * Keyboard dragging jumps between areas: ↓/→ to the next one, ↑/← to the previous one, each press
 * landing the therapy in the middle of that area (the default moves 25 px a press).
 */
export const areaKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step =
    event.code === 'ArrowDown' || event.code === 'ArrowRight' ? 1 : event.code === 'ArrowUp' || event.code === 'ArrowLeft' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, active } = context;
  if (!collisionRect || !active) return undefined;
  const from = areaAt(centre(collisionRect), droppableRects) ?? (active.data.current?.area as Area | undefined) ?? 'pool';
  const to = AREAS[AREAS.indexOf(from) + step];
  const target = to && droppableRects.get(to);
  if (!target) return undefined;
  const c = centre(target);
  return { x: c.x - collisionRect.width / 2, y: c.y - collisionRect.height / 2 };
};

/** The drop bar's targets (drop-bar.tsx): the two zones again, fixed at the bottom of a phone's screen. */
export const BAR_PREFIX = 'bar:';
export const barTargetId = (zone: Zone) => `${BAR_PREFIX}${zone}`;

/** The zone a droppable id stands for: a zone itself or its target in the drop bar; null for the list. */
export function zoneOf(id: string | number): Zone | null {
  const zone = String(id).replace(BAR_PREFIX, '');
  return zone === 'indicated' || zone === 'not_indicated' ? zone : null;
}

/**
 * The pointer decides where a pointer drag is; for the keyboard, the centre of the dragged therapy.
 * The drop bar floats over the page: under the finger, its targets win over what lies beneath.
 */
export const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args.pointerCoordinates ? args : { ...args, pointerCoordinates: centre(args.collisionRect) });
  const bar = hits.filter((c) => String(c.id).startsWith(BAR_PREFIX));
  return bar.length ? bar : hits;
};

/** Mouse starts after 5 px; touch after 50 ms held within 8 px (so a swipe still scrolls); keyboard Space/Enter. */
export function useTherapySensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: SENSORS.mouseDistancePx } }),
    useSensor(TouchSensor, { activationConstraint: { delay: SENSORS.touchDelayMs, tolerance: SENSORS.touchTolerancePx } }),
    useSensor(KeyboardSensor, { coordinateGetter: areaKeyboardCoordinates, scrollBehavior: 'auto' }),
  );
}

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To pick up a therapy, press Space or Enter. Use the arrow keys to move it between Available therapies, Indicated and Not Indicated. Press Space or Enter again to drop it, or Escape to cancel. You can also use the Indicated and Not Indicated buttons.',
};

export function announcements(nameOf: (id: string) => string): Announcements {
  const name = (id: string | number) => nameOf(String(id));
  const area = (id: string | number | undefined) => (id ? AREA_LABELS[zoneOf(id) ?? (id as Area)] : undefined);
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over ${area(over.id)}.` : `${name(active.id)} is not over a drop zone.`,
    onDragEnd: ({ active, over }) =>
      over
        ? over.id === 'pool'
          ? `${name(active.id)} returned to Available therapies.`
          : `${name(active.id)} placed in ${area(over.id)}.`
        : `${name(active.id)} was dropped outside a zone and stays where it was.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
