import { Link } from 'react-router';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useMyStudies } from './api/get-my-studies';
import { usePanelistGuard } from './use-panelist-guard';

const STATUS: Record<string, string> = {
  draft: 'Not open yet',
  round1: 'Round 1 open',
  round2: 'Round 2 open',
  closed: 'Closed',
  adopted: 'Adopted',
};

/** /standard-setting: the standard-setting studies the panelist is on (decision 109), each with their progress. */
export default function StudiesPage() {
  const allowed = usePanelistGuard();
  const q = useMyStudies({ enabled: allowed });
  if (!allowed) return null;
  return (
    <>
      <ScreenHeader title="Standard Setting" subtitle="The studies you are on as a panelist" />
      <main className="mx-auto w-full max-w-2xl space-y-3 px-4 py-5">
        {q.isError && (
          <LoadError error={q.error} fallback="Your studies could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />
        )}
        {q.isPending && <div className="h-24 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-hidden="true" />}
        {q.data?.studies.length === 0 && (
          <p className="text-[15px] text-muted">You are not on a panel yet. An administrator invites you to a study.</p>
        )}
        <ul className="space-y-3">
          {q.data?.studies.map((s) => (
            <li key={s.id}>
              <Link to={`/standard-setting/${s.id}`} className="block rounded-card bg-surface p-4 ring-1 ring-line/70 hover:ring-navy-600">
                <span className="block font-semibold text-navy-900">{s.title}</span>
                <span className="block text-sm text-muted">
                  {s.level} · {STATUS[s.status]}
                  {s.status === 'round1' || s.status === 'round2' ? ` · ${s.rated} of ${s.items} rated` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
