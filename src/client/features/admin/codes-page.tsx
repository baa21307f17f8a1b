import { useState } from 'react';
import { durationLabel } from '@shared/coupons';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import type { Coupon } from '@shared/contracts/admin-codes';
import { useDeleteCoupon } from './api/delete-coupon';
import { useCoupons } from './api/get-coupons';
import { useSetCouponActive } from './api/set-coupon-active';
import { CouponModal } from './coupon-modal';
import { shortDate } from './format';
import { useAdminGuard } from './use-admin-guard';
import { LoadError } from '../../components/ui/load-error';

export default function CodesPage() {
  const isAdmin = useAdminGuard();
  const q = useCoupons({ enabled: isAdmin });
  const { status, show } = useStatus();
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);

  const toggle = useSetCouponActive({
    onSuccess: (c) => show('success', c.isActive ? 'Coupon code activated!' : 'Coupon code deactivated!'),
    onError: (err) => show('error', userMessage(err, 'Failed to update coupon code')),
  });
  const remove = useDeleteCoupon({
    onSuccess: () => show('success', 'Coupon code deleted successfully!'),
    onError: (err) => show('error', userMessage(err, 'Failed to delete coupon code')),
    onSettled: () => setDeleting(null),
  });
  const busy = toggle.isPending || remove.isPending;

  if (!isAdmin) return null;
  const stats = q.data?.stats;
  return (
    <>
      <ScreenHeader
        title="Validation Codes"
        subtitle="Codes students enter on the subscription screen for access time"
        action={
          <Button
            variant="light"
            size="sm"
            onClick={() => {
              setEditing(null);
              setModalOpen(true);
            }}
          >
            New Code
          </Button>
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <dl className="grid grid-cols-3 gap-2">
          {[
            ['Total Codes', stats?.total],
            ['Active', stats?.active],
            ['Total Uses', stats?.totalUses],
          ].map(([label, value]) => (
            <div key={label as string} className="rounded-2xl bg-surface p-3 text-center ring-1 ring-line/70">
              <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
              <dd className="mt-1 text-2xl font-bold">{value ?? '–'}</dd>
            </div>
          ))}
        </dl>
        <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
        {q.isError && <LoadError error={q.error} fallback="Failed to load coupon codes" onRetry={q.refetch} retrying={q.isFetching} />}
        {q.isPending && <div className="h-48 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {q.data?.codes.length === 0 && (
          <p className="rounded-card bg-surface p-8 text-center text-muted ring-1 ring-line/70">
            No validation codes yet. Create one with New Code.
          </p>
        )}
        <ul className="grid gap-3 sm:grid-cols-2">
          {q.data?.codes.map((c) => (
            <li key={c.id} className={cn('rounded-2xl p-4 ring-1', c.isActive ? 'bg-surface ring-line/70' : 'bg-navy-50/60 ring-line/50')}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{c.name}</p>
                  <p className="font-mono text-lg font-bold tracking-wider text-navy-900">{c.code}</p>
                </div>
                <span
                  className={cn(
                    'shrink-0 rounded-full px-2.5 py-1 text-xs font-bold uppercase',
                    c.isActive ? 'bg-go-100 text-go-700' : 'bg-navy-50 text-muted',
                  )}
                >
                  {c.isActive ? 'Active' : 'Inactive'}
                </span>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-muted">Grants</dt>
                <dd className="text-right font-medium">{durationLabel(c.duration, c.durationType)}</dd>
                <dt className="text-muted">Uses</dt>
                <dd className="text-right font-medium">
                  {c.timesUsed} / {c.usageLimit ?? 'unlimited'}
                </dd>
                <dt className="text-muted">Created</dt>
                <dd className="text-right font-medium">{shortDate(c.createdAt)}</dd>
              </dl>
              <div className="mt-4 grid grid-cols-3 gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setEditing(c);
                    setModalOpen(true);
                  }}
                >
                  Edit
                </Button>
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => toggle.mutate({ id: c.id, isActive: !c.isActive })}>
                  {c.isActive ? 'Deactivate' : 'Activate'}
                </Button>
                <Button variant="secondary" size="sm" className="text-signal-600" disabled={busy} onClick={() => setDeleting(c)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </main>
      <CouponModal
        coupon={editing}
        open={modalOpen}
        onOpenChange={setModalOpen}
        onSaved={(created) => {
          setModalOpen(false);
          show('success', created ? 'Coupon code created successfully!' : 'Coupon code updated successfully!');
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this code?"
        confirmLabel="Delete Code"
        cancelLabel="Keep"
        busy={busy}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {deleting && (
          <>
            <span className="font-mono font-bold">{deleting.code}</span> can no longer be redeemed. Time it already granted stays.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
