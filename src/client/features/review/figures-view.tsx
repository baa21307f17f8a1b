import { retentionNote, retentionText, type ReviewFigures } from './figures';

/** The figures of /review in plain labels: what is left today, what was done, the coming week, and retention against its goal. */
export function ReviewFiguresView({ figures }: { figures: ReviewFigures }) {
  const { left, done, nextWeek, retention } = figures;
  return (
    <section aria-label="Your review figures" className="space-y-2">
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Left today" value={String(left.due + left.new)} note={`${left.due} due · ${left.new} new`} />
        <Figure label="Done today" value={String(done)} note="here, in decks and practice" />
        <Figure label="Next 7 days" value={nextWeek === null ? '–' : String(nextWeek)} note="due after today" />
      </dl>
      {retention && (
        <div className="rounded-2xl bg-surface px-3 py-2 ring-1 ring-line/70">
          <p className="text-sm font-semibold text-navy-900" data-testid="retention">
            {retentionText(retention)}
          </p>
          <p className="text-xs text-muted">{retentionNote(retention)}</p>
        </div>
      )}
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-2xl bg-surface p-2 ring-1 ring-line/70 sm:p-3">
      <dt className="text-xs font-semibold leading-tight text-muted">{label}</dt>
      <dd className="text-xl font-bold text-navy-900 sm:text-2xl">{value}</dd>
      <dd className="text-[11px] leading-tight text-muted sm:text-xs">{note}</dd>
    </div>
  );
}
