import { useState } from 'react';
import { forgotPasswordForm } from '@shared/contracts/account';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useRequestPasswordReset } from './api/request-password-reset';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { AuthSuccess } from './auth-success';

export default function ForgotPasswordPage() {
  const form = useZodForm(forgotPasswordForm, { defaultValues: { email: '' } });
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset({
    onSuccess: (_answer, email) => setSentTo(email),
    onError: (err) => {
      if (!setServerIssues(form, err)) setError(userMessage(err, MESSAGES.internal));
    },
  });

  if (sentTo) {
    return (
      <AuthSuccess
        title="Email Sent!"
        icon="mail"
        message={
          <>
            If an account exists for <span className="font-semibold">{sentTo}</span>, a link to reset your password is on its way.
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
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit(({ email }) => {
          setError(null);
          request.mutate(email);
        })}
        noValidate
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" size="lg" loading={request.isPending}>
          Send Reset Link
        </Button>
      </form>
      <ButtonLink to="/login" variant="ghost" size="lg" className="mt-3">
        Back to Login
      </ButtonLink>
    </AuthShell>
  );
}
