import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { checkLoginForm } from '@shared/login-form';
import { TIMING } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useAuth } from '../../lib/auth/auth-context';
import { ApiError } from '../../lib/api';
import { authApi } from '../../lib/auth/api';
import { userMessage } from '../../lib/user-message';
import { SUPPORT_EMAIL } from './support';
import { Icon } from '../../components/icon';

/** docs/product.md §8: these messages mean the address is not confirmed yet. */
export function isEmailNotConfirmed(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  return e.code === 'EMAIL_NOT_VERIFIED' || /Email not confirmed|email_not_confirmed|signup_disabled|email not verified/i.test(e.message);
}

export default function LoginPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  // The verification link lands here with the address it confirmed (decision 045): it is filled in.
  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [submitting, setSubmitting] = useState(false);
  const [welcome, setWelcome] = useState<{ name: string; first: boolean } | null>(null);
  const [notice] = useState(auth.notice);

  useEffect(() => {
    if (auth.notice) auth.clearNotice();
  }, [auth]);

  const verified = params.get('verified') === '1' && !params.get('error');
  const linkError = params.get('error');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setUnconfirmed(false);
    const parsed = checkLoginForm({ email, password });
    if (!parsed.ok) {
      setFieldErrors(parsed.errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    try {
      await authApi.signIn(parsed.email, parsed.password);
      const session = await authApi.getSession();
      setWelcome({ name: session?.user.firstName || session?.user.name || 'there', first: session?.user.firstLogin ?? false });
      // Show the welcome screen, then hand over to the route gate.
      window.setTimeout(() => void auth.refreshSession(), TIMING.successRedirectMs);
    } catch (err) {
      if (isEmailNotConfirmed(err)) setUnconfirmed(true);
      else setError(userMessage(err, MESSAGES.internal));
      setSubmitting(false);
    }
  }

  async function resend() {
    setResent('sending');
    await authApi.resendVerification(email.trim()).catch(() => undefined);
    setResent('sent');
  }

  if (welcome) {
    return (
      <AuthShell
        title={welcome.first ? `Welcome, ${welcome.name}!` : `Welcome back, ${welcome.name}!`}
        subtitle="Getting your study space ready…"
      >
        <div className="flex items-center gap-3 rounded-xl bg-go-100 px-4 py-3 text-go-700" role="status">
          <Icon name="check" className="size-6" />
          <span className="font-semibold">You are logged in.</span>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Log in"
      subtitle="Pick up your registry exam prep where you left off."
      footer={
        <div className="rounded-card bg-white/60 p-4 text-left ring-1 ring-line/70">
          <p className="font-semibold text-navy-900">First time here?</p>
          <ul className="mt-1.5 list-disc space-y-1 pl-5">
            <li>Create an account with Sign Up, using an e-mail address you can open now.</li>
            <li>Confirm your address with the link we e-mail you, then log in here.</li>
            <li>Forgot your password? Reset it from the link below the form.</li>
          </ul>
        </div>
      }
    >
      <div className="space-y-4">
        {notice && <Alert tone="warning">{notice}</Alert>}
        {verified && <Alert tone="success">Your e-mail address is confirmed. You can log in now.</Alert>}
        {linkError && <Alert tone="error">This confirmation link is invalid or has expired. Log in to get a new one.</Alert>}
        {unconfirmed && (
          <Alert tone="warning" title={MESSAGES.emailConfirmationTitle}>
            <p>Your e-mail address has not been confirmed yet.</p>
            <p className="mt-1">Please check your inbox (and your spam or junk folder) for the confirmation e-mail from MedicPrep.</p>
            <p className="mt-1">Click the link in that e-mail, then come back and log in.</p>
            <p className="mt-1">
              Still stuck? Contact our team at{' '}
              <a className="font-semibold underline" href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
            <button
              type="button"
              className="mt-2 font-semibold underline disabled:no-underline"
              onClick={resend}
              disabled={resent !== 'idle'}
            >
              {resent === 'sent'
                ? 'Confirmation e-mail sent again.'
                : resent === 'sending'
                  ? 'Sending…'
                  : 'Send the confirmation e-mail again'}
            </button>
          </Alert>
        )}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" size="lg" loading={submitting}>
          Log In
        </Button>
      </form>
      <div className="mt-5 flex flex-col gap-3">
        <ButtonLink to="/signup" variant="secondary" size="lg">
          Sign Up
        </ButtonLink>
        <Link to="/forgot-password" className="self-center py-2 text-sm font-semibold text-navy-700 hover:underline">
          Forgot password?
        </Link>
      </div>
    </AuthShell>
  );
}
