import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../test/render';
import ProfilePage from './profile-page';

const profile = {
  id: 'u1',
  email: 'riley@example.com',
  firstName: 'Riley',
  lastName: 'Tester',
  role: 'user',
  courseLevel: 'Paramedic',
  currentStreak: 1,
  lastLogin: null,
  subscriptionStatus: 'active',
  expirationDate: null,
  stripeSubscriptionId: null,
  deviceType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('the profile name form', { timeout: 20_000 }, () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function openForm() {
    renderScreen(<ProfilePage />);
    return screen.findByLabelText('First Name');
  }

  it('shows a client-side problem under its field and sends nothing', async () => {
    const calls = stubFetch({ 'GET /api/profile': () => ({ status: 200, body: { profile } }) });
    const first = await openForm();
    fireEvent.change(first, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(first.getAttribute('aria-describedby')).toBe(screen.getByText('First name is required').id);
    expect(calls.filter((c) => c.key === 'PATCH /api/profile')).toHaveLength(0);
  });

  it("puts the server's `issues` on their fields, not in a banner", async () => {
    stubFetch({
      'GET /api/profile': () => ({ status: 200, body: { profile } }),
      'PATCH /api/profile': () => ({
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
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const last = screen.getByLabelText('Last Name');
    await waitFor(() => expect(last.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Last name is too long').id).toBe(last.getAttribute('aria-describedby'));
    expect(screen.queryByText(/lastName:/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Profile updated successfully!" and takes it away after 3 s', async () => {
    const calls = stubFetch({
      'GET /api/profile': () => ({ status: 200, body: { profile } }),
      'PATCH /api/profile': (init) => ({
        status: 200,
        body: { profile: { ...profile, ...(JSON.parse(init?.body as string) as object) } },
      }),
    });
    const first = await openForm();
    fireEvent.change(first, { target: { value: 'Avery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(calls.find((c) => c.key === 'PATCH /api/profile')?.body).toEqual({ firstName: 'Avery', lastName: 'Tester' });
    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.queryByText('Profile updated successfully!')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Profile updated successfully!')).toBeNull();
  });
});
