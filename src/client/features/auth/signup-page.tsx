import { useState } from 'react';
import { signUpForm } from '@shared/contracts/account';
import { MESSAGES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { AuthShell } from '../../components/ui/auth-shell';
import { Button, ButtonLink } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSignUp } from './api/sign-up';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { AuthSuccess } from './auth-success';

export default function SignupPage() {
  const form = useZodForm(signUpForm, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [createdFor, setCreatedFor] = useState<string | null>(null);

  const signUp = useSignUp({
    onSuccess: (_answer, { email }) => setCreatedFor(email),
    // docs/product.md §8: sign-up shows the server's message; a refused field shows it under that field (docs/product.md §10.3).
    onError: (err) => {
      if (!setServerIssues(form, err)) setError(userMessage(err, MESSAGES.internal));
    },
  });

  const { errors } = form.formState;
  const field = (name: 'firstName' | 'lastName' | 'email' | 'password' | 'confirmPassword') => ({
    error: errors[name]?.message,
    ...form.register(name),
  });

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
      <form
        className="space-y-4"
        onSubmit={form.handleSubmit(({ firstName, lastName, email, password }) => {
          setError(null);
          signUp.mutate({ firstName, lastName, email, password });
        })}
        noValidate
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField label="Password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField label="Confirm password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
        <Button type="submit" size="lg" loading={signUp.isPending}>
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
