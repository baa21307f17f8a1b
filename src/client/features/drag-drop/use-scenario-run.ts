import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  allPlaced,
  placeTherapy,
  removeTherapy,
  revealSchedule,
  scoreScenario,
  shuffle,
  therapiesIn,
  type DragDropScenario,
  type Placement,
  type ScoreResult,
  type Zone,
} from '@shared/drag-drop';

export type Phase = 'placing' | 'revealing' | 'checked';

/**
 * One attempt at a scenario: therapies in a shuffled order (the content lists the indicated ones
 * first), placements, and after Check Answers the marks revealed one by one every 150 ms, then the
 * results 500 ms after the last.
 */
export function useScenarioRun(
  scenario: DragDropScenario | undefined,
  runKey: string,
  onChecked: (scenario: DragDropScenario, result: ScoreResult) => void,
) {
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [phase, setPhase] = useState<Phase>('placing');
  const [result, setResult] = useState<ScoreResult | null>(null);
  const [revealOrder, setRevealOrder] = useState<string[]>([]);
  const [revealed, setRevealed] = useState(0);
  const [resultsOpen, setResultsOpen] = useState(false);
  const timers = useRef<number[]>([]);

  const clearTimers = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };

  const reset = useCallback(() => {
    clearTimers();
    setPlacements([]);
    setPhase('placing');
    setResult(null);
    setRevealOrder([]);
    setRevealed(0);
    setResultsOpen(false);
  }, []);

  useEffect(() => reset(), [runKey, reset]);
  useEffect(() => clearTimers, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- runKey is the trigger: a new attempt reshuffles the therapies
  const therapies = useMemo(() => (scenario ? shuffle(scenario.therapies) : []), [scenario, runKey]);

  const place = useCallback((key: string, zone: Zone) => setPlacements((p) => placeTherapy(p, key, zone)), []);
  const remove = useCallback((key: string) => setPlacements((p) => removeTherapy(p, key)), []);

  const check = useCallback(() => {
    if (!scenario || phase !== 'placing' || !allPlaced(therapies, placements)) return;
    const scored = scoreScenario(scenario.therapies, placements);
    const order = [...therapiesIn(therapies, placements, 'indicated'), ...therapiesIn(therapies, placements, 'not_indicated')].map(
      (t) => t.therapy_key,
    );
    setResult(scored);
    setRevealOrder(order);
    setPhase('revealing');
    onChecked(scenario, scored);
    const { markAt, resultsAt } = revealSchedule(order.length);
    clearTimers();
    timers.current = [
      ...markAt.map((ms, i) => window.setTimeout(() => setRevealed(i + 1), ms)),
      window.setTimeout(() => {
        setPhase('checked');
        setResultsOpen(true);
      }, resultsAt),
    ];
  }, [scenario, phase, therapies, placements, onChecked]);

  const revealedKeys = useMemo(() => new Set(revealOrder.slice(0, revealed)), [revealOrder, revealed]);
  const markOf = (key: string): boolean | null => (result && revealedKeys.has(key) ? (result.marks[key] ?? null) : null);

  return {
    therapies,
    placements,
    phase,
    result,
    resultsOpen,
    setResultsOpen,
    canCheck: phase === 'placing' && allPlaced(therapies, placements),
    place,
    remove,
    check,
    reset,
    markOf,
  };
}
