import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, emailChangeRequests, users, verifications } from '../../src/server/db/schema';
import { cookiesFrom, signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** Decision 026: account takeover paths through e-mail, passwords and sessions. */
describe.each(testDatabases())('account security on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const signIn = (email: string, password = 'secret-pass') =>
    s.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  const me = async (cookie: string) => (await s.request('/api/account/me', { cookie })).json();
  const mailsTo = async (to: string) => (await s.outbox()).filter((m) => m.to === to);
  /** the token of the newest mail to `to` with a /confirm-email link */
  async function confirmToken(to: string): Promise<string> {
    const mail = (await mailsTo(to)).find((m) => m.links.some((l) => l.includes('/confirm-email')));
    expect(mail, `a confirmation e-mail to ${to}`).toBeDefined();
    return new URL(mail!.links.find((l) => l.includes('/confirm-email'))!).searchParams.get('token')!;
  }
  const confirm = (token: string) => s.request('/api/account/change-email/confirm', { method: 'POST', json: { token } });
  const requestChange = (cookie: string, newEmail: string, password = 'secret-pass') =>
    s.request('/api/account/change-email', { method: 'POST', cookie, json: { newEmail, password } });
  async function resetPassword(email: string, newPassword: string) {
    expect(
      (await s.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/newpassword' } })).status,
    ).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your MedicPrep password')!;
    const token = new URL(mail.links[0]!).searchParams.get('token_hash')!;
    const res = await s.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });
    return { res, token };
  }

  describe('change of e-mail address (finding 1)', () => {
    it("refuses the issue's attack: a stolen session alone cannot start a change, and Better Auth's route is gone", async () => {
      const victim = await signedInUser(s, { activeDays: 30 });
      // the old route answered 200 with no password and sent nothing to the old address
      const old = await s.request('/api/auth/change-email', {
        method: 'POST',
        cookie: victim.cookie,
        json: { newEmail: 'attacker@example.com', callbackURL: '/profile' },
      });
      expect(old.status).toBe(404);
      expect((await old.json()).error.code).toBe('NOT_FOUND');
      const noPassword = await s.request('/api/account/change-email', {
        method: 'POST',
        cookie: victim.cookie,
        json: { newEmail: 'attacker@example.com' },
      });
      expect(noPassword.status).toBe(400);
      const wrong = await requestChange(victim.cookie, 'attacker@example.com', 'guessed-1');
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toMatchObject({
        code: 'INVALID_PASSWORD',
        message: 'Incorrect password.',
        issues: [{ path: 'password', message: 'Incorrect password.' }],
      });
      expect(await mailsTo('attacker@example.com')).toHaveLength(0);
      expect(await s.deps.database.db.select().from(emailChangeRequests)).toHaveLength(0);
      expect((await me(victim.cookie)).profile.email).toBe(victim.email);
    });

    it('changes the address only once both the new and the current address confirm, then tells the old address', async () => {
      const u = await signedInUser(s, { activeDays: 30 });
      await s.request('/api/auth/request-password-reset', { method: 'POST', json: { email: u.email, redirectTo: '/newpassword' } });
      const resetToken = new URL((await mailsTo(u.email))[0]!.links[0]!).searchParams.get('token_hash')!;
      const res = await requestChange(u.cookie, 'Pat.New@Example.com');
      expect(res.status).toBe(200);
      const newMail = (await mailsTo('pat.new@example.com'))[0]!;
      expect(newMail.subject).toBe('Confirm your new MedicPrep e-mail address');
      const oldMail = (await mailsTo(u.email)).find((m) => m.subject !== 'Reset your MedicPrep password')!;
      expect(oldMail.subject).toBe('Confirm the change of your MedicPrep e-mail address');
      expect(oldMail.text).toContain('pat.new@example.com');
      // only hashes are stored
      const [row] = await s.deps.database.db.select().from(emailChangeRequests);
      const newToken = await confirmToken('pat.new@example.com');
      const oldToken = await confirmToken(u.email);
      expect(JSON.stringify(row)).not.toContain(newToken);
      expect(JSON.stringify(row)).not.toContain(oldToken);

      const first = await confirm(newToken);
      expect(await first.json()).toEqual({ status: 'waiting', waitingFor: 'current' });
      expect((await me(u.cookie)).profile.email).toBe(u.email);
      const second = await confirm(oldToken);
      expect(await second.json()).toEqual({ status: 'changed', email: 'pat.new@example.com' });
      expect((await me(u.cookie)).profile.email).toBe('pat.new@example.com');

      const notice = (await mailsTo(u.email)).find((m) => m.subject === 'Your MedicPrep e-mail address was changed');
      expect(notice?.text).toContain('pat.new@example.com');
      expect((await signIn('pat.new@example.com')).status).toBe(200);
      expect((await signIn(u.email)).status).toBe(401);
      // a reset link sent to the old address no longer works
      expect(await (await s.request(`/api/account/reset-token?token=${resetToken}`)).json()).toEqual({ valid: false });
    });

    it('uses each link once', async () => {
      const u = await signedInUser(s);
      await requestChange(u.cookie, 'once@example.com');
      const newToken = await confirmToken('once@example.com');
      expect((await confirm(newToken)).status).toBe(200);
      const again = await confirm(newToken);
      expect(again.status).toBe(400);
      expect((await again.json()).error.code).toBe('INVALID_LINK');
      expect((await confirm(await confirmToken(u.email))).status).toBe(200);
      expect((await confirm(await confirmToken(u.email))).status).toBe(400);
      expect((await confirm('made-up-token')).status).toBe(400);
    });

    it('is cancelled by a password reset: its links then fail', async () => {
      const victim = await signedInUser(s);
      await requestChange(victim.cookie, 'attacker@example.com');
      const attackerToken = await confirmToken('attacker@example.com');
      const victimToken = await confirmToken(victim.email);
      expect((await resetPassword(victim.email, 'brand-new-1')).res.status).toBe(200);
      expect((await confirm(attackerToken)).status).toBe(400);
      expect((await confirm(victimToken)).status).toBe(400);
      const [user] = await s.deps.database.db.select().from(users).where(eq(users.id, victim.id));
      expect(user!.email).toBe(victim.email);
    });

    it('is cancelled by a password change and by signing out everywhere', async () => {
      const a = await signedInUser(s);
      await requestChange(a.cookie, 'a.new@example.com');
      const changed = await s.request('/api/auth/change-password', {
        method: 'POST',
        cookie: a.cookie,
        json: { currentPassword: 'secret-pass', newPassword: 'other-pass-1' },
      });
      expect(changed.status).toBe(200);
      expect((await confirm(await confirmToken('a.new@example.com'))).status).toBe(400);

      const b = await signedInUser(s);
      await requestChange(b.cookie, 'b.new@example.com');
      expect((await s.request('/api/auth/revoke-sessions', { method: 'POST', cookie: b.cookie, json: {} })).status).toBe(200);
      expect((await confirm(await confirmToken('b.new@example.com'))).status).toBe(400);

      const c = await signedInUser(s);
      await requestChange(c.cookie, 'c.new@example.com');
      expect((await s.request('/api/auth/revoke-other-sessions', { method: 'POST', cookie: c.cookie, json: {} })).status).toBe(200);
      expect((await confirm(await confirmToken('c.new@example.com'))).status).toBe(400);
    });

    it('keeps only the newest request open, and lets the current address cancel it', async () => {
      const u = await signedInUser(s);
      await requestChange(u.cookie, 'first@example.com');
      const firstToken = await confirmToken('first@example.com');
      await requestChange(u.cookie, 'second@example.com');
      expect((await confirm(firstToken)).status).toBe(400);
      const cancel = await s.request('/api/account/change-email/cancel', { method: 'POST', json: { token: await confirmToken(u.email) } });
      expect(await cancel.json()).toEqual({ status: 'cancelled' });
      expect((await confirm(await confirmToken('second@example.com'))).status).toBe(400);
    });

    it('answers 409, never a 500, when two accounts confirm a change to the same address (finding 12)', async () => {
      const a = await signedInUser(s);
      const b = await signedInUser(s);
      await requestChange(a.cookie, 'shared@example.com');
      const aNew = await confirmToken('shared@example.com');
      await requestChange(b.cookie, 'shared@example.com');
      const bNew = await confirmToken('shared@example.com');
      expect(bNew).not.toBe(aNew);
      await confirm(aNew);
      await confirm(bNew);
      expect(await (await confirm(await confirmToken(a.email))).json()).toEqual({ status: 'changed', email: 'shared@example.com' });
      const conflict = await confirm(await confirmToken(b.email));
      expect(conflict.status).toBe(409);
      expect((await conflict.json()).error).toEqual({
        code: 'CONFLICT',
        message: 'That e-mail address is already used by another account.',
      });
      expect((await me(b.cookie)).profile.email).toBe(b.email);
    });

    it('is not blocked by an unconfirmed sign-up of the new address', async () => {
      const u = await signedInUser(s);
      const squat = await s.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: 'wanted@example.com', password: 'squatter-1', name: 'S Q', firstName: 'S', lastName: 'Q' },
      });
      expect(squat.status).toBe(200);
      await requestChange(u.cookie, 'wanted@example.com');
      await confirm(await confirmToken(u.email));
      expect(await (await confirm(await confirmToken('wanted@example.com'))).json()).toEqual({
        status: 'changed',
        email: 'wanted@example.com',
      });
      const holders = await s.deps.database.db.select().from(users).where(eq(users.email, 'wanted@example.com'));
      expect(holders.map((h) => h.id)).toEqual([u.id]);
      expect((await signIn('wanted@example.com', 'squatter-1')).status).toBe(401);
    });

    it('refuses the change-of-address links Better Auth issued before', async () => {
      const u = await signedInUser(s);
      const ctx = await s.deps.auth.$context;
      const { createEmailVerificationToken } = await import('better-auth/api');
      const token = await createEmailVerificationToken(ctx.secret, u.email, 'attacker@example.com', 3600, {
        requestType: 'change-email-verification',
      });
      const res = await s.request(`/api/auth/verify-email?token=${token}&callbackURL=/profile`, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect((await me(u.cookie)).profile.email).toBe(u.email);
    });
  });

  describe('password reset tokens (finding 16)', () => {
    it('stores only a hash of the token, and a reset spends every older link', async () => {
      const u = await signedInUser(s);
      await s.request('/api/auth/request-password-reset', { method: 'POST', json: { email: u.email, redirectTo: '/newpassword' } });
      const older = new URL((await mailsTo(u.email))[0]!.links[0]!).searchParams.get('token_hash')!;
      const rows = await s.deps.database.db.select().from(verifications);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(older);
      expect(await (await s.request(`/api/account/reset-token?token=${older}`)).json()).toEqual({ valid: true });

      const { res, token } = await resetPassword(u.email, 'brand-new-1');
      expect(token).not.toBe(older);
      expect(res.status).toBe(200);
      expect(await (await s.request(`/api/account/reset-token?token=${older}`)).json()).toEqual({ valid: false });
      const replay = await s.request('/api/auth/reset-password', { method: 'POST', json: { token: older, newPassword: 'attacker-1' } });
      expect(replay.status).toBe(400);
      expect((await signIn(u.email, 'brand-new-1')).status).toBe(200);
      expect(await s.deps.database.db.select().from(verifications)).toHaveLength(0);
    });
  });

  describe('password change (finding 17)', () => {
    it('signs out every other session even when the client asks to keep them', async () => {
      const u = await signedInUser(s);
      const other = cookiesFrom(await signIn(u.email));
      const res = await s.request('/api/auth/change-password', {
        method: 'POST',
        cookie: u.cookie,
        json: { currentPassword: 'secret-pass', newPassword: 'other-pass-1', revokeOtherSessions: false },
      });
      expect(res.status).toBe(200);
      expect((await s.request('/api/account/me', { cookie: other })).status).toBe(401);
      // the caller keeps a (new) session
      expect((await s.request('/api/account/me', { cookie: cookiesFrom(res) })).status).toBe(200);
    });
  });

  describe('sign-up of an unverified address (findings 13 and 14)', () => {
    const signUp = (email: string, password: string, firstName: string) =>
      s.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email, password, name: `${firstName} X`, firstName, lastName: 'X', callbackURL: '/login?verified=1' },
      });

    it("replaces the squatter's pending password and sends the owner a fresh verification", async () => {
      const squatter = await signUp('owner@example.com', 'squatter-1', 'Attacker');
      expect(squatter.status).toBe(200);
      const owner = await signUp('owner@example.com', 'owner-pass-1', 'Olive');
      expect(owner.status).toBe(200);
      const body = await owner.json();
      expect(body.token).toBeNull();
      expect(body.user).toMatchObject({ email: 'owner@example.com', emailVerified: false });

      const mails = await mailsTo('owner@example.com');
      expect(mails).toHaveLength(2);
      const link = new URL(mails[0]!.links[0]!);
      expect((await s.request(link.pathname + link.search, { redirect: 'manual' })).status).toBe(302);
      expect((await signIn('owner@example.com', 'squatter-1')).status).toBe(401);
      expect((await signIn('owner@example.com', 'owner-pass-1')).status).toBe(200);
      const [row] = await s.deps.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
      expect(row).toMatchObject({ firstName: 'Olive', emailVerified: true });
    });

    it('leaves a verified account alone', async () => {
      const u = await signedInUser(s);
      const [before] = await s.deps.database.db.select().from(accounts).where(eq(accounts.userId, u.id));
      expect((await signUp(u.email, 'attacker-1', 'Mallory')).status).toBe(200);
      const [after] = await s.deps.database.db.select().from(accounts).where(eq(accounts.userId, u.id));
      expect(after!.password).toBe(before!.password);
      expect((await signIn(u.email)).status).toBe(200);
      expect(await mailsTo(u.email)).toHaveLength(0);
    });

    it('puts no sender-chosen name into mails to unverified addresses', async () => {
      await signUp('victim@example.com', 'secret1', 'friend! URGENT: pay at https://evil.example/pay');
      const [mail] = await mailsTo('victim@example.com');
      expect(mail!.text).not.toContain('URGENT');
      expect(mail!.html).not.toContain('URGENT');
      expect(mail!.links.every((l) => l.startsWith(s.config.publicUrl))).toBe(true);
    });
  });
});

describe('change of e-mail address, rate limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { RATE_LIMIT: 'on' });
  });
  afterAll(async () => s?.close());

  it('allows 5 requests per account in 15 minutes, wrong passwords included', async () => {
    const u = await signedInUser(s);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await s.request('/api/account/change-email', {
        method: 'POST',
        cookie: u.cookie,
        json: { newEmail: `n${i}@example.com`, password: i < 4 ? 'guess-one' : 'secret-pass' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 200, 429]);
  });
});
