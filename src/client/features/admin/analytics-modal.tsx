import type { FeatureType } from '@shared/constants';
import { NO_ACTIVITY } from '@shared/analytics';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import type { AdminUser } from '@shared/contracts/admin-users';
import { useUserAnalytics } from './api/get-user-analytics';
import { fullName } from './format';
import { LoadError } from '../../components/ui/load-error';

const FEATURE_LABELS: Record<FeatureType, string> = {
  home: 'Home',
  flashcard_paramedic: 'Paramedic cards',
  flashcard_emt: 'EMT cards',
  video: 'Videos',
  scenario: 'Scenarios',
  drag_drop: 'Drag & drop',
  sorting: 'Sorting',
  question: 'Questions',
  search: 'Search',
  saved: 'Saved',
  plan: 'Study plan',
};

/** Usage analytics for one user: sessions, minutes, last activity, and a per-feature bar chart. */
export function AnalyticsModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const q = useUserAnalytics(user.id);
  const max = Math.max(1, ...(q.data?.byFeature.map((f) => f.minutes) ?? [1]));
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Usage analytics" description={fullName(user)}>
      {q.isPending && <Spinner className="size-6 text-muted" />}
      {q.isError && <LoadError error={q.error} fallback="Analytics could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />}
      {q.data && (
        <div className="space-y-5">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ['Total sessions', String(q.data.totalSessions)],
              ['Total minutes', String(q.data.totalMinutes)],
              ['Last activity', q.data.lastActivity ? new Date(q.data.lastActivity).toLocaleDateString() : NO_ACTIVITY],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-navy-50 p-3">
                <dt className="text-xs font-semibold text-muted">{label}</dt>
                <dd className="mt-1 text-lg font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <p className="mb-2 text-sm font-semibold">Minutes by feature</p>
            <ul className="space-y-2" aria-label="Minutes and events by feature">
              {q.data.byFeature.map((f) => (
                <li key={f.feature} className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-2 text-sm">
                  <span className="truncate text-muted">{FEATURE_LABELS[f.feature] ?? f.feature}</span>
                  <span className="h-3 overflow-hidden rounded-full bg-navy-50" aria-hidden="true">
                    <span className="block h-full rounded-full bg-navy-700" style={{ width: `${(f.minutes / max) * 100}%` }} />
                  </span>
                  <span className="w-24 text-right tabular-nums">
                    {f.minutes} min · {f.events} ev
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </Modal>
  );
}
