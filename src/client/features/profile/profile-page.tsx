import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { TextField } from '../../components/ui/text-field';
import { api, ApiError } from '../../lib/api';
import { clearCache } from '../../lib/cache';
import { useStatus } from '../../lib/use-status';
import { authApi } from '../../lib/auth/api';

interface Profile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  courseLevel: string;
}
const serverMessage = (e: unknown, fallback: string) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : fallback);

export default function ProfilePage() {
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['profile'], queryFn: () => api<{ profile: Profile }>('/api/profile').then((r) => r.profile) });
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [savingName, setSavingName] = useState(false);
  const [savingEmail, setSavingEmail] = useState(false);
  const { status: message, show } = useStatus();

  useEffect(() => {
    if (!q.data) return;
    setFirstName(q.data.firstName ?? '');
    setLastName(q.data.lastName ?? '');
    setEmail(q.data.email);
  }, [q.data]);

  async function saveNames(e: FormEvent) {
    e.preventDefault();
    setSavingName(true);
    try {
      await api('/api/profile', { method: 'PATCH', json: { firstName, lastName } });
      clearCache(STORAGE_KEYS.userProfileCache);
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      show('success', 'Profile updated successfully!');
    } catch (err) {
      show('error', serverMessage(err, 'Failed to update profile'));
    } finally {
      setSavingName(false);
    }
  }

  async function updateEmail(e: FormEvent) {
    e.preventDefault();
    setPasswordError(undefined);
    if (!password) return setPasswordError('Please enter your current password.');
    setSavingEmail(true);
    try {
      await authApi.changeEmail(email.trim(), password);
      setPassword('');
      show('success', 'Email update initiated! Please check your new email for confirmation.', { sticky: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INVALID_PASSWORD') setPasswordError(err.message);
      else show('error', serverMessage(err, 'Failed to update email'));
    } finally {
      setSavingEmail(false);
    }
  }

  const emailChanged = q.data ? email.trim().toLowerCase() !== q.data.email.toLowerCase() && email.trim() !== '' : false;

  return (
    <>
      <ScreenHeader title="Profile" subtitle={q.data ? `${q.data.courseLevel} student` : undefined} />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
        {q.isError && <Alert tone="error">Failed to load profile</Alert>}
        {q.isPending && <div className="h-56 animate-pulse rounded-card bg-white ring-1 ring-line/70" />}
        {q.data && (
          <>
            <form onSubmit={saveNames} className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70" noValidate>
              <h2 className="text-lg font-bold">Your name</h2>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                <TextField label="First Name" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
                <TextField label="Last Name" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
              </div>
              <Button type="submit" loading={savingName}>
                Save Changes
              </Button>
            </form>
            <form onSubmit={updateEmail} className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70" noValidate>
              <h2 className="text-lg font-bold">E-mail</h2>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                hint="We send a confirmation link to the new address and one to your current address; the change takes effect once both are opened."
              />
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPasswordError(undefined);
                }}
                error={passwordError}
              />
              <Button type="submit" variant="secondary" disabled={!emailChanged || savingEmail || savingName} loading={savingEmail}>
                Update Email
              </Button>
            </form>
          </>
        )}
      </main>
    </>
  );
}
