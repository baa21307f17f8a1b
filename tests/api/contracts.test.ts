// The API's contracts (src/shared/contracts) checked against what the server really sends: each response is parsed with the
// shared schema in strict mode, so a field the client expects but the server stopped sending — or a date sent as an object —
// fails here rather than on a student's screen. Every contract in src/shared/contracts has a case in this file.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponListResponse, couponResponse } from '../../src/shared/contracts/admin-codes';
import { adminUserResponse, adminUsersResponse, resetSentResponse, userAnalyticsResponse } from '../../src/shared/contracts/admin-users';
import { auditPageResponse } from '../../src/shared/contracts/audit';
import { badgesResponse } from '../../src/shared/contracts/badges';
import { dragDropScenariosResponse } from '../../src/shared/contracts/drag-drop';
import { cardStateResponse, deckPageResponse, deckSummaryResponse, unflagCorrectResponse } from '../../src/shared/contracts/flashcards';
import { profileResponse } from '../../src/shared/contracts/profile';
import {
  currentExamResponse,
  examAvailabilityResponse,
  examHistoryResponse,
  examReviewResponse,
  examView,
} from '../../src/shared/contracts/exam';
import {
  answerResponse,
  completeResponse,
  currentSessionResponse,
  flagResponse,
  itemStatsResponse,
  questionOptions,
  questionReportPage,
  reportResponse,
  reportStatusResponse,
  sessionResponse as questionSessionResponse,
} from '../../src/shared/contracts/questions';
import { progressResponse } from '../../src/shared/contracts/progress';
import { reviewAnswerResponse, reviewQueueResponse, reviewSettingsResponse, reviewStatsResponse } from '../../src/shared/contracts/review';
import { scenarioAnswersResponse, scenarioMenuResponse } from '../../src/shared/contracts/scenarios';
import { searchResponse } from '../../src/shared/contracts/search';
import { sortingQuestionsResponse } from '../../src/shared/contracts/sorting';
import { eventBatchResponse, eventsResponse } from '../../src/shared/contracts/tracking';
import { videoListResponse } from '../../src/shared/contracts/videos';
import { badges, couponCodes, userBadges } from '../../src/server/db/schema';
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
import {
  billingResponse,
  cancelResponse,
  paymentIntentResponse,
  redeemResponse,
  resumeResponse,
  sandboxConfirmResponse,
  syncResponse,
} from '../../src/shared/contracts/subscription';
import {
  adminNremtListResponse,
  nremtImportResponse,
  nremtResultListResponse,
  nremtResultResponse,
} from '../../src/shared/contracts/nremt-results';
import { readinessValidationResponse } from '../../src/shared/contracts/readiness';
import { anAnswer } from '../helpers/item-answers';
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

  it('questions: GET /options, POST /sessions, GET /sessions/current and /:id, POST answers and complete, PUT /flags, POST /reports; admin reports and stats', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect(questionOptions.parse(await json(await s.request('/api/questions/options', { cookie: u.cookie }))).level).toBe('EMT');
    for (const mode of ['tutor', 'timed'] as const) {
      const { session } = questionSessionResponse.parse(
        await json(
          await post('/api/questions/sessions', { level: 'EMT', domains: [], topics: [], count: 10, filter: 'all', mode }, u.cookie),
          201,
        ),
      );
      expect(
        currentSessionResponse.parse(await json(await s.request('/api/questions/sessions/current', { cookie: u.cookie }))).session?.id,
      ).toBe(session.id);
      // a case's first item, so that the answer also sends the case's next item
      const item = session.items.find((i) => i.case) ?? session.items[0]!;
      const answered = answerResponse.parse(
        await json(
          await post(
            `/api/questions/sessions/${session.id}/answers`,
            { itemKey: item.key, answer: anAnswer(item), timeMs: 1000, clientId: randomUUID() },
            u.cookie,
          ),
        ),
      );
      expect(mode === 'tutor' ? 'feedback' in answered : 'recorded' in answered).toBe(true);
      expect(
        questionSessionResponse.parse(await json(await s.request(`/api/questions/sessions/${session.id}`, { cookie: u.cookie }))).session
          .id,
      ).toBe(session.id);
      expect(
        completeResponse.parse(await json(await post(`/api/questions/sessions/${session.id}/complete`, {}, u.cookie))).results.total,
      ).toBe(session.count);
      const flagged = await s.request(`/api/questions/flags/${item.key}`, { method: 'PUT', cookie: u.cookie, json: { flagged: true } });
      expect(flagResponse.parse(await json(flagged)).flagged).toBe(true);
      expect(
        reportResponse.parse(
          await json(await post('/api/questions/reports', { itemKey: item.key, reason: 'typo', text: 'A typo.' }, u.cookie), 201),
        ).ok,
      ).toBe(true);
    }
    const admin = await signedInUser(s, { role: 'admin' });
    const page = questionReportPage.parse(await json(await s.request('/api/admin/content/reports', { cookie: admin.cookie })));
    expect(page.total).toBeGreaterThanOrEqual(2);
    const changed = await s.request(`/api/admin/content/reports/${page.reports[0]!.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { status: 'resolved' },
    });
    expect(reportStatusResponse.parse(await json(changed)).report.status).toBe('resolved');
    expect(
      itemStatsResponse.parse(await json(await s.request('/api/admin/content/stats', { cookie: admin.cookie }))).items.length,
    ).toBeGreaterThan(0);
  });

  it('exam: POST /, GET /current, GET /:id, POST /:id/answers, GET /:id/review, GET /history, GET /availability', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect(examAvailabilityResponse.parse(await json(await s.request('/api/exam/availability', { cookie: u.cookie }))).ready).toBe(true);
    const started = examView.parse(
      await (await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } })).json(),
    );
    expect(currentExamResponse.parse(await (await s.request('/api/exam/current', { cookie: u.cookie })).json()).exam?.id).toBe(started.id);
    expect(examView.parse(await (await s.request(`/api/exam/${started.id}`, { cookie: u.cookie })).json()).position).toBe(1);
    const item = started.item!;
    const answer = anAnswer(item);
    const next = await s.request(`/api/exam/${started.id}/answers`, {
      method: 'POST',
      cookie: u.cookie,
      json: { position: 1, answer, timeMs: 2000, clientId: randomUUID() },
    });
    expect(examView.parse(await next.json()).status).toBe('in_progress');
    s.advanceClock(3 * 3600_000);
    try {
      const ended = examView.parse(await (await s.request(`/api/exam/${started.id}`, { cookie: u.cookie })).json());
      expect(ended.result?.stopReason).toBe('time');
      const review = examReviewResponse.parse(await (await s.request(`/api/exam/${started.id}/review`, { cookie: u.cookie })).json());
      expect(review.items.length).toBeLessThanOrEqual(1);
      expect(examHistoryResponse.parse(await (await s.request('/api/exam/history', { cookie: u.cookie })).json()).exams).toHaveLength(1);
      expect(progressResponse.parse(await (await s.request('/api/progress', { cookie: u.cookie })).json()).exams).toHaveLength(1);
    } finally {
      s.advanceClock(-3 * 3600_000);
    }
  });

  it('review: GET /queue, POST /answers, GET and PUT /settings, GET /stats', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const queue = reviewQueueResponse.parse(await (await s.request('/api/review/queue', { cookie: u.cookie })).json());
    const item = queue.new[0]!;
    const answer = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: { kind: 'flashcard', key: item.key, grade: 'again', clientId: crypto.randomUUID() },
    });
    expect(reviewAnswerResponse.parse(await answer.json()).card.state).toBe(1);
    const settings = reviewSettingsResponse.parse(await (await s.request('/api/review/settings', { cookie: u.cookie })).json());
    const saved = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { ...settings.settings, newPerDay: 7 },
    });
    expect(reviewSettingsResponse.parse(await saved.json()).settings.newPerDay).toBe(7);
    const stats = reviewStatsResponse.parse(await (await s.request('/api/review/stats', { cookie: u.cookie })).json());
    expect(stats.dueToday).toBe(1);
  });

  it('review with questions: a practice answer puts the question in GET /queue; POST /answers for it sends its feedback', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const started = await s.request('/api/questions/sessions', {
      method: 'POST',
      cookie: u.cookie,
      json: { level: 'EMT', domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor' },
    });
    expect(started.status).toBe(201);
    const session = (
      (await started.json()) as { session: { id: string; items: { key: string; type: string; options: { id: string }[] }[] } }
    ).session;
    const single = session.items.find((i) => i.type === 'single')!;
    const practised = await s.request(`/api/questions/sessions/${session.id}/answers`, {
      method: 'POST',
      cookie: u.cookie,
      json: { itemKey: single.key, answer: { choice: single.options[0]!.id }, timeMs: 1000, clientId: randomUUID() },
    });
    expect(practised.status).toBe(200);
    s.advanceClock(86_400_000); // a question comes back the next study day (decision 091)
    const queue = reviewQueueResponse.parse(await (await s.request('/api/review/queue', { cookie: u.cookie })).json());
    const item = queue.due.find((i) => i.kind === 'question')!;
    expect(item.kind === 'question' && item.question.key).toBe(single.key);
    if (item.kind !== 'question') return;
    const answer = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: {
        kind: 'question',
        key: item.key,
        answer: { choice: item.question.options[1]!.id },
        order: item.order,
        clientId: randomUUID(),
      },
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const parsed = reviewAnswerResponse.parse(await answer.json());
    expect(parsed.feedback?.options).toHaveLength(item.question.options.length);
    expect(reviewStatsResponse.parse(await (await s.request('/api/review/stats', { cookie: u.cookie })).json()).reviewsToday).toBe(1); // the practice answer was yesterday
    s.advanceClock(-86_400_000);
  });
});

// Decision 035 — the admin and study features (each `it` is one feature's endpoints).
describe('API responses match the shared contracts: admin and study features', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  const json = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };

  it('admin-users: list, create, analytics, role, course level, access, reset e-mail', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const a = { cookie: admin.cookie };
    const list = adminUsersResponse.parse(await json(await s.request('/api/admin/users?q=&role=all&page=0', a)));
    expect(list.users.some((u) => u.id === admin.id && u.role === 'admin')).toBe(true);
    const created = adminUserResponse.parse(
      await json(
        await s.request('/api/admin/users', {
          method: 'POST',
          ...a,
          json: { firstName: 'Cy', lastName: 'Ng', email: `cy-${Date.now()}@example.com`, password: 'secret-pass', courseLevel: 'EMT' },
        }),
        201,
      ),
    ).user;
    expect(created).toMatchObject({ courseLevel: 'EMT', emailVerified: true, deviceType: null, lastLogin: null });
    const id = created.id;
    userAnalyticsResponse.parse(await json(await s.request(`/api/admin/users/${id}/analytics`, a)));
    const role = { method: 'PATCH', ...a, json: { role: 'admin' } };
    expect(adminUserResponse.parse(await json(await s.request(`/api/admin/users/${id}/role`, role))).user.role).toBe('admin');
    const level = { method: 'PATCH', ...a, json: { courseLevel: 'Both' } };
    expect(adminUserResponse.parse(await json(await s.request(`/api/admin/users/${id}/course-level`, level))).user.courseLevel).toBe(
      'Both',
    );
    const access = adminUserResponse.parse(
      await json(await s.request(`/api/admin/users/${id}/access`, { method: 'POST', ...a, json: { days: 10 } })),
    ).user;
    expect(access.subscriptionStatus).toBe('active');
    resetSentResponse.parse(await json(await s.request(`/api/admin/users/${id}/reset-password`, { method: 'POST', ...a, json: {} })));
  });

  it('admin-codes: list, create, edit, turn off', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const a = { cookie: admin.cookie };
    const body = { name: 'Trial', code: `T${Date.now().toString(36).toUpperCase()}`, duration: 7, durationType: 'days', usageLimit: 3 };
    const made = couponResponse.parse(await json(await s.request('/api/admin/codes', { method: 'POST', ...a, json: body }), 201)).code;
    expect(made).toMatchObject({ code: body.code, timesUsed: 0, isActive: true });
    const edited = { method: 'PUT', ...a, json: { ...body, name: 'Trial 2' } };
    expect(couponResponse.parse(await json(await s.request(`/api/admin/codes/${made.id}`, edited))).code.name).toBe('Trial 2');
    const off = { method: 'PATCH', ...a, json: { isActive: false } };
    expect(couponResponse.parse(await json(await s.request(`/api/admin/codes/${made.id}/active`, off))).code.isActive).toBe(false);
    const list = couponListResponse.parse(await json(await s.request('/api/admin/codes', a)));
    expect(list.codes.map((c) => c.id)).toContain(made.id);
  });

  it('audit: GET /api/admin/audit', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const student = await signedInUser(s, { activeDays: 30 });
    await s.request(`/api/admin/users/${student.id}/course-level`, { method: 'PATCH', cookie: admin.cookie, json: { courseLevel: 'EMT' } });
    const page = auditPageResponse.parse(await json(await s.request('/api/admin/audit?action=all&q=&page=0', { cookie: admin.cookie })));
    expect(page.entries[0]).toMatchObject({ action: 'user.course_level', actor: { id: admin.id, email: admin.email } });
  });

  it('flashcards: summary, page, card state, unflag correct', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const c = { cookie: u.cookie };
    const summary = deckSummaryResponse.parse(await json(await s.request('/api/flashcards/summary?deck=mine', c)));
    expect(summary.categories.length).toBeGreaterThan(0);
    const page = deckPageResponse.parse(await json(await s.request('/api/flashcards/page?deck=mine&seed=abc&page=0', c)));
    expect(page.total).toBeGreaterThan(0);
    const card = page.cards[0]!;
    const state = { method: 'PUT', ...c, json: { isFlagged: true, isCorrect: true, isWrong: false } };
    expect(cardStateResponse.parse(await json(await s.request(`/api/flashcards/${card.id}/state`, state)))).toMatchObject({
      id: card.id,
      isFlagged: true,
    });
    const unflag = { method: 'POST', ...c, json: { deck: 'mine' } };
    expect(unflagCorrectResponse.parse(await json(await s.request('/api/flashcards/unflag-correct', unflag))).count).toBe(1);
  });

  it('videos: GET /api/videos', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const list = videoListResponse.parse(await json(await s.request('/api/videos', { cookie: u.cookie })));
    expect(list.videos.length).toBeGreaterThan(0);
  });

  it('scenarios: GET /api/scenarios and /scenarioanswers.json', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const menu = scenarioMenuResponse.parse(await json(await s.request('/api/scenarios', { cookie: u.cookie })));
    const answers = scenarioAnswersResponse.parse(await json(await s.request('/scenarioanswers.json', { cookie: u.cookie })));
    const first = menu.groups.flatMap((g) => g.scenarios)[0]!;
    expect(answers[first.name]).toHaveLength(first.steps);
  });

  it('search: GET /api/search', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const found = searchResponse.parse(await json(await s.request('/api/search?q=adenosine', { cookie: u.cookie })));
    expect(found.total).toBeGreaterThan(0);
  });

  it('sorting: GET /api/sorting/questions', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const list = sortingQuestionsResponse.parse(await json(await s.request('/api/sorting/questions', { cookie: u.cookie })));
    expect(list.questions.length).toBeGreaterThan(0);
  });

  it('drag-drop: GET /api/drag-drop/scenarios', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const list = dragDropScenariosResponse.parse(await json(await s.request('/api/drag-drop/scenarios', { cookie: u.cookie })));
    expect(list.scenarios.length).toBeGreaterThan(0);
  });

  it('badges: GET /api/badges, with one earned', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const [first] = await s.deps.database.db.select().from(badges).limit(1);
    await s.deps.database.db.insert(userBadges).values({ userId: u.id, badgeId: first!.id });
    const list = badgesResponse.parse(await json(await s.request('/api/badges', { cookie: u.cookie })));
    expect(list.earned).toBe(1);
    expect(list.badges.find((b) => b.id === first!.id)?.earnedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('tracking: POST and GET /api/events', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const event = {
      id: randomUUID(),
      featureType: 'sorting',
      featureId: '3',
      actionType: 'question_complete',
      score: 1,
      totalItems: 4,
      completionPercentage: 100,
      createdAt: new Date().toISOString(),
    };
    const sent = { method: 'POST', cookie: u.cookie, json: { events: [event] } };
    expect(eventBatchResponse.parse(await json(await s.request('/api/events', sent)))).toEqual({ received: 1, stored: 1 });
    const read = await s.request('/api/events?featureType=sorting&actionType=question_complete', { cookie: u.cookie });
    expect(eventsResponse.parse(await json(read)).events).toEqual([
      { featureId: '3', completionPercentage: 100, score: 1, totalItems: 4, createdAt: expect.any(String) },
    ]);
  });
  it('nremt-results: POST, GET, PUT /api/nremt-results; admin list and import', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const body = { level: 'Paramedic', examDate: '2026-11-02', result: 'failed', attempt: 1 };
    const made = nremtResultResponse.parse(
      await json(await s.request('/api/nremt-results', { method: 'POST', json: body, cookie: u.cookie }), 201),
    ).result;
    const put = { method: 'PUT', cookie: u.cookie, json: { ...body, result: 'passed' } };
    expect(nremtResultResponse.parse(await json(await s.request(`/api/nremt-results/${made.id}`, put))).result.result).toBe('passed');
    expect(nremtResultListResponse.parse(await json(await s.request('/api/nremt-results', { cookie: u.cookie }))).results).toHaveLength(1);
    const all = adminNremtListResponse.parse(await json(await s.request('/api/admin/nremt-results', { cookie: admin.cookie })));
    expect(all.results.map((r) => r.id)).toContain(made.id);
    const csv = `email,level,date,result,attempt\n${u.email},Paramedic,2026-11-30,passed,2`;
    const dry = nremtImportResponse.parse(
      await json(await s.request('/api/admin/nremt-results/import', { method: 'POST', json: { csv, dryRun: true }, cookie: admin.cookie })),
    );
    expect(dry.counts.new).toBe(1);
  });
  it('readiness: GET /api/admin/readiness and POST /validate', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const ran = readinessValidationResponse.parse(
      await json(await s.request('/api/admin/readiness/validate', { method: 'POST', cookie: admin.cookie })),
    );
    expect(ran.levels.map((l) => l.level).sort()).toEqual(['EMT', 'Paramedic']);
    const read = readinessValidationResponse.parse(await json(await s.request('/api/admin/readiness', { cookie: admin.cookie })));
    expect(read.levels[0]!.run?.id).toBe(ran.levels[0]!.run?.id);
  });
});
