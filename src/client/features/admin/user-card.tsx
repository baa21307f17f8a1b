import { useState } from 'react';
import { COURSE_LEVELS } from '@shared/constants';
import { courseLevelBody, grantAccessBody, MAX_GRANT_DAYS } from '@shared/contracts/admin-users';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import type { StatusTone } from '../../lib/use-status';
import { userMessage } from '../../lib/user-message';
import type { AdminUser } from '@shared/contracts/admin-users';
import { useGrantAccess } from './api/grant-access';
import { useSetUserCourseLevel } from './api/set-user-course-level';
import { fullName, shortDate } from './format';
import { Icon } from '../../components/icon';
import { nowDate } from '../../lib/clock';

export interface UserActions {
  onAnalytics: (u: AdminUser) => void;
  onReset: (u: AdminUser) => void;
  onToggleRole: (u: AdminUser) => void;
  /** makes a student an instructor (decision 106), or an instructor a student again */
  onToggleInstructor: (u: AdminUser) => void;
  /** makes a user a standard-setting panelist (decision 109), or a panelist a student again */
  onTogglePanelist: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  /** the page's status line: the outcome of a change made on the card */
  onStatus: (tone: StatusTone, text: string) => void;
}

/** The device a user signed in on; users made by an administrator or the CLI have none until they first sign in. */
const deviceLabel = (u: AdminUser) => u.deviceType ?? (u.lastLogin ? '—' : 'Not signed in yet');

/** One user: name, e-mail and role; expands to the profile details, the access settings and the actions. */
export function UserCard({ user, isSelf, busy, ...actions }: { user: AdminUser; isSelf: boolean; busy: boolean } & UserActions) {
  const [open, setOpen] = useState(false);
  const active = user.subscriptionStatus === 'active' && user.expirationDate !== null && new Date(user.expirationDate) > nowDate();
  const details: [string, string][] = [
    ['Course level', user.courseLevel],
    [
      'Subscription',
      `${active ? 'Active' : user.subscriptionStatus === 'active' ? 'Expired' : 'Inactive'}${user.expirationDate ? ` · until ${shortDate(user.expirationDate)}` : ''}`,
    ],
    ['Streak', `${user.currentStreak} day${user.currentStreak === 1 ? '' : 's'}`],
    ['Last login', user.lastLogin ? new Date(user.lastLogin).toLocaleString() : 'Never'],
    ['Device', deviceLabel(user)],
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
            user.role === 'admin'
              ? 'bg-signal-100 text-signal-700'
              : user.role === 'instructor'
                ? 'bg-go-100 text-go-700'
                : user.role === 'panelist'
                  ? 'bg-amber-100 text-amber-600'
                  : 'bg-navy-50 text-navy-800',
          )}
        >
          {user.role}
        </span>
        <Icon name="chevron-down" className={cn('size-5 shrink-0 text-muted transition-transform', open && 'rotate-180')} strokeWidth={2} />
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
          <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
            <CourseLevelForm user={user} onStatus={actions.onStatus} />
            <GrantAccessForm user={user} onStatus={actions.onStatus} />
          </div>
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
            {user.role !== 'admin' && (
              <Button variant="secondary" size="sm" onClick={() => actions.onToggleInstructor(user)} disabled={busy || isSelf}>
                {user.role === 'instructor' ? 'Remove Instructor' : 'Make Instructor'}
              </Button>
            )}
            {user.role !== 'admin' && (
              <Button variant="secondary" size="sm" onClick={() => actions.onTogglePanelist(user)} disabled={busy || isSelf}>
                {user.role === 'panelist' ? 'Remove Panelist' : 'Make Panelist'}
              </Button>
            )}
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

const panel = 'flex flex-col gap-2 rounded-xl bg-navy-50/50 p-3 ring-1 ring-line/60';

/** The course level decides which decks, videos and questions the user sees (docs/product.md §10.1). */
function CourseLevelForm({ user, onStatus }: { user: AdminUser; onStatus: UserActions['onStatus'] }) {
  const form = useZodForm(courseLevelBody, { values: { courseLevel: user.courseLevel } });
  const save = useSetUserCourseLevel({
    onSuccess: (u) => onStatus('success', `Course level updated to ${u.courseLevel}`),
    onError: (err) => {
      if (!setServerIssues(form, err)) onStatus('error', userMessage(err, 'Failed to update course level'));
    },
  });
  const error = form.formState.errors.courseLevel?.message;
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate({ id: user.id, ...v }))} className={panel} noValidate>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        Course level
        <select
          className="min-h-11 rounded-xl border border-line bg-white px-3 text-base font-normal"
          aria-invalid={error ? true : undefined}
          {...form.register('courseLevel')}
        >
          {COURSE_LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </select>
      </label>
      {error && <p className="text-sm text-signal-600">{error}</p>}
      <Button type="submit" variant="secondary" size="sm" loading={save.isPending}>
        Save Level
      </Button>
    </form>
  );
}

/** Days of access added to what the user has (like a validation code), audited (docs/product.md §10.1). */
function GrantAccessForm({ user, onStatus }: { user: AdminUser; onStatus: UserActions['onStatus'] }) {
  const form = useZodForm(grantAccessBody, { defaultValues: { days: 30 } });
  const grant = useGrantAccess({
    onSuccess: (u, { days }) =>
      onStatus('success', `Access granted: ${days} day${days === 1 ? '' : 's'}, until ${shortDate(u.expirationDate)}`),
    onError: (err) => {
      if (!setServerIssues(form, err)) onStatus('error', userMessage(err, 'Failed to grant access'));
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => grant.mutate({ id: user.id, ...v }))} className={panel} noValidate>
      <TextField
        label="Days of access"
        inputMode="numeric"
        hint={`Added to the access they have; up to ${MAX_GRANT_DAYS}.`}
        error={form.formState.errors.days?.message}
        {...form.register('days', { setValueAs: (v: unknown) => (v === '' || v === null ? Number.NaN : Number(v)) })}
      />
      <Button type="submit" variant="secondary" size="sm" loading={grant.isPending}>
        Grant Access
      </Button>
    </form>
  );
}
