import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { useClass } from './api/get-class';
import { AssignmentsSection } from './assignments-section';
import { AtRiskCard } from './at-risk-card';
import { shortDay } from './format';
import { HeatMap } from './heat-map';
import { MostMissed } from './most-missed';
import { OutcomesSection } from './outcomes-section';
import { RosterTable } from './roster-table';

/** One class: its code to hand out, its seats and dates, and the students in it now. */
export function ClassPanel({ id }: { id: string }) {
  const q = useClass(id);
  const [copied, setCopied] = useState(false);
  if (q.isError) return <LoadError error={q.error} fallback="Failed to load the class" onRetry={q.refetch} retrying={q.isFetching} />;
  if (!q.data) return <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" />;
  const { class: c, students } = q.data;
  return (
    <section className="min-w-0 space-y-4" aria-labelledby="class-title">
      <div className="rounded-card bg-surface p-5 ring-1 ring-line/70">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id="class-title" className="text-xl font-bold tracking-tight">
              {c.name}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {c.level} · {shortDay(c.startDate)} to {shortDay(c.endDate)}
              {c.examWindowStart &&
                ` · exam window ${shortDay(c.examWindowStart)}${c.examWindowEnd ? ` to ${shortDay(c.examWindowEnd)}` : ''}`}
            </p>
          </div>
          <div className="flex items-center gap-2 rounded-xl bg-navy-50 px-3 py-2 ring-1 ring-line/70">
            <span className="text-xs font-bold uppercase tracking-wider text-muted">Code</span>
            <span className="font-mono text-lg font-bold tracking-wider text-navy-900" data-testid="class-code">
              {c.code}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                void navigator.clipboard?.writeText(c.code).then(() => setCopied(true));
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Students" value={`${c.members}`} />
          <Figure label="Seats taken" value={`${c.seatsTaken} of ${c.seats}`} />
          <Figure label="Code gives" value={c.grantsAccessDays ? `${c.grantsAccessDays} days of access` : 'Joining only'} />
          <Figure label="Taught by" value={c.instructorName} />
        </dl>
      </div>
      <AtRiskCard students={students} />
      <RosterTable c={c} students={students} />
      <AssignmentsSection c={c} students={students} />
      <HeatMap c={c} domains={q.data.domains} students={students} />
      <MostMissed missed={q.data.missed} />
      <OutcomesSection c={c} students={students} />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-navy-50/50 px-3 py-2 ring-1 ring-line/60">
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-0.5 truncate font-semibold">{value}</dd>
    </div>
  );
}
