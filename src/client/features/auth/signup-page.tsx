import { useState, type FormEvent } from 'react';
import { signupFormSchema } from '@shared/auth-schemas';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { authApi } from '../../lib/auth/api';
import { AuthSuccess } from './auth-success';

type Field = 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword';

export default function SignupPage() {
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [createdFor, setCreatedFor] = useState<string | null>(null);

  const bind = (field: Field) => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
    error: errors[field],
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      if (next.confirmPassword === MESSAGES.passwordsDoNotMatch && Object.keys(next).length === 1) setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const { firstName, lastName, email, password } = parsed.data;
      await authApi.signUp({ firstName, lastName, email, password });
      setCreatedFor(email);
    } catch (err) {
      setError(err instanceof Error ? err.message : MESSAGES.internal);
    } finally {
      setSubmitting(false);
    }
  }

  if (createdFor) {
    return (
      <AuthSuccess
        title="Account Created!"
        message={
          <>
            We sent a confirmation link to <span className="font-semibold">{createdFor}</span>.
          </>
        }
        note="Please verify your e-mail address by clicking the link, then log in. Check your spam folder if it is not in your inbox."
        action={{ to: '/login', label: 'Go to Login' }}
      />
    );
  }

  return (
    <AuthShell title="Create your account" subtitle="Start preparing for your Paramedic registry exam.">
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...bind('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...bind('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...bind('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
        <Button type="submit" size="lg" loading={submitting}>
          Create Account
        </Button>
      </form>
      <p className="mt-5 text-center text-sm text-muted">
        Already have an account?{' '}
        <ButtonLink to="/login" variant="ghost" size="sm">
          Log in
        </ButtonLink>
      </p>
    </AuthShell>
  );
}
