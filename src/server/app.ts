import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODES, MESSAGES } from '../shared/errors';
import { CLIENT_IP_HEADER } from './auth/auth';
import { uniformSignUpResponse } from './auth/enumeration';
import { isOpenAuthRoute } from './auth/route-policy';
import type { Content } from './content/load';
import type { AppDeps, AppEnv } from './deps';
import { accountRoutes } from './features/account/routes';
import { adminCodesRoutes } from './features/admin-codes/routes';
import { adminContentRoutes } from './features/admin-content/routes';
import { adminUserRoutes } from './features/admin-users/routes';
import { adminAuditRoutes } from './features/audit/routes';
import { scenarioAnswersRoute, scenarioRoutes } from './features/scenarios/routes';
import { devOutboxPageRoutes, devOutboxRoutes } from './features/dev-outbox/routes';
import { dragDropRoutes } from './features/drag-drop/routes';
import { examRoutes } from './features/exam/routes';
import { progressRoutes } from './features/progress/routes';
import { adminNremtResultRoutes, nremtResultRoutes } from './features/nremt-results/routes';
import { adminReadinessRoutes } from './features/admin-readiness/routes';
import { adminStandardRoutes, standardSettingRoutes } from './features/standard-setting/routes';
import { adminJobsRoutes } from './features/admin-jobs/routes';
import { badgeRoutes } from './features/badges/routes';
import { flashcardRoutes } from './features/flashcards/routes';
import { searchRoutes } from './features/search/routes';
import { savedRoutes } from './features/saved/routes';
import { calendarFeedRoutes, planRoutes } from './features/plan/routes';
import { classRoutes, instructorRoutes } from './features/programs/routes';
import { sortingRoutes } from './features/sorting/routes';
import { videoRoutes } from './features/videos/routes';
import { healthRoutes, pingRoutes } from './features/health/routes';
import { homeRoutes } from './features/home/routes';
import { profileRoutes } from './features/profile/routes';
import { questionRoutes } from './features/questions/routes';
import { reviewRoutes } from './features/review/routes';
import { trackingRoutes } from './features/tracking/routes';
import { internalRoutes } from './features/internal/routes';
import { subscriptionRoutes } from './features/subscription/routes';
import { legacyMediaRoutes, mediaRoutes } from './features/media/routes';
import { errorBody, HttpError, isCleanPath, jsonHasNul, notFound, NUL_MESSAGE, RateLimitedError } from './lib/http';
import { loadShedding } from './lib/load-shed';
import { ORIGIN_REFUSAL_CODES, originCheck, wrongOriginMessage } from './lib/origins';
import { httpExceptionResponse } from './lib/http-exception';
import { clientIp } from './lib/net';

/** Better Auth answers errors as `{ code, message }`; the API has one error shape. */
function fieldIssues(value: unknown): { path: string; message: string }[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const issues = value.filter(
    (i): i is { path: string; message: string } =>
      typeof i === 'object' &&
      i !== null &&
      typeof (i as { path?: unknown }).path === 'string' &&
      typeof (i as { message?: unknown }).message === 'string',
  );
  return issues.length ? issues.map(({ path, message }) => ({ path, message })) : undefined;
}

async function normaliseAuthResponse(res: Response, config: AppDeps['config']): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string; issues?: unknown };
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const rateLimited = res.status === 429;
  const payload = errorBody(
    rateLimited ? ERROR_CODES.rateLimited : (body.code ?? `HTTP_${res.status}`),
    rateLimited
      ? MESSAGES.tooManyAttempts
      : body.code && ORIGIN_REFUSAL_CODES.has(body.code)
        ? wrongOriginMessage(config)
        : (body.message ?? MESSAGES.internal),
    // our sign-up hook's field problems (src/server/auth/auth.ts); Better Auth's own refusals have none
    fieldIssues(body.issues),
  );
  return new Response(JSON.stringify(payload), { status: res.status, headers });
}

