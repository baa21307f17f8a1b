import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createVerifiedUser } from '../../src/server/auth/create-user';
import { INTERNAL_TOKEN_HEADER } from '../../src/server/features/internal/routes';
import { auditLog, users } from '../../src/server/db/schema';
import { recordAudit } from '../../src/server/lib/audit';
import type { AuditPageResponse as AuditLogPage } from '../../src/shared/contracts/audit';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** Decision 027: the audit trail of administrators' changes, readable by administrators only. */
describe.each(testDatabases())('audit trail on %s', (kind) => {
  let s: TestServer;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const proxy = { 'x-forwarded-for': '198.51.100.7' };
  beforeAll(async () => {
    s = await startTestServer(kind, { TRUST_PROXY: 'true' });
  });
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.reset();
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });

  const rows = () => s.deps.database.db.select().from(auditLog).orderBy(auditLog.id);
  const as = (cookie: string, init: RequestInit & { json?: unknown } = {}) => ({
    ...init,
    cookie,
    headers: { ...proxy, ...(init.headers as Record<string, string>) },
  });

  it('records a user created by an administrator, with actor, target, after and address', async () => {
    const res = await s.request(
      '/api/admin/users',
      as(admin.cookie, {
        method: 'POST',
        json: { firstName: 'Jo', lastName: 'Ray', email: 'jo@example.com', password: 'secret-pass', courseLevel: 'EMT' },
      }),
    );
    expect(res.status).toBe(201);
    const { user } = await res.json();
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      action: 'user.create',
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'user',
      targetId: user.id,
      targetLabel: 'jo@example.com',
      before: null,
      after: { email: 'jo@example.com', role: 'user', courseLevel: 'EMT', via: 'admin' },
      ip: '198.51.100.7',
    });
    expect(all[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a user created by the operator CLI (directly and through the running server)', async () => {
    const direct = await createVerifiedUser(
      s.deps.auth,
      s.deps.database.db,
      { email: 'cli@example.com', password: 'secret-pass' },
      { actor: null, ip: null, via: 'cli' },
    );
    // the running server's internal route answers only this machine, over a real socket
    const token = 'a'.repeat(48);
    const app = createApp({ ...s.deps, internalToken: token }, s.content);
    const server = await new Promise<ServerType>((resolve) => {
      const srv = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv));
    });
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/api/internal/users`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: s.config.publicUrl, [INTERNAL_TOKEN_HEADER]: token },
        body: JSON.stringify({ email: 'cli2@example.com', password: 'secret-pass', role: 'admin' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    } finally {
      await new Promise((r) => server.close(r));
    }
    const all = await rows();
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      action: 'user.create',
      actorId: null,
      actorEmail: null,
      targetId: direct.id,
      targetLabel: 'cli@example.com',
      after: { via: 'cli' },
    });
    expect(all[1]).toMatchObject({
      action: 'user.create',
      actorId: null,
      targetLabel: 'cli2@example.com',
      after: { role: 'admin', via: 'cli' },
      ip: '127.0.0.1',
    });
  });

  it('records a role change with before and after, once, and not a no-op', async () => {
    const target = await signedInUser(s, { activeDays: 30 });
    expect(
      (await s.request(`/api/admin/users/${target.id}/role`, as(admin.cookie, { method: 'PATCH', json: { role: 'admin' } }))).status,
    ).toBe(200);
    expect(
      (await s.request(`/api/admin/users/${target.id}/role`, as(admin.cookie, { method: 'PATCH', json: { role: 'admin' } }))).status,
    ).toBe(200);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      action: 'user.role',
      actorId: admin.id,
      targetId: target.id,
      targetLabel: target.email,
      before: { role: 'user' },
      after: { role: 'admin' },
      ip: '198.51.100.7',
    });
  });

  it('records nothing when a change is refused (last administrator)', async () => {
    const other = await signedInUser(s, { role: 'admin', activeDays: 30 });
    expect(
      (await s.request(`/api/admin/users/${admin.id}/role`, as(admin.cookie, { method: 'PATCH', json: { role: 'user' } }))).status,
    ).toBe(409);
    await s.deps.database.db.update(users).set({ role: 'user' }).where(eq(users.id, other.id));
    expect(await rows()).toHaveLength(0);
  });

  it('records a deletion with what the user was', async () => {
    const target = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    expect((await s.request(`/api/admin/users/${target.id}`, as(admin.cookie, { method: 'DELETE' }))).status).toBe(204);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      action: 'user.delete',
      actorId: admin.id,
      targetId: target.id,
      targetLabel: target.email,
      before: { email: target.email, role: 'user', courseLevel: 'Both', subscriptionStatus: 'active' },
      after: { cancelledSubscriptions: [] },
      ip: '198.51.100.7',
    });
  });

  it('records a password reset e-mail sent by an administrator', async () => {
    const target = await signedInUser(s, { activeDays: 30 });
    expect((await s.request(`/api/admin/users/${target.id}/reset-password`, as(admin.cookie, { method: 'POST' }))).status).toBe(200);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      action: 'user.reset_password_sent',
      actorId: admin.id,
      targetType: 'user',
      targetId: target.id,
      targetLabel: target.email,
      ip: '198.51.100.7',
    });
  });

  it('records code create, edit, toggle and delete with before and after', async () => {
    const input = { name: 'Spring class', code: 'SPRING26', duration: 3, durationType: 'months', isActive: true, usageLimit: 30 };
    const created = await s.request('/api/admin/codes', as(admin.cookie, { method: 'POST', json: input }));
    expect(created.status).toBe(201);
    const { code } = await created.json();
    expect(
      (await s.request(`/api/admin/codes/${code.id}`, as(admin.cookie, { method: 'PUT', json: { ...input, usageLimit: 40 } }))).status,
    ).toBe(200);
    expect(
      (await s.request(`/api/admin/codes/${code.id}/active`, as(admin.cookie, { method: 'PATCH', json: { isActive: false } }))).status,
    ).toBe(200);
    expect((await s.request(`/api/admin/codes/${code.id}`, as(admin.cookie, { method: 'DELETE' }))).status).toBe(204);
    const all = await rows();
    expect(all.map((r) => r.action)).toEqual(['code.create', 'code.update', 'code.toggle', 'code.delete']);
    for (const r of all)
      expect(r).toMatchObject({
        actorId: admin.id,
        actorEmail: admin.email,
        targetType: 'code',
        targetId: code.id,
        targetLabel: 'SPRING26',
        ip: '198.51.100.7',
      });
    expect(all[0]).toMatchObject({ before: null, after: { code: 'SPRING26', usageLimit: 30, isActive: true } });
    expect(all[1]).toMatchObject({ before: { usageLimit: 30 }, after: { usageLimit: 40 } });
    expect(all[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(all[3]).toMatchObject({ before: { code: 'SPRING26', usageLimit: 40, isActive: false }, after: null });
  });

  it('lets administrators read it newest first, filtered by action and by actor or target, and nobody else', async () => {
    const target = await signedInUser(s, { activeDays: 30 });
    await s.request(`/api/admin/users/${target.id}/reset-password`, as(admin.cookie, { method: 'POST' }));
    await s.request(`/api/admin/users/${target.id}/role`, as(admin.cookie, { method: 'PATCH', json: { role: 'admin' } }));
    await recordAudit(s.deps.database.db, {
      action: 'auth.sign_in_failed',
      actor: null,
      target: { type: 'account', label: 'someone@example.org' },
      ip: '203.0.113.9',
    });

    const page = async (query = '') => {
      const res = await s.request(`/api/admin/audit${query}`, { cookie: admin.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as AuditLogPage;
    };
    const all = await page();
    expect(all.total).toBe(3);
    expect(all.entries.map((e) => e.action)).toEqual(['auth.sign_in_failed', 'user.role', 'user.reset_password_sent']);
    expect(all.entries[1]).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      target: { type: 'user', id: target.id, label: target.email },
      before: { role: 'user' },
      after: { role: 'admin' },
      ip: '198.51.100.7',
    });
    expect(all.entries[0]).toMatchObject({ actor: null, target: { type: 'account', label: 'someone@example.org' } });
    expect((await page('?action=user.role')).entries.map((e) => e.action)).toEqual(['user.role']);
    expect((await page('?q=SOMEONE@example')).entries.map((e) => e.action)).toEqual(['auth.sign_in_failed']);
    expect((await page(`?q=${encodeURIComponent(admin.email)}`)).total).toBe(2);
    expect((await page('?q=%25')).total).toBe(0);
    expect((await page('?page=1')).entries).toEqual([]);

    const bad = await s.request('/api/admin/audit?action=drop.table', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('VALIDATION_FAILED');
    expect((await s.request('/api/admin/audit?page=2147483648', { cookie: admin.cookie })).status).toBe(400);

    expect((await s.request('/api/admin/audit')).status).toBe(401);
    const student = await signedInUser(s, { activeDays: 30 });
    const forbidden = await s.request('/api/admin/audit', { cookie: student.cookie });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error.code).toBe('FORBIDDEN');
  });

  it('is append-only: UPDATE and DELETE on audit_log fail', async () => {
    await recordAudit(s.deps.database.db, { action: 'user.role', actor: null, target: { type: 'user', id: 'x' } });
    await expect(s.deps.database.db.execute(sql`update audit_log set action = 'user.create'`)).rejects.toThrow();
    await expect(s.deps.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await rows()).toHaveLength(1);
  });
});
