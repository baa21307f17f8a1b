import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** Each value replaced by its type, recursively: what a caller can compare between two answers. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, shape(v)]),
    );
  return value === null ? 'null' : typeof value;
}

describe.each(testDatabases())('no user enumeration on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const signUp = (email: string, name = 'Pat Medic') =>
    s.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1',
      },
      json: { email, password: 'secret1', name, firstName: 'Pat', lastName: 'Medic', callbackURL: '/login?verified=1' },
    });

  it('answers a sign-up for an existing address exactly like one for a new address', async () => {
    await signedInUser(s, { email: 'taken@example.com' });
    const fresh = await signUp('fresh@example.com', 'Someone Else');
    const taken = await signUp('taken@example.com', 'Someone Else');
    expect(taken.status).toBe(fresh.status);
    expect(taken.status).toBe(200);
    const freshBody = await fresh.json();
    const takenBody = await taken.json();
    expect(shape(takenBody)).toEqual(shape(freshBody));
    // the values a caller chose or could predict are the same too
    const { id: _a, createdAt: _b, updatedAt: _c, email: freshEmail, ...freshRest } = freshBody.user;
    const { id: _d, createdAt: _e, updatedAt: _f, email: takenEmail, ...takenRest } = takenBody.user;
    expect(takenRest).toEqual(freshRest);
    expect([freshEmail, takenEmail]).toEqual(['fresh@example.com', 'taken@example.com']);
    expect(freshBody.token).toBeNull();
    expect(taken.headers.getSetCookie()).toEqual(fresh.headers.getSetCookie());
  });
});