/** Stripe.js and its frames are allowed only when Stripe is the payment provider. */
function contentSecurityPolicy(stripe: boolean): string {
  const js = stripe ? ' https://js.stripe.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self'${js}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
    `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com${stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function createApp(deps: AppDeps, content: Content) {
  const { config, log } = deps;
  const app = new Hono<AppEnv>();
  const csp = contentSecurityPolicy(deps.payments.kind === 'stripe');

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: undefined,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: config.publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: 'same-origin',
    }),
  );
  app.use('*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
  });
  app.use(
    '/api/*',
    bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.json(errorBody(ERROR_CODES.badRequest, 'The request is too large.'), 413) }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // A path that is not clean text (a control character, broken percent-encoding) names no page, file or record.
  app.use('*', async (c, next) => {
    if (!isCleanPath(c.req.url)) throw notFound();
    await next();
  });
  // More API requests at once than the database can serve are refused with 503 (MAX_IN_FLIGHT).
  app.use(
    '/api/*',
    loadShedding(config.maxInFlight, (p) => p === '/api/health'),
  );

  // Better Auth: sign-up, sign-in, verification, reset, password change, sign-out, sessions.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Only the routes the app uses reach Better Auth (its admin plugin's routes bypass our guards).
    if (!isOpenAuthRoute(c.req.method, c.req.path.slice('/api/auth'.length)))
      return c.json(errorBody(ERROR_CODES.notFound, 'No such API route.'), 404);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    let body: string | undefined;
    if (c.req.method === 'POST') {
      body = await c.req.text();
      if (jsonHasNul(body)) return c.json(errorBody(ERROR_CODES.badRequest, NUL_MESSAGE), 400);
    }
    let res = await deps.auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
    if (c.req.path === '/api/auth/sign-up/email') res = await uniformSignUpResponse(res, body, deps.now());
    return normaliseAuthResponse(res, config);
  });

  // Our own state-changing routes accept only requests from the app's own origin.
  app.use('/api/*', csrf({ origin: originCheck(config) }));

  app.route('/api/health', healthRoutes);
  app.route('/api/ping', pingRoutes);
  app.route('/api/account', accountRoutes);
  app.route('/api/subscription', subscriptionRoutes);
  app.route('/api/home', homeRoutes(content));
  app.route('/api/badges', badgeRoutes);
  app.route('/api/flashcards', flashcardRoutes);
  app.route('/api/scenarios', scenarioRoutes(content));
  app.route('/api/videos', videoRoutes);
  app.route('/api/sorting', sortingRoutes);
  app.route('/api/drag-drop', dragDropRoutes);
  app.route('/api/questions', questionRoutes);
  app.route('/api/search', searchRoutes);
  app.route('/api/review', reviewRoutes);
  app.route('/api/saved', savedRoutes(content));
  app.route('/api/plan', planRoutes);
  app.route('/api/calendar-feed', calendarFeedRoutes);
  app.route('/api/exam', examRoutes);
  app.route('/api/progress', progressRoutes);
  app.route('/api/nremt-results', nremtResultRoutes);
  app.route('/api/profile', profileRoutes);
  app.route('/api/classes', classRoutes);
  app.route('/api/instructor', instructorRoutes);
  app.route('/api/standard-setting', standardSettingRoutes);
  app.route('/api/events', trackingRoutes);
  app.route('/api/admin/codes', adminCodesRoutes);
  app.route('/api/admin/users', adminUserRoutes);
  app.route('/api/admin/audit', adminAuditRoutes);
  app.route('/api/admin/content', adminContentRoutes);
  app.route('/api/admin/nremt-results', adminNremtResultRoutes);
  app.route('/api/admin/readiness', adminReadinessRoutes);
  app.route('/api/admin/standards', adminStandardRoutes);
  app.route('/api/admin/jobs', adminJobsRoutes);
  app.route('/api/internal', internalRoutes);
  // The dev outbox exists only with the outbox provider, never in production, only with DEV_OUTBOX on
  // (config.ts), and answers only this machine (features/dev-outbox/routes.ts).
  if (deps.mailer.kind === 'outbox' && config.devOutbox && config.env !== 'production') {
    app.route('/api/dev/outbox', devOutboxRoutes);
    app.route('/dev/outbox', devOutboxPageRoutes);
  }
  app.route('/scenarioanswers.json', scenarioAnswersRoute(content));

  app.all('/api/*', (c) => c.json(errorBody(ERROR_CODES.notFound, 'No such API route.'), 404));

  // Study media: subscribers of the right course level only (src/server/features/media).
  app.route('/media', mediaRoutes(deps.mediaDir ?? path.resolve('media')));
  app.route('/content/videos', legacyMediaRoutes);
  app.route('/content/ekg', legacyMediaRoutes);

  if (deps.clientDir) {
    const root = path.relative(process.cwd(), deps.clientDir) || '.';
    const indexHtml = readFileSync(path.join(deps.clientDir, 'index.html'), 'utf8');
    app.use(
      '/assets/*',
      serveStatic({ root, precompressed: true, onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable') }),
    );
    app.use(
      '*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (p, c) => c.header('Cache-Control', /sw\.js(?:\.br|\.gz|\.zst)?$/.test(p) ? 'no-cache' : 'public, max-age=3600'),
      }),
    );
    app.get('*', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(indexHtml);
    });
  }

  app.onError((err, c) => {
    if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfter));
    if (err instanceof HttpError) return c.json(errorBody(err.code, err.message, err.issues), err.status);
    if (err instanceof HTTPException && err.status < 500) return httpExceptionResponse(c, err);
    log.error({ err, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return c.json(errorBody(ERROR_CODES.internal, MESSAGES.internal), 500);
  });
  app.notFound((c) => c.json(errorBody(ERROR_CODES.notFound, 'Not found.'), 404));
  return app;
}
export type App = ReturnType<typeof createApp>;
