// The API's contracts (src/shared/contracts) checked against what the server really sends: each response is parsed with the
// shared schema in strict mode, so a field the client expects but the server stopped sending — or a date sent as an object —
// fails here rather than on a student's screen. Every contract in src/shared/contracts has a case in this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCodes } from '../../src/server/db/schema';
import {
  betterAuthSessionResponse,
  emailChangeCancelled,
  emailChangeResult,
  requestPasswordResetResponse,
  resetPasswordResponse,
  resetTokenResponse,
  sendVerificationResponse,
  sessionResponse,
  signInResponse,
  signOutResponse,
  signUpResponse,
  verifyResponse,
} from '../../src/shared/contracts/account';
import { homeResponse } from '../../src/shared/contracts/home';
import { profileResponse } from '../../src/shared/contracts/profile';
import {
  billingResponse,
  cancelResponse,
  paymentIntentResponse,
  redeemResponse,
  resumeResponse,
  sandboxConfirmResponse,
  syncResponse,
} from '../../src/shared/contracts/subscription';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

describe('API responses match the shared contracts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  const json = async (res: Response, status = 200) => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as unknown;
  };
  const post = (path: string, body: unknown, cookie?: string) => s.request(path, { method: 'POST', json: body, cookie });

  it('profile: GET and PATCH /api/profile, PATCH /api/profile/course-level', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const read = await s.request('/api/profile', { cookie: u.cookie });
    expect(profileResponse.parse(await read.json()).profile.email).toBe(u.email);
    const saved = await s.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { firstName: 'Ana', lastName: 'Ruiz' } });
    expect(profileResponse.parse(await saved.json()).profile).toMatchObject({ firstName: 'Ana', lastName: 'Ruiz' });
    const level = await s.request('/api/profile/course-level', { method: 'PATCH', cookie: u.cookie, json: { courseLevel: 'EMT' } });
    expect(profileResponse.parse(await json(level)).profile.courseLevel).toBe('EMT');
  });

  it('account: our session answer signed in and out, reset-token, change-email cancel', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const signedIn = sessionResponse.parse(await json(await s.request('/api/account/session', { cookie: u.cookie })));
    expect(signedIn.user?.email).toBe(u.email);
    expect(signedIn.user?.firstLogin).toBe(true);
    expect(sessionResponse.parse(await json(await s.request('/api/account/session'))).user).toBeNull();
    expect(resetTokenResponse.parse(await json(await s.request('/api/account/reset-token?token=nope')))).toEqual({ valid: false });

    const newEmail = `moved-${Date.now()}@example.com`;
    expect(await json(await post('/api/account/change-email', { newEmail, password: 'secret-pass' }, u.cookie))).toEqual({ status: true });
    const links = (await s.outbox()).flatMap((m) => (m.to === newEmail || m.to === u.email ? [...m.text.matchAll(/token=([\w-]+)/g)] : []));
    const [first, second] = links.map((m) => m[1]!);
    expect(emailChangeResult.parse(await json(await post('/api/account/change-email/confirm', { token: first })))).toMatchObject({
      status: 'waiting',
    });
    expect(emailChangeCancelled.parse(await json(await post('/api/account/change-email/cancel', { token: second })))).toEqual({
      status: 'cancelled',
    });
  });

  it("Better Auth's endpoints: sign-up, sign-in, get-session, resend, reset request and reset, sign-out", async () => {
    const email = `contract-${Date.now()}@example.com`;
    const signUp = await post('/api/auth/sign-up/email', {
      email,
      password: 'secret-pass',
      name: 'Ana Ruiz',
      firstName: 'Ana',
      lastName: 'Ruiz',
      callbackURL: `/login?verified=1&email=${encodeURIComponent(email)}`,
    });
    expect(signUpResponse.parse(await json(signUp)).user.email).toBe(email);
    expect(sendVerificationResponse.parse(await json(await post('/api/auth/send-verification-email', { email })))).toEqual({
      status: true,
    });

    const u = await signedInUser(s, { activeDays: 30 });
    const signIn = await post('/api/auth/sign-in/email', { email: u.email, password: 'secret-pass', rememberMe: true });
    expect(signInResponse.parse(await json(signIn)).user.email).toBe(u.email);
    const fresh = betterAuthSessionResponse.parse(await json(await s.request('/api/auth/get-session', { cookie: u.cookie })));
    expect(fresh?.user.id).toBe(u.id);
    expect(betterAuthSessionResponse.parse(await json(await s.request('/api/auth/get-session')))).toBeNull();
    expect(requestPasswordResetResponse.parse(await json(await post('/api/auth/request-password-reset', { email: u.email }))).status).toBe(
      true,
    );
    const mail = (await s.outbox()).find((m) => m.to === u.email && /token_hash=/.test(m.text));
    const token = decodeURIComponent(/token_hash=([^&\s]+)/.exec(mail!.text)![1]!);
    expect(resetPasswordResponse.parse(await json(await post('/api/auth/reset-password', { token, newPassword: 'another-pass' })))).toEqual(
      {
        status: true,
      },
    );
    const again = await signedInUser(s, { activeDays: 30 });
    expect(signOutResponse.parse(await json(await post('/api/auth/sign-out', {}, again.cookie)))).toEqual({ success: true });
  });

  it('subscription: verify, sync, payment-intent (new and resumed), sandbox confirm, cancel, resume, billing, redeem', async () => {
    const u = await signedInUser(s);
    expect(verifyResponse.parse(await json(await post('/api/subscription/verify', {}, u.cookie))).hasAccess).toBe(false);
    expect(syncResponse.parse(await json(await post('/api/subscription/sync', {}, u.cookie)))).toEqual({ synced: false });
    const intent = paymentIntentResponse.parse(await json(await post('/api/subscription/payment-intent', {}, u.cookie)));
    if (intent.resumed) throw new Error('a new subscription was expected');
    const card = { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
    const confirmed = await post('/api/subscription/sandbox/confirm', { clientSecret: intent.clientSecret, card }, u.cookie);
    expect(sandboxConfirmResponse.parse(await json(confirmed))).toEqual({ status: 'succeeded' });
    const billing = billingResponse.parse(await json(await s.request('/api/subscription/billing', { cookie: u.cookie })));
    expect(billing).toMatchObject({ source: 'card', renews: true });
    const subscriptionId = billing.stripeSubscriptionId;
    expect(cancelResponse.parse(await json(await post('/api/subscription/cancel', { subscriptionId }, u.cookie))).accessUntil).toBe(
      billing.expirationDate,
    );
    expect(resumeResponse.parse(await json(await post('/api/subscription/resume', { subscriptionId }, u.cookie))).resumed).toBe(true);
    await post('/api/subscription/cancel', { subscriptionId }, u.cookie);
    expect(paymentIntentResponse.parse(await json(await post('/api/subscription/payment-intent', {}, u.cookie)))).toEqual({
      resumed: true,
      provider: 'sandbox',
    });

    await s.deps.database.db.insert(couponCodes).values({ name: 'Contract', code: 'CONTRACT7', duration: 7, durationType: 'days' });
    const coded = await signedInUser(s);
    expect(redeemResponse.parse(await json(await post('/api/subscription/codes/redeem', { code: 'contract7' }, coded.cookie))).ok).toBe(
      true,
    );
  });

  it('home: POST /api/home, with the first visit flagged once', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const first = homeResponse.parse(await json(await post('/api/home', { timeZone: 'UTC' }, u.cookie)));
    expect(first.firstVisit).toBe(true);
    expect(first.profile.email).toBe(u.email);
    expect(homeResponse.parse(await json(await post('/api/home', { timeZone: 'UTC' }, u.cookie))).firstVisit).toBe(false);
    expect(sessionResponse.parse(await json(await s.request('/api/account/session', { cookie: u.cookie }))).user?.firstLogin).toBe(false);
  });
});
