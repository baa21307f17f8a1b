import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { fullName, shortDate, type AdminUser } from './api';

export interface UserActions {
  onAnalytics: (u: AdminUser) => void;
  onReset: (u: AdminUser) => void;
  onToggleRole: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
}

/** One user: name, e-mail and role; expands to the profile details and the actions. */
export function UserCard({ user, isSelf, busy, ...actions }: { user: AdminUser; isSelf: boolean; busy: boolean } & UserActions) {
  const [open, setOpen] = useState(false);
  const active = user.subscriptionStatus === 'active' && user.expirationDate !== null && new Date(user.expirationDate) > new Date();
  const details: [string, string][] = [
    ['Course level', user.courseLevel],
    [
      'Subscription',
      `${active ? 'Active' : user.subscriptionStatus === 'active' ? 'Expired' : 'Inactive'}${user.expirationDate ? ` · until ${shortDate(user.expirationDate)}` : ''}`,
    ],
    ['Streak', `${user.currentStreak} day${user.currentStreak === 1 ? '' : 's'}`],
    ['Last login', user.lastLogin ? new Date(user.lastLogin).toLocaleString() : 'Never'],
    ['Device', user.deviceType ?? '—'],
    ['Created', shortDate(user.createdAt)],
  ];
  return (
    <li className="rounded-2xl bg-surface ring-1 ring-line/70">
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-3 rounded-2xl p-4 text-left"
      >
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-100 text-sm font-bold text-navy-800"
          aria-hidden="true"
        >
          {(user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase()}
          {(user.lastName?.[0] ?? '').toUpperCase()}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold">
            {fullName(user)}
            {isSelf && <span className="ml-1 text-sm font-normal text-muted">(you)</span>}
          </span>
          <span className="block truncate text-sm text-muted">{user.email}</span>
        </span>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 text-xs font-bold uppercase',
            user.role === 'admin' ? 'bg-signal-100 text-signal-700' : 'bg-navy-50 text-navy-800',
          )}
        >
          {user.role}
        </span>
        <svg
          viewBox="0 0 24 24"
          className={cn('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div className="border-t border-line/70 p-4">
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
            {details.map(([k, v]) => (
              <div key={k} className="flex justify-between gap-3 sm:block">
                <dt className="text-muted">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="secondary" size="sm" onClick={() => actions.onAnalytics(user)}>
              Analytics
            </Button>
            <Button variant="secondary" size="sm" onClick={() => actions.onReset(user)} disabled={busy}>
              Send Reset Email
            </Button>
            <Button variant="secondary" size="sm" onClick={() => actions.onToggleRole(user)} disabled={busy || isSelf}>
              {user.role === 'admin' ? 'Make User' : 'Make Admin'}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="text-signal-600"
              onClick={() => actions.onDelete(user)}
              disabled={busy || isSelf}
            >
              Delete
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
