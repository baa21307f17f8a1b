import { useEffect } from 'react';
import { MAX_RANK_TEXT } from '@shared/streak';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import type { HomeResponse } from '@shared/contracts/home';
import { RankEmblem } from './rank-emblem';

/** The rank-up popup with confetti (docs/product.md §4); confetti is skipped when motion is reduced. */
export function Celebration({
  celebration,
  onClose,
}: {
  celebration: NonNullable<HomeResponse['streak']['celebration']>;
  onClose: () => void;
}) {
  useEffect(() => {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let cancelled = false;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (cancelled) return;
      void confetti({
        particleCount: 140,
        spread: 80,
        origin: { y: 0.6 },
        colors: ['#d7263d', '#f2b705', '#ffffff', '#0b1f3a'],
        disableForReducedMotion: true,
      });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Rank up!">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-24 items-center justify-center rounded-full bg-amber-100" aria-hidden="true">
          <RankEmblem days={celebration.threshold} />
        </span>
        <p className="mt-4 text-[15px] text-muted">{celebration.threshold}-day streak reached. You are now</p>
        <p className="text-2xl font-bold text-navy-900">{celebration.rank}</p>
        <p className="mt-3 rounded-xl bg-navy-50 px-4 py-2 text-sm font-semibold text-navy-800">
          {celebration.next
            ? `Next rank: ${celebration.next.name} in ${celebration.next.daysTo} day${celebration.next.daysTo === 1 ? '' : 's'}`
            : MAX_RANK_TEXT}
        </p>
        <Button size="lg" className="mt-6" onClick={onClose}>
          Keep studying
        </Button>
      </div>
    </Modal>
  );
}
