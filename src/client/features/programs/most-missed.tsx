import type { ClassDetailResponse } from '@shared/contracts/programs';
import { MOST_MISSED_MIN_ATTEMPTS } from '@shared/programs';

// The class's most-missed topics and questions (docs/product.md §10.9): first attempts in practice, so a question a student
// answered again after its rationale does not hide what they did not know. Never an item of the exam's reserve.

const pct = (missed: number, answered: number) => (answered ? Math.round((100 * missed) / answered) : 0);

export function MostMissed({ missed }: { missed: ClassDetailResponse['missed'] }) {
  const topics = missed.topics.filter((t) => t.missed > 0).slice(0, 8);
  return (
    <section className="rounded-card bg-surface ring-1 ring-line/70" aria-labelledby="missed-title">
      <div className="border-b border-line/70 px-5 py-4">
        <h3 id="missed-title" className="font-semibold">
          Most missed
        </h3>
        <p className="text-sm text-muted">First attempts in practice by the students in the class now.</p>
      </div>
      {topics.length === 0 ? (
        <p className="p-8 text-center text-muted">Nothing missed yet: the class has no wrong first answers in practice.</p>
      ) : (
        <div className="grid gap-5 p-5 lg:grid-cols-2">
          <div>
            <h4 className="text-xs font-bold uppercase tracking-wider text-muted">Topics</h4>
            <ul className="mt-2 space-y-2" data-testid="missed-topics">
              {topics.map((t) => (
                <li key={t.topic}>
                  <div className="flex items-baseline justify-between gap-3 text-[15px]">
                    <span className="font-semibold">{t.topic}</span>
                    <span className="shrink-0 text-sm text-muted">
                      {t.missed} of {t.answered} missed
                    </span>
                  </div>
                  <div className="mt-1 h-2 overflow-hidden rounded-full bg-navy-50" aria-hidden="true">
                    <div className="h-full rounded-full bg-signal-500" style={{ width: `${pct(t.missed, t.answered)}%` }} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="text-xs font-bold uppercase tracking-wider text-muted">Questions</h4>
            {missed.items.length === 0 ? (
              <p className="mt-2 text-sm text-muted">A question is listed once {MOST_MISSED_MIN_ATTEMPTS} students have answered it.</p>
            ) : (
              <ol className="mt-2 space-y-2">
                {missed.items.map((i) => (
                  <li key={i.key} className="rounded-xl bg-canvas p-3 ring-1 ring-line/60">
                    <p className="line-clamp-2 text-[15px]">{i.stem}</p>
                    <p className="mt-1 text-sm text-muted">
                      {i.topic} · {i.domain} · {i.missed} of {i.answered} missed
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
