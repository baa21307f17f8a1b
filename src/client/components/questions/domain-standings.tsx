import type { DomainStanding } from '@shared/exam';
import { cn } from '../../lib/cn';

const tone: Record<DomainStanding, string> = {
  Above: 'bg-go-100 text-go-700',
  Near: 'bg-amber-100 text-amber-600',
  Below: 'bg-signal-50 text-signal-700',
};

/**
 * Each blueprint domain with how many answers it rests on and its standing against the passing standard (Above, Near,
 * Below), or `none` when it has none yet: an exam's result and the progress screen.
 */
export function DomainStandings({
  domains,
  none,
}: {
  domains: { domain: string; note: string; standing: DomainStanding | null }[];
  none: string;
}) {
  return (
    <ul className="mt-3 divide-y divide-line">
      {domains.map((d) => (
        <li key={d.domain} className="flex items-center justify-between gap-3 py-2.5 text-[15px]">
          <span className="font-semibold text-ink">
            {d.domain}
            <span className="ml-1 text-sm font-normal text-muted">({d.note})</span>
          </span>
          {d.standing ? (
            <span className={cn('shrink-0 rounded-full px-2.5 py-1 text-sm font-bold', tone[d.standing])}>{d.standing}</span>
          ) : (
            <span className="shrink-0 text-sm text-muted">{none}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
