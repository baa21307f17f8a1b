/**
 * The login form's rules (docs/product.md §5). Plain code, not a schema: the login screen is part of the
 * first download, which must not carry a validation library.
 */
export type LoginFormErrors = { email?: string; password?: string };

export function checkLoginForm(v: {
  email: string;
  password: string;
}): { ok: true; email: string; password: string } | { ok: false; errors: LoginFormErrors } {
  const email = v.email.trim();
  const errors: LoginFormErrors = {};
  if (!email) errors.email = 'Email is required';
  if (!v.password) errors.password = 'Password is required';
  return errors.email || errors.password ? { ok: false, errors } : { ok: true, email, password: v.password };
}
