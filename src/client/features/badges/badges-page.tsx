import { Alert } from '../../components/ui/alert';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { useBadges } from './api/get-badges';

const shortDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export default function BadgesPage() {
  const q = useBadges();
  return (
    <>
      <ScreenHeader title="Badges" subtitle="Earn badges by maintaining your study streak. Once earned, badges are yours forever!" />
      <main className="mx-auto w-full max-w-2xl space-y-5 px-4 py-5">
        {q.isError && (
          <Alert tone="error">
            Badges could not be loaded.{' '}
            <button className="font-semibold underline" onClick={() => q.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-2xl bg-surface p-4 text-center ring-1 ring-line/70">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Badges Earned</dt>
            <dd className="mt-1 text-3xl font-bold text-signal-600">{q.data?.earned ?? '–'}</dd>
          </div>
          <div className="rounded-2xl bg-surface p-4 text-center ring-1 ring-line/70">
            <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Total Badges</dt>
            <dd className="mt-1 text-3xl font-bold">{q.data?.total ?? '–'}</dd>
          </div>
        </dl>
        {q.isPending && <div className="h-64 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {q.data?.badges.length === 0 && (
          <p className="rounded-card bg-surface p-6 text-center text-muted ring-1 ring-line/70">No badges yet.</p>
        )}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {q.data?.badges.map((b) => (
            <li
              key={b.id}
              className={cn(
                'flex flex-col items-center rounded-2xl p-4 text-center ring-1',
                b.earnedAt ? 'bg-surface ring-line/70' : 'bg-navy-50/60 ring-line/50',
              )}
              aria-label={`${b.name}${b.earnedAt ? ', earned' : ', not earned yet'}`}
            >
              <img src={b.imageUrl} alt="" className={cn('size-20', !b.earnedAt && 'opacity-40 grayscale')} width={80} height={80} />
              <p className="mt-2 font-bold leading-tight">{b.name}</p>
              <p className="mt-1 text-xs text-muted">{b.description}</p>
              <p className="mt-2 rounded-full bg-navy-50 px-2.5 py-1 text-xs font-semibold text-navy-800">{b.requirementText}</p>
              {b.earnedAt ? (
                <p className="mt-2 text-xs font-semibold text-go-700">Earned {shortDate(b.earnedAt)}</p>
              ) : (
                <p className="mt-2 text-xs font-semibold text-muted">Not earned yet</p>
              )}
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
