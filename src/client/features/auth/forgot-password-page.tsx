import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { authApi } from '../../lib/auth/api';
import { AuthSuccess } from './auth-success';

const emailSchema = z.string().trim().min(1, 'Email is required').email('Please enter a valid email address');

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      await authApi.requestPasswordReset(parsed.data);
      setSent(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : MESSAGES.internal);
    } finally {
      setSubmitting(false);
    }
  }

  if (sent) {
    return (
      <AuthSuccess
        title="Email Sent!"
        icon="mail"
        message={
          <>
            If an account exists for <span className="font-semibold">{email.trim()}</span>, a link to reset your password is on its way.
          </>
        }
        note="The link is valid for one hour. Check your spam folder if it does not arrive."
        action={{ to: '/login', label: 'Back to Login' }}
      />
    );
  }

  return (
    <AuthShell title="Reset your password" subtitle="Enter the e-mail address of your account and we will send you a reset link.">
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" size="lg" loading={submitting}>
          Send Reset Link
        </Button>
      </form>
      <ButtonLink to="/login" variant="ghost" size="lg" className="mt-3">
        Back to Login
      </ButtonLink>
    </AuthShell>
  );
}
