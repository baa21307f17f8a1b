import { useDeferredValue, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Pager } from '../../components/ui/pager';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { ApiError } from '../../lib/api';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { AddUserModal } from './add-user-modal';
import { AnalyticsModal } from './analytics-modal';
import type { AdminUser } from '@shared/contracts/admin-users';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/get-users';
import { useSendPasswordReset } from './api/send-password-reset';
import { useSetUserRole } from './api/set-user-role';
import { fullName } from './format';
import { useAdminGuard } from './use-admin-guard';
import { UserCard } from './user-card';
import { LoadError } from '../../components/ui/load-error';

const ROLES = [
  ['all', 'All'],
  ['user', 'Users'],
  ['admin', 'Admins'],
  ['instructor', 'Instructors'],
  ['panelist', 'Panelists'],
] as const;

export default function UsersPage() {
  const isAdmin = useAdminGuard();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [role, setRole] = useState<(typeof ROLES)[number][0]>('all');
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [analyticsFor, setAnalyticsFor] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [promoting, setPromoting] = useState<AdminUser | null>(null);
  const { status, show } = useStatus();
  const list = useUsers(q, role, page, { enabled: isAdmin });

  const sendReset = useSendPasswordReset({
    onSuccess: () => show('success', 'Password reset email sent!'),
    onError: (err) => show('error', userMessage(err, 'Failed to send reset email')),
  });
  const changeRole = useSetUserRole({
    onSuccess: (u) => show('success', `Role updated to ${u.role}`),
    onError: (err) => show('error', userMessage(err, 'Failed to update role')),
    onSettled: () => setPromoting(null),
  });
  const remove = useDeleteUser({
    onSuccess: () => show('success', 'User deleted successfully!'),
    // the payment provider refusing to cancel is a 502 whose words the administrator needs (nothing was deleted; try later)
    onError: (err) =>
      show(
        'error',
        err instanceof ApiError && err.code === 'PAYMENT_PROVIDER_ERROR' ? err.message : userMessage(err, 'Failed to delete user'),
      ),
    onSettled: () => setDeleting(null),
  });
  const busy = sendReset.isPending || changeRole.isPending || remove.isPending;

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
          {/* five roles do not fit one phone-wide row: they wrap rather than widen the page */}
          <div className="flex flex-wrap gap-2" role="group" aria-label="Role filter">
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
        {list.isError && <LoadError error={list.error} fallback="Failed to load users" onRetry={list.refetch} retrying={list.isFetching} />}
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
              onReset={(x) => sendReset.mutate(x.id)}
              // promoting asks first (docs/product.md §6); demoting is refused by the server for the last or the acting admin
              onToggleRole={(x) => (x.role === 'admin' ? changeRole.mutate({ id: x.id, role: 'user' }) : setPromoting(x))}
              onToggleInstructor={(x) => changeRole.mutate({ id: x.id, role: x.role === 'instructor' ? 'user' : 'instructor' })}
              onTogglePanelist={(x) => changeRole.mutate({ id: x.id, role: x.role === 'panelist' ? 'user' : 'panelist' })}
              onDelete={setDeleting}
              onStatus={show}
            />
          ))}
        </ul>
        {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} />}
      </main>
      <AddUserModal
        open={adding}
        onOpenChange={setAdding}
        onCreated={() => {
          setAdding(false);
          show('success', 'User created successfully!');
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
        onConfirm={() => deleting && remove.mutate(deleting.id)}
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
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(o) => !o && setPromoting(null)}
        title="Make this user an administrator?"
        confirmLabel="Make Admin"
        cancelLabel="Cancel"
        tone="primary"
        busy={changeRole.isPending}
        onConfirm={() => promoting && changeRole.mutate({ id: promoting.id, role: 'admin' })}
      >
        {promoting && (
          <>
            <span className="font-semibold">{fullName(promoting)}</span> ({promoting.email}) will manage every user, validation code and the
            audit trail, as you do.
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
