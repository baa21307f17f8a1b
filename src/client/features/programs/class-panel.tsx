import { useState } from 'react';
import { Icon } from '../../components/icon';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { useClass } from './api/get-class';
import { shortDay } from './format';

/** One class: its code to hand out, its seats and dates, and the students in it now. */
export function ClassPanel({ id }: { id: string }) {
  const q = useClass(id);
  const [copied, setCopied] = useState(false);
  if (q.isError) return <LoadError error={q.error} fallback="Failed to load the class" onRetry={q.refetch} retrying={q.isFetching} />;
  if (!q.data) return <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" />;
  const { class: c, students } = q.data;
  return (
    <section className="space-y-4" aria-labelledby="class-title">
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
      <div className="rounded-card bg-surface ring-1 ring-line/70">
        <div className="flex items-center justify-between gap-3 border-b border-line/70 px-5 py-4">
          <h3 className="font-semibold">Roster</h3>
          <span className="text-sm text-muted">
            {students.length} student{students.length === 1 ? '' : 's'}
          </span>
        </div>
        {students.length === 0 ? (
          <div className="p-8 text-center text-muted">
            <Icon name="class" className="mx-auto size-8 text-navy-600" />
            <p className="mt-2">No students yet. Give them the code {c.code}.</p>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-[15px]" data-testid="roster">
              <thead className="text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    Student
                  </th>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    E-mail
                  </th>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    Joined
                  </th>
                  <th scope="col" className="px-5 py-2 font-semibold">
                    NREMT results
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line/70">
                {students.map((s) => (
                  <tr key={s.userId}>
                    <td className="px-5 py-3 font-semibold">{s.name}</td>
                    <td className="px-5 py-3 text-muted">{s.email ?? 'Hidden by the student'}</td>
                    <td className="px-5 py-3 text-muted">{new Date(s.joinedAt).toLocaleDateString()}</td>
                    <td className="px-5 py-3 text-muted">{s.outcomesConsent ? 'Shared' : 'Not shared'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
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
