import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PASSWORD, STORAGE_KEYS } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { useAuth } from '../../lib/auth/auth-context';
import { resetFlowToken, session } from '../../lib/storage';
import { authApi } from '../../lib/auth/api';
import { readResetParams } from './reset-params';
import { AuthSuccess } from './auth-success';

type Phase = 'checking' | 'invalid' | 'form' | 'done';

export default function NewPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('checking');
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    const fromUrl = readResetParams(window.location);
    const candidate = fromUrl.token || fromUrl.type ? (fromUrl.type === 'recovery' ? fromUrl.token : null) : resetFlowToken();
    if (!candidate) {
      session.remove(STORAGE_KEYS.passwordResetFlow);
      setPhase('invalid');
      return;
    }
    let cancelled = false;
    authApi
      .checkResetToken(candidate)
      .then(({ valid }) => {
        if (cancelled) return;
        if (valid) {
          session.set(STORAGE_KEYS.passwordResetFlow, candidate);
          setToken(candidate);
          setPhase('form');
          if (window.location.search || window.location.hash) window.history.replaceState(null, '', '/newpassword');
        } else {
          session.remove(STORAGE_KEYS.passwordResetFlow);
          setPhase('invalid');
        }
      })
      .catch(() => !cancelled && setPhase('invalid'));
    return () => {
      cancelled = true;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!token) return setError(MESSAGES.invalidResetLinkShort);
    if (!password) return setError('Please enter a new password.');
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    setSubmitting(true);
    try {
      await authApi.resetPassword(token, password);
      session.remove(STORAGE_KEYS.passwordResetFlow);
      if (auth.user) await auth.signOut();
      setPhase('done');
    } catch (err) {
      const message = err instanceof Error ? err.message : MESSAGES.internal;
      setError(/invalid token|expired/i.test(message) ? MESSAGES.invalidResetLink : message);
    } finally {
      setSubmitting(false);
    }
  }

  function cancel() {
    session.remove(STORAGE_KEYS.passwordResetFlow);
    void navigate(auth.user ? '/home' : '/login', { replace: true });
  }

  if (phase === 'checking') {
    return (
      <AuthShell title="Set New Password">
        <div className="flex items-center gap-3 text-muted" role="status">
          <Spinner className="size-5" /> Checking your reset link…
        </div>
      </AuthShell>
    );
  }
  if (phase === 'invalid') {
    return (
      <AuthShell title="Set New Password">
        <Alert tone="error">{MESSAGES.invalidResetLink}</Alert>
        <ButtonLink to="/forgot-password" size="lg" className="mt-6">
          Request a New Link
        </ButtonLink>
        <ButtonLink to="/login" variant="ghost" size="lg" className="mt-2">
          Back to Login
        </ButtonLink>
      </AuthShell>
    );
  }
  if (phase === 'done') {
    return (
      <AuthSuccess
        title="Password Updated!"
        message="Your password has been changed. Log in with your new password."
        action={{ to: '/login', label: 'Go to Login' }}
      />
    );
  }
  return (
    <AuthShell title="Set New Password" subtitle="Choose a new password for your MedicPrep account.">
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={`At least ${PASSWORD.min} characters.`}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Button type="submit" size="lg" loading={submitting}>
          Update Password
        </Button>
      </form>
      <Button variant="ghost" size="lg" className="mt-2" onClick={cancel}>
        Cancel
      </Button>
    </AuthShell>
  );
}
