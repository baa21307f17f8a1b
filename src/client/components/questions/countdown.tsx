import { cn } from '../../lib/cn';
import { Icon } from '../icon';

/** "1:59:08", "4:05" */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The time left of a timed quiz or an exam, in the screen header; red from `urgentBelow` seconds. */
export function Countdown({ seconds, urgentBelow }: { seconds: number; urgentBelow: number }) {
  return (
    <p
      className={cn(
        'flex min-h-11 items-center gap-1.5 rounded-xl px-3 font-bold tabular-nums',
        seconds < urgentBelow ? 'bg-signal-500 text-white' : 'bg-white/10 text-white',
      )}
      aria-label={`Time left ${clock(seconds)}`}
      role="timer"
    >
      <Icon name="clock" className="size-5 shrink-0" />
      {clock(seconds)}
    </p>
  );
}
