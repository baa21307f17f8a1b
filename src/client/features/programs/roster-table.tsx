import { useState } from 'react';
import type { ClassView } from '@shared/contracts/programs';
import { VerdictBadge } from '../../components/questions/readiness-verdict';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { cn } from '../../lib/cn';
import { useNow } from '../../lib/use-now';
import {
  downloadCsv,
  fileSlug,
  filterStudents,
  PAGE_SIZE,
  rosterCsv,
  sortStudents,
  type Sort,
  type SortKey,
  type Student,
} from './roster-model';

const COLUMNS: [SortKey, string][] = [
  ['name', 'Student'],
  ['lastActivity', 'Last activity'],
  ['streak', 'Streak'],
  ['minutes', 'Min this week'],
  ['questions', 'Questions'],
  ['backlog', 'Due for review'],
  ['exams', 'Practice exams'],
  ['readiness', 'Latest readiness'],
  ['risk', 'At risk'],
];

const DAY = 86_400_000;
function ago(iso: string | null, now: number) {
  if (!iso) return 'Never';
  const days = Math.floor((now - Date.parse(iso)) / DAY);
  return days <= 0 ? 'Today' : days === 1 ? 'Yesterday' : `${days} days ago`;
}

/** The roster: every figure the join screen listed, sortable by each column, filtered by name or risk, paged, exported. */
export function RosterTable({ c, students }: { c: ClassView; students: Student[] }) {
  const now = useNow(60_000);
  const [sort, setSort] = useState<Sort>({ key: 'risk', dir: 'desc' });
  const [query, setQuery] = useState('');
  const [atRiskOnly, setAtRiskOnly] = useState(false);
  const [page, setPage] = useState(0);
  const shown = sortStudents(filterStudents(students, query, atRiskOnly), sort);
  const rows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const sortBy = (key: SortKey) => {
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'desc' ? 'asc' : key === 'name' ? 'asc' : 'desc' }));
    setPage(0);
  };

  return (
    <section className="rounded-card bg-surface ring-1 ring-line/70" aria-labelledby="roster-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line/70 px-5 py-4">
        <h3 id="roster-title" className="font-semibold">
          Roster{' '}
          <span className="font-normal text-muted">
            · {students.length} student{students.length === 1 ? '' : 's'}
          </span>
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="roster-filter" className="sr-only">
            Filter students
          </label>
          <input
            id="roster-filter"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
            placeholder="Filter by name or e-mail"
            className="min-h-10 w-52 rounded-xl border border-line bg-white px-3 text-[15px] focus:border-navy-600"
          />
          <button
            type="button"
            aria-pressed={atRiskOnly}
            onClick={() => {
              setAtRiskOnly((v) => !v);
              setPage(0);
            }}
            className={cn(
              'min-h-10 rounded-full px-4 text-sm font-semibold ring-1',
              atRiskOnly ? 'bg-signal-600 text-white ring-signal-600' : 'bg-white text-navy-800 ring-line',
            )}
          >
            At risk only
          </button>
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(`${fileSlug(c.name)}-roster.csv`, rosterCsv(shown))}>
            Export CSV
          </Button>
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="p-8 text-center text-muted">
          {students.length === 0 ? `No students yet. Give them the code ${c.code}.` : 'No student matches the filter.'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[56rem] text-left text-[15px]" data-testid="roster">
            <thead className="text-xs uppercase tracking-wider text-muted">
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th
                    key={key}
                    scope="col"
                    aria-sort={sort.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn('px-3 py-2 font-semibold first:sticky first:left-0 first:bg-surface first:pl-5')}
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(key)}
                      className="inline-flex min-h-9 items-center gap-1 uppercase hover:text-navy-900"
                    >
                      {label}
                      <span aria-hidden="true" className="text-[10px]">
                        {sort.key === key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line/70">
              {rows.map((s) => (
                <tr key={s.userId} className={cn(s.study.atRisk.length > 0 && 'bg-signal-50/40')}>
                  <th scope="row" className="sticky left-0 bg-inherit px-3 py-3 pl-5 text-left font-semibold">
                    <span className="block">{s.name}</span>
                    <span className="block text-sm font-normal text-muted">{s.email ?? 'E-mail hidden by the student'}</span>
                  </th>
                  <td className="px-3 py-3 text-muted">{ago(s.study.lastActivityAt, now)}</td>
                  <td className="px-3 py-3">{s.study.streak}</td>
                  <td className="px-3 py-3">{s.study.minutesThisWeek}</td>
                  <td className="px-3 py-3">{s.study.questionsAnswered}</td>
                  <td className="px-3 py-3">{s.study.reviewBacklog}</td>
                  <td className="px-3 py-3">{s.study.practiceExams}</td>
                  <td className="px-3 py-3">
                    {s.study.latest ? (
                      <span className="flex flex-col items-start gap-1">
                        <VerdictBadge verdict={s.study.latest.verdict} className="px-2.5 py-0.5 text-sm" />
                        <span className="text-sm text-muted">
                          {s.study.latest.readiness.score}, likely {s.study.latest.readiness.low}–{s.study.latest.readiness.high}
                        </span>
                      </span>
                    ) : (
                      <span className="text-muted">No exam yet</span>
                    )}
                  </td>
                  <td className="px-3 py-3 text-sm">
                    {s.study.atRisk.length === 0 ? (
                      <span className="text-muted">—</span>
                    ) : (
                      <ul className="space-y-0.5 font-semibold text-signal-700">
                        {s.study.atRisk.map((r) => (
                          <li key={r.reason}>{r.text}</li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="px-5 pb-4 pt-2">
        <Pager page={page} total={shown.length} pageSize={PAGE_SIZE} onPage={setPage} />
      </div>
    </section>
  );
}
