import { rankFor, RANKS } from '@shared/streak';

/** A small shield with the rank's chevrons: one per rank reached above Recruit. */
export function RankEmblem({ days }: { days: number }) {
  const level = RANKS.findIndex((r) => r.name === rankFor(days));
  return (
    <span className="relative flex size-16 shrink-0 items-center justify-center" role="img" aria-label={`Rank: ${rankFor(days)}`}>
      <svg viewBox="0 0 64 64" className="absolute inset-0" aria-hidden="true">
        <path d="M32 3l25 9v17c0 16-11 27-25 32C18 56 7 45 7 29V12z" fill="#d7263d" stroke="#f2b705" strokeWidth="3" />
        {Array.from({ length: Math.max(level, 0) }, (_, i) => (
          <path
            key={i}
            d={`M20 ${44 - i * 6}l12-6 12 6`}
            fill="none"
            stroke="#fff"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ))}
        {level === 0 && <circle cx="32" cy="34" r="6" fill="#fff" />}
      </svg>
    </span>
  );
}
