import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('admin coupon codes API on %s', (kind) => {
  let s: TestServer;
  let admin: { cookie: string };
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.reset();
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });

  const create = (cookie: string, body: Record<string, unknown>) => s.request('/api/admin/codes', { method: 'POST', cookie, json: body });
  const base = { name: 'Welcome', code: 'welcome', duration: 7, durationType: 'days' };

  it('is refused to anonymous, student and unsubscribed callers', async () => {
    const student = await signedInUser(s, { activeDays: 30 });
    const unsubscribed = await signedInUser(s);
    expect((await s.request('/api/admin/codes')).status).toBe(401);
    for (const u of [student, unsubscribed]) {
      expect((await s.request('/api/admin/codes', { cookie: u.cookie })).status).toBe(403);
      expect((await create(u.cookie, base)).status).toBe(403);
    }
  });

  it('creates upper-cased codes, lists them with stats, toggles, edits and deletes', async () => {
    const res = await create(admin.cookie, { ...base, usageLimit: 2 });
    expect(res.status).toBe(201);
    const { code } = await res.json();
    expect(code).toMatchObject({ code: 'WELCOME', duration: 7, durationType: 'days', isActive: true, usageLimit: 2, timesUsed: 0 });
    await create(admin.cookie, { ...base, code: 'other', isActive: false, usageLimit: null });
    const list = await (await s.request('/api/admin/codes', { cookie: admin.cookie })).json();
    expect(list.stats).toEqual({ total: 2, active: 1, totalUses: 0 });
    expect(list.codes[0].code).toBe('OTHER'); // newest first

    const edited = await s.request(`/api/admin/codes/${code.id}`, {
      method: 'PUT',
      cookie: admin.cookie,
      json: { ...base, name: 'Welcome back', duration: 2, durationType: 'months', usageLimit: null },
    });
    expect((await edited.json()).code).toMatchObject({ name: 'Welcome back', duration: 2, durationType: 'months', usageLimit: null });
    const off = await s.request(`/api/admin/codes/${code.id}/active`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { isActive: false },
    });
    expect((await off.json()).code.isActive).toBe(false);
    expect((await s.request(`/api/admin/codes/${code.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect((await s.request(`/api/admin/codes/${code.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    expect((await s.request('/api/admin/codes/not-a-uuid', { method: 'DELETE', cookie: admin.cookie })).status).toBe(400);
  });

  it.each([
    [0, 'days', 400],
    [1, 'days', 201],
    [14, 'days', 201],
    [15, 'days', 400],
    [12, 'months', 201],
    [13, 'months', 400],
  ])('duration %s %s → %s', async (duration, durationType, status) => {
    expect((await create(admin.cookie, { ...base, code: `C${duration}${durationType}`, duration, durationType })).status).toBe(status);
  });

  it('validates name, code and usage limit with clear messages', async () => {
    const missing = await create(admin.cookie, { ...base, name: '' });
    expect((await missing.json()).error.message).toMatch('Name and code are required');
    expect((await create(admin.cookie, { ...base, usageLimit: 0 })).status).toBe(400);
    expect((await create(admin.cookie, { ...base, usageLimit: 1.5 })).status).toBe(400);
    expect((await create(admin.cookie, { ...base, duration: '7' })).status).toBe(400);
    expect((await create(admin.cookie, base)).status).toBe(201);
    const dup = await create(admin.cookie, { ...base, code: 'WELCOME' });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe('The code WELCOME already exists.');
  });
});
