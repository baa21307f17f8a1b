// The API's contracts (src/shared/contracts) checked against what the server really sends: each response is parsed with the
// shared schema in strict mode, so a field the client expects but the server stopped sending — or a date sent as an object —
// fails here rather than on a student's screen. Every contract in src/shared/contracts has a case in this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../src/shared/contracts/profile';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

describe('API responses match the shared contracts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('profile: GET and PATCH /api/profile', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const read = await s.request('/api/profile', { cookie: u.cookie });
    expect(profileResponse.parse(await read.json()).profile.email).toBe(u.email);
    const saved = await s.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { firstName: 'Ana', lastName: 'Ruiz' } });
    expect(profileResponse.parse(await saved.json()).profile).toMatchObject({ firstName: 'Ana', lastName: 'Ruiz' });
  });
});
