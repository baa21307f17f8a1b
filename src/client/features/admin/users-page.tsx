import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { useStatus } from '../../lib/use-status';
import { AddUserModal } from './add-user-modal';
import { AnalyticsModal } from './analytics-modal';
import { adminApi, fullName, type AdminUser } from './api';
import { useAdminGuard } from './use-admin-guard';
import { UserCard } from './user-card';

const ROLES = [
  ['all', 'All'],
  ['user', 'Users'],
  ['admin', 'Admins'],
] as const;

export default function UsersPage() {
  const isAdmin = useAdminGuard();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [role, setRole] = useState<'all' | 'user' | 'admin'>('all');
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [analyticsFor, setAnalyticsFor] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);
  const { status, show } = useStatus();
  const list = useQuery({
    queryKey: ['admin-users', q, role, page],
    queryFn: () => adminApi.users(q, role, page),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
  });

  async function run(action: () => Promise<unknown>, ok: string, fail: string) {
    setBusy(true);
    try {
      await action();
      show('success', ok);
      await list.refetch();
    } catch (e) {
      const status = e instanceof Error && 'status' in e ? (e as { status: number }).status : 0;
      // a refused change (409) and a payment provider that could not cancel (502) say why
      const reason = e instanceof Error && (status === 409 || status === 502) ? `: ${e.message}` : '';
      show('error', `${fail}${reason}`);
    } finally {
      setBusy(false);
    }
  }

  if (!isAdmin) return null;
  const data = list.data;
  return (
    <>
      <ScreenHeader
        title="User Management"
        subtitle={data ? `${data.total} user${data.total === 1 ? '' : 's'}` : undefined}
        action={
          <Button variant="light" size="sm" onClick={() => setAdding(true)}>
            Add User
          </Button>
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <div className="space-y-3">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <input
            id="user-search"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            placeholder="Search by email, first or last name"
            className="min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base focus:border-navy-600"
          />
          <div className="flex gap-2" role="group" aria-label="Role filter">
            {ROLES.map(([value, label]) => (
              <button
                key={value}
                type="button"
                aria-pressed={role === value}
                onClick={() => {
                  setRole(value);
                  setPage(0);
                }}
                className={cn(
                  'min-h-10 rounded-full px-4 text-sm font-semibold ring-1',
                  role === value ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-800 ring-line',
                )}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
        <div aria-live="polite">{status && <Alert tone={status.tone}>{status.text}</Alert>}</div>
        {list.isError && <Alert tone="error">Failed to load users</Alert>}
        {list.isPending && <div className="h-64 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {data && data.users.length === 0 && (
          <p className="rounded-card bg-surface p-8 text-center text-muted ring-1 ring-line/70">No users found matching your filters.</p>
        )}
        <ul className={cn('space-y-2', list.isFetching && 'opacity-70')}>
          {data?.users.map((u) => (
            <UserCard
              key={u.id}
              user={u}
              isSelf={u.id === me?.id}
              busy={busy}
              onAnalytics={setAnalyticsFor}
              onReset={(x) => run(() => adminApi.sendReset(x.id), 'Password reset email sent!', 'Failed to send reset email')}
              onToggleRole={(x) => {
                const next = x.role === 'admin' ? 'user' : 'admin';
                void run(() => adminApi.setRole(x.id, next), `Role updated to ${next}`, 'Failed to update role');
              }}
              onDelete={setDeleting}
            />
          ))}
        </ul>
        {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} />}
      </main>
      <AddUserModal
        open={adding}
        onOpenChange={setAdding}
        onCreated={(ok) => {
          setAdding(false);
          if (ok) {
            show('success', 'User created successfully!');
            void list.refetch();
          } else show('error', 'Failed to create user');
        }}
      />
      {analyticsFor && <AnalyticsModal user={analyticsFor} onClose={() => setAnalyticsFor(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete this user?"
        confirmLabel="Delete User"
        cancelLabel="Keep"
        busy={busy}
        onConfirm={async () => {
          const target = deleting!;
          await run(() => adminApi.deleteUser(target.id), 'User deleted successfully!', 'Failed to delete user');
          setDeleting(null);
        }}
      >
        {deleting && (
          <>
            <span className="font-semibold">{fullName(deleting)}</span> ({deleting.email}) loses their sign-in, progress and subscription
            records. This cannot be undone.
            {deleting.paidSubscription && (
              <span className="mt-2 block font-semibold" data-testid="delete-cancels-subscription">
                Their card subscription is cancelled now; no further charges.
              </span>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
