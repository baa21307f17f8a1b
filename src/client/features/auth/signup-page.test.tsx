import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../test/render';
import SignupPage from './signup-page';

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}
const valid = {
  'First name': 'Jordan',
  'Last name': 'Reyes',
  Email: 'jordan@example.com',
  Password: 'secret12',
  'Confirm password': 'secret12',
};

describe('the sign-up form', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks with the rules the server applies: each problem under its field, nothing sent', async () => {
    const calls = stubFetch({});
    renderScreen(<SignupPage />);
    fill({ ...valid, 'First name': ' ', Email: 'not-an-address', Password: '12', 'Confirm password': '13' });
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match!')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it("puts the server's `issues` on their fields (docs/product.md §10.3), and sends the verified-login address", async () => {
    const calls = stubFetch({
      'POST /api/auth/sign-up/email': () => ({
        status: 400,
        body: {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Last name is too long',
            issues: [{ path: 'lastName', message: 'Last name is too long' }],
          },
        },
      }),
    });
    renderScreen(<SignupPage />);
    fill(valid);
    const last = screen.getByLabelText('Last name');
    await waitFor(() => expect(last.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Last name is too long').id).toBe(last.getAttribute('aria-describedby'));
    expect(screen.queryByText(/lastName/)).toBeNull();
    expect(calls[0]?.body).toEqual({
      firstName: 'Jordan',
      lastName: 'Reyes',
      email: 'jordan@example.com',
      password: 'secret12',
      name: 'Jordan Reyes',
      callbackURL: '/login?verified=1&email=jordan%40example.com',
    });
  });

  it("shows a refusal that concerns no field in the server's words, and the success screen once accepted", async () => {
    let refuse = true;
    stubFetch({
      'POST /api/auth/sign-up/email': () =>
        refuse
          ? { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' } } }
          : {
              status: 200,
              body: {
                token: null,
                user: { id: 'u', email: 'jordan@example.com', name: 'Jordan Reyes', image: null, emailVerified: false },
              },
            },
    });
    renderScreen(<SignupPage />);
    fill(valid);
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { name: 'Account Created!' })).toBeTruthy();
    expect(screen.getByText('jordan@example.com')).toBeTruthy();
  });
});
