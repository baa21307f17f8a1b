import { useState } from 'react';
import type { DomainStanding } from '@shared/exam';
import type { ClassView } from '@shared/contracts/programs';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { cn } from '../../lib/cn';
import { downloadCsv, fileSlug, filterStudents, heatMapCsv, PAGE_SIZE, type Student } from './roster-model';

const TONE: Record<DomainStanding, string> = {
  Above: 'bg-go-100 text-go-700',
  Near: 'bg-amber-100 text-amber-600',
  Below: 'bg-signal-100 text-signal-700',
};

type HeatSort = { domain: number | null; dir: 'asc' | 'desc' };
const RANK: Record<DomainStanding, number> = { Below: 0, Near: 1, Above: 2 };

/** Students × blueprint domains, each cell Above / Near / Below the standard; sorted by a domain, filtered, paged, exported. */
export function HeatMap({ c, domains, students }: { c: ClassView; domains: string[]; students: Student[] }) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<HeatSort>({ domain: null, dir: 'asc' });
  const [page, setPage] = useState(0);
  const filtered = filterStudents(students, query, false);
  const shown =
    sort.domain === null
      ? [...filtered].sort((a, b) => a.name.localeCompare(b.name) * (sort.dir === 'asc' ? 1 : -1))
      : [...filtered].sort((a, b) => {
          const rank = (s: Student) => {
            const d = s.study.domains[sort.domain!];
            return d ? RANK[d] : -1;
          };
          return (rank(a) - rank(b)) * (sort.dir === 'asc' ? 1 : -1) || a.name.localeCompare(b.name);
        });
  const rows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const sortBy = (domain: number | null) => {
    setSort((s) => ({ domain, dir: s.domain === domain && s.dir === 'asc' ? 'desc' : 'asc' }));
    setPage(0);
  };
  const below = domains.map((_, i) => students.filter((s) => s.study.domains[i] === 'Below').length);

  return (
    <section className="rounded-card bg-surface ring-1 ring-line/70" aria-labelledby="heat-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line/70 px-5 py-4">
        <div>
          <h3 id="heat-title" className="font-semibold">
            Domains
          </h3>
          <p className="text-sm text-muted">Each student&apos;s standing in each exam domain against the passing standard.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="heat-filter" className="sr-only">
            Filter the heat map
          </label>
          <input
            id="heat-filter"
            type="search"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setPage(0);
            }}
            placeholder="Filter by name"
            className="min-h-10 w-44 rounded-xl border border-line bg-white px-3 text-[15px] focus:border-navy-600"
          />
          <Button variant="secondary" size="sm" onClick={() => downloadCsv(`${fileSlug(c.name)}-domains.csv`, heatMapCsv(domains, shown))}>
            Export CSV
          </Button>
        </div>
      </div>
      {students.length === 0 ? (
        <p className="p-8 text-center text-muted">The heat map fills in as students answer questions.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] border-separate border-spacing-1 px-4 py-2 text-sm" data-testid="heat-map">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 bg-surface px-2 text-left text-xs uppercase tracking-wider text-muted">
                  <button type="button" onClick={() => sortBy(null)} className="min-h-9 uppercase hover:text-navy-900">
                    Student
                  </button>
                </th>
                {domains.map((d, i) => (
                  <th
                    key={d}
                    scope="col"
                    aria-sort={sort.domain === i ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    className="px-1 align-bottom text-xs font-semibold text-muted"
                  >
                    <button
                      type="button"
                      onClick={() => sortBy(i)}
                      className="min-h-9 w-full text-center leading-tight hover:text-navy-900"
                    >
                      {d}
                      {below[i]! > 0 && <span className="block font-bold text-signal-700">{below[i]} below</span>}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.userId}>
                  <th scope="row" className="sticky left-0 whitespace-nowrap bg-surface px-2 text-left font-semibold">
                    {s.name}
                  </th>
                  {s.study.domains.map((d, i) => (
                    <td
                      key={domains[i]}
                      className={cn('h-10 rounded-lg text-center font-bold', d ? TONE[d] : 'bg-navy-50/60 font-normal text-muted')}
                      title={`${s.name} · ${domains[i]}: ${d ?? 'no answers yet'}`}
                    >
                      {d ?? '—'}
                    </td>
                  ))}
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
