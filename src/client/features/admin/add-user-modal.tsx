import { useState, type FormEvent } from 'react';
import { COURSE_LEVELS, PASSWORD } from '@shared/constants';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { adminApi } from './api';

const select = 'min-h-12 w-full rounded-xl border border-line bg-white px-3 text-base';

/** Add-user form (spec section 5): all four fields required, password of at least 6, role and course level. */
export function AddUserModal({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (ok: boolean, reason?: string) => void;
}) {
  const [v, setV] = useState({ firstName: '', lastName: '', email: '', password: '', role: 'user', courseLevel: 'Paramedic' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setV((s) => ({ ...s, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!v.firstName.trim() || !v.lastName.trim() || !v.email.trim() || !v.password)
      return setError('First name, last name, email and password are required.');
    if (v.password.length < PASSWORD.min) return setError(`Password must be at least ${PASSWORD.min} characters.`);
    setSaving(true);
    setError(null);
    try {
      await adminApi.createUser({ ...v, email: v.email.trim() });
      setV({ firstName: '', lastName: '', email: '', password: '', role: 'user', courseLevel: 'Paramedic' });
      onCreated(true);
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) setError(err.message);
      else onCreated(false);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Add user"
      description="The account is created verified: they can log in straight away."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <TextField label="First name" value={v.firstName} onChange={set('firstName')} />
          <TextField label="Last name" value={v.lastName} onChange={set('lastName')} />
        </div>
        <TextField label="Email" type="email" value={v.email} onChange={set('email')} autoComplete="off" />
        <TextField
          label="Password"
          type="password"
          value={v.password}
          onChange={set('password')}
          autoComplete="new-password"
          hint={`At least ${PASSWORD.min} characters.`}
        />
        <div className="grid grid-cols-2 gap-3">
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            Role
            <select className={select} value={v.role} onChange={set('role')}>
              <option value="user">User</option>
              <option value="admin">Admin</option>
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-semibold">
            Course level
            <select className={select} value={v.courseLevel} onChange={set('courseLevel')}>
              {COURSE_LEVELS.map((l) => (
                <option key={l}>{l}</option>
              ))}
            </select>
          </label>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" loading={saving}>
          Create User
        </Button>
      </form>
    </Modal>
  );
}
