import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { newPasswordForm } from '@shared/contracts/account';
import { PASSWORD, STORAGE_KEYS } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth/auth-context';
import { useResetToken } from './api/check-reset-token';
import { useResetPassword } from './api/reset-password';
import { setServerIssues, useZodForm } from '../../lib/form';
import { resetFlowToken, session } from '../../lib/storage';
import { userMessage } from '../../lib/user-message';
import { readResetParams } from './reset-params';
import { AuthSuccess } from './auth-success';

/** The token this screen works with: the link's (type recovery only), or the one of a reset flow already under way. */
function resetCandidate(): string | null {
  const fromUrl = readResetParams(window.location);
  return fromUrl.token || fromUrl.type ? (fromUrl.type === 'recovery' ? fromUrl.token : null) : resetFlowToken();
}

/** docs/product.md §8: a spent or expired link says so in its own words; anything else is the server's message. */
function resetErrorMessage(err: unknown): string {
  if (err instanceof ApiError && (err.code === 'INVALID_TOKEN' || /invalid token|expired/i.test(err.message)))
    return MESSAGES.invalidResetLink;
  return userMessage(err, MESSAGES.internal);
}

export default function NewPasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [token] = useState(resetCandidate);
  const [done, setDone] = useState(false);
  const check = useResetToken(token);
  const valid = check.data?.valid === true;

  // The reset flag of docs/product.md §2 follows the link's check: held while the link is good, dropped when it is not.
  useEffect(() => {
    if (token === null || check.isError || check.data?.valid === false) session.remove(STORAGE_KEYS.passwordResetFlow);
    else if (token && check.data?.valid) {
      session.set(STORAGE_KEYS.passwordResetFlow, token);
      if (window.location.search || window.location.hash) window.history.replaceState(null, '', '/newpassword');
    }
  }, [token, check.isError, check.data]);

  const form = useZodForm(newPasswordForm, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const reset = useResetPassword(token, {
    onSuccess: async () => {
      session.remove(STORAGE_KEYS.passwordResetFlow);
      if (auth.user) await auth.signOut();
      setDone(true);
    },
    onError: (err) => {
      if (!setServerIssues(form, err, { newPassword: 'newPassword' })) form.setError('root', { message: resetErrorMessage(err) });
    },
  });

  function cancel() {
    session.remove(STORAGE_KEYS.passwordResetFlow);
    void navigate(auth.user ? '/home' : '/login', { replace: true });
  }

  const phase = done ? 'done' : token !== null && check.isPending ? 'checking' : valid ? 'form' : 'invalid';
  const { errors } = form.formState;

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
      {errors.root?.message && (
        <Alert tone="error" className="mb-4">
          {errors.root.message}
        </Alert>
      )}
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit((v) => {
          if (!token) return form.setError('root', { message: MESSAGES.invalidResetLinkShort });
          reset.mutate(v);
        })}
        noValidate
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD.min} characters.`}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" loading={reset.isPending}>
          Update Password
        </Button>
      </form>
      <Button variant="ghost" size="lg" className="mt-2" onClick={cancel}>
        Cancel
      </Button>
    </AuthShell>
  );
}
