import type { StandardInfo } from '@shared/contracts/exam';
import { standardWords, VERDICT_LABELS, type ReadinessBand, type Verdict } from '@shared/readiness';
import { cn } from '../../lib/cn';

// The readiness vocabulary every screen shares (decision 095): the verdict, the score with its 95 % band, and what the
// standard is. The server decides the verdict and the band; these only show them.

/** The verdict's colours (those of the domain standings: go, amber, signal). */
export const VERDICT_TONE: Record<Verdict, string> = {
  likely_pass: 'bg-go-100 text-go-700',
  too_close: 'bg-amber-100 text-amber-600',
  not_yet_ready: 'bg-signal-50 text-signal-700',
};

/** Why the verdict reads as it does, in the band's terms. */
export const VERDICT_REASONS: Record<Verdict, string> = {
  likely_pass: 'Your score’s 95 % band lies wholly above the passing standard.',
  too_close: 'Your score’s 95 % band reaches across the passing standard, so these answers cannot tell which side of it you are on.',
  not_yet_ready: 'Your score’s 95 % band lies wholly below the passing standard.',
};

/** The verdict as a coloured label: "Likely to pass", "Too close to call", "Not yet ready". */
export function VerdictBadge({ verdict, className }: { verdict: Verdict; className?: string }) {
  return (
    <span className={cn('inline-block rounded-full px-3 py-1 font-bold', VERDICT_TONE[verdict], className)}>{VERDICT_LABELS[verdict]}</span>
  );
}

/** "likely between 930 and 1090" */
export const bandRange = (b: ReadinessBand) => `likely between ${b.low} and ${b.high}`;

/** The standard in plain words: MedicPrep's, how it was set, not yet checked against NREMT results, the results reported. */
export function StandardNote({ standard, className }: { standard: StandardInfo; className?: string }) {
  return <p className={cn('text-sm leading-relaxed text-muted', className)}>{standardWords(standard, standard.reportedResults)}</p>;
}
