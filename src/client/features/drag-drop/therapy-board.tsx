import { useMemo, useState } from 'react';
import { AutoScrollActivator, DndContext, DragOverlay, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { therapiesIn, unplacedTherapies, ZONE_LABELS, ZONES, type DragDropTherapy, type Placement, type Zone } from '@shared/drag-drop';
import { Toast } from '../../components/ui/toast';
import { useStatus } from '../../lib/use-status';
import { announcements, collisionDetection, screenReaderInstructions, useTherapySensors, zoneOf } from './dnd';
import { DropArea } from './drop-area';
import { DropBar } from './drop-bar';
import { TherapyCard, TherapyGhost } from './therapy-card';

/** The page scrolls while the pointer (finger) is in the top or bottom 15% of the screen. */
const AUTO_SCROLL = { activator: AutoScrollActivator.Pointer, threshold: { x: 0, y: 0.15 } };
/** With the drop bar the zones are on screen: the page holds still under the finger. */
const NO_AUTO_SCROLL = { enabled: false };

/**
 * A touch drag, or a pointer drag on a narrow screen, gets the drop bar: on a phone the zones sit
 * below a long list of therapies, out of reach of a finger (decision 061).
 */
function wantsDropBar(event: Event): boolean {
  if (typeof TouchEvent !== 'undefined' && event instanceof TouchEvent) return true;
  return !(event instanceof KeyboardEvent) && window.matchMedia('(max-width: 767px)').matches;
}

const EMPTY: Record<Zone, string> = {
  indicated: 'Drag the therapies this patient needs here.',
  not_indicated: 'Drag the therapies to withhold here.',
};

/**
 * The available therapies and the Indicated / Not Indicated zones. Everything can be done by
 * dragging (mouse, touch, keyboard) or with the buttons on each therapy.
 */
export function TherapyBoard({
  therapies,
  placements,
  locked,
  markOf,
  onPlace,
  onRemove,
}: {
  therapies: DragDropTherapy[];
  placements: Placement[];
  locked: boolean;
  markOf: (key: string) => boolean | null;
  onPlace: (key: string, zone: Zone) => void;
  onRemove: (key: string) => void;
}) {
  const sensors = useTherapySensors();
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [dropBar, setDropBar] = useState(false);
  const [status, setStatus] = useState('');
  const { status: missed, show: showMissed } = useStatus();
  const byKey = useMemo(() => new Map(therapies.map((t) => [t.therapyKey, t])), [therapies]);
  const nameOf = (key: string) => byKey.get(key)?.therapyName ?? 'Therapy';
  const a11y = useMemo(
    () => ({ announcements: announcements((k) => byKey.get(k)?.therapyName ?? 'Therapy'), screenReaderInstructions }),
    [byKey],
  );

  const place = (key: string, zone: Zone) => {
    onPlace(key, zone);
    setStatus(`${nameOf(key)} placed in ${ZONE_LABELS[zone]}.`);
  };
  const remove = (key: string) => {
    onRemove(key);
    setStatus(`${nameOf(key)} returned to Available therapies.`);
  };
  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    setActiveKey(String(active.id));
    setDropBar(wantsDropBar(activatorEvent));
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    setActiveKey(null);
    setDropBar(false);
    if (locked) return;
    const key = String(active.id);
    const from = active.data.current?.area as 'pool' | Zone | undefined;
    const zone = over ? zoneOf(over.id) : null;
    if (zone) place(key, zone);
    else if (over?.id === 'pool' && from !== 'pool') remove(key);
    // A finger or pointer let go outside the zones: say so where it can be seen, not only to a screen reader.
    else if (!(activatorEvent instanceof KeyboardEvent))
      showMissed('warning', `${nameOf(key)} was not placed: drop it on Indicated or Not Indicated.`);
  };

  const pool = unplacedTherapies(therapies, placements);
  const dragging = activeKey !== null;
  const card = (t: DragDropTherapy, area: 'pool' | Zone) => (
    <TherapyCard
      key={t.therapyKey}
      therapy={t}
      area={area}
      locked={locked}
      mark={markOf(t.therapyKey)}
      onPlace={(z) => place(t.therapyKey, z)}
      onRemove={() => remove(t.therapyKey)}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      autoScroll={dropBar ? NO_AUTO_SCROLL : AUTO_SCROLL}
      accessibility={a11y}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActiveKey(null);
        setDropBar(false);
      }}
    >
      <div className="space-y-4">
        {/* Once checked, the empty list gives its room to the zones. */}
        {!(locked && pool.length === 0) && (
          <DropArea area="pool" count={pool.length} dragging={dragging} empty="All therapies placed. Check your answers below.">
            {pool.map((t) => card(t, 'pool'))}
          </DropArea>
        )}
        {/* Top to bottom (side by side on wide screens): the keyboard's ↓ never moves a therapy up. */}
        <div className="grid gap-4 md:grid-cols-2 md:items-start">
          {ZONES.map((zone) => {
            const items = therapiesIn(therapies, placements, zone);
            return (
              <DropArea key={zone} area={zone} count={items.length} dragging={dragging} empty={EMPTY[zone]}>
                {items.map((t) => card(t, zone))}
              </DropArea>
            );
          })}
        </div>
      </div>
      {dropBar && activeKey && <DropBar />}
      <Toast message={missed} placement="bottom" />
      <DragOverlay dropAnimation={null}>{activeKey ? <TherapyGhost name={nameOf(activeKey)} /> : null}</DragOverlay>
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
    </DndContext>
  );
}
