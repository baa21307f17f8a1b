import { Icon } from '../../components/icon';
import type { Student } from './roster-model';

/** The students who need attention now, each with why (the rule is src/shared/programs.ts). */
export function AtRiskCard({ students }: { students: Student[] }) {
  const atRisk = students.filter((s) => s.study.atRisk.length > 0);
  return (
    <section className="rounded-card bg-surface p-5 ring-1 ring-line/70" aria-labelledby="at-risk-title" data-testid="at-risk">
      <h3 id="at-risk-title" className="flex items-center gap-2 font-semibold">
        <Icon name="report" className={atRisk.length ? 'size-5 text-signal-600' : 'size-5 text-go-600'} />
        Students at risk <span className="font-normal text-muted">· {atRisk.length}</span>
      </h3>
      {atRisk.length === 0 ? (
        <p className="mt-2 text-[15px] text-muted">
          Nobody right now. A student shows here after 7 days without study, when their readiness falls, or when they are &quot;Not yet
          ready&quot; within 3 weeks of the exam date.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {atRisk.map((s) => (
            <li key={s.userId} className="rounded-xl bg-signal-50 p-3 ring-1 ring-signal-100">
              <p className="font-semibold">{s.name}</p>
              <ul className="mt-1 space-y-0.5 text-sm text-signal-700">
                {s.study.atRisk.map((r) => (
                  <li key={r.reason}>{r.text}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
