import { BASE, expect, test } from './fixtures';

// The fixtures leave nothing behind: a test's users are deleted when it ends (tests/e2e/fixtures.ts). Serial, so the second
// test runs after the first, in the same worker, and sees what the first left.
test.describe('browser test fixtures', () => {
  test.describe.configure({ mode: 'serial' });
  let made: { email: string; password: string } | null = null;

  test('a student fixture is a signed-in subscriber', async ({ student, loggedInPage }) => {
    made = student;
    await expect(loggedInPage).toHaveURL(/\/home$/);
    const session = (await (await loggedInPage.request.get('/api/account/session')).json()) as { user: { email: string } | null };
    expect(session.user?.email).toBe(student.email);
  });

  test('the user a test made is gone once it ended', async ({ request }) => {
    expect(made).not.toBeNull();
    const res = await request.post(`${BASE}/api/auth/sign-in/email`, {
      data: { email: made!.email, password: made!.password },
      headers: { origin: BASE },
    });
    expect(res.status()).toBe(401);
  });
});
