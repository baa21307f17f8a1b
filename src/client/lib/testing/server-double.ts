/**
 * A small stand-in for the MedicPrep server at the network boundary of component tests: it replaces
 * `globalThis.fetch`, answers the routes the auth layer calls with the server's real JSON shapes
 * (`/api/account/session`, Better Auth's `/api/auth/get-session` and `/api/auth/sign-out`, the
 * subscription check, the one error shape of src/shared/errors.ts), and records every call. Everything
 * above fetch (the `api` client, the auth provider, the route gate, the router) is the real code.
 *
 *   const server = new ServerDouble().signIn({ expiresInMs: 7 * DAY }).install();
 *   server.offline = true;                  // fetch rejects, as it does without a network
 *   server.hold('/api/account/session');    // the next call waits until `release(path)`
 *   server.uninstall();
 */
import type { ApiErrorBody } from '@shared/errors';
import { ERROR_CODES, MESSAGES } from '@shared/errors';
import type { VerifyResponse } from '@shared/subscription';

export interface DoubleUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

const verifyAnswer = (active: boolean): VerifyResponse => ({
  securityAlert: false,
  shouldCreateProfile: false,
  hasAccess: active,
  subscriptionStatus: active ? 'active' : 'inactive',
  stripeConfirmed: false,
  reason: active ? 'Subscription active' : 'No active subscription',
});

const json = (status: number, body: unknown) =>
  new Response(body === null ? 'null' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unauthenticated = () =>
  json(401, { error: { code: ERROR_CODES.unauthenticated, message: MESSAGES.unauthenticated } } satisfies ApiErrorBody);

export class ServerDouble {
  /** the signed-in user, or null when the browser holds no live session */
  user: DoubleUser | null = null;
  session: { id: string; expiresAt: string } | null = null;
  /** whether the user's subscription grants access */
  active = true;
  /** fetch rejects with a TypeError, as a browser without a network does */
  offline = false;
  /** how long a keep-alive (`/api/auth/get-session`) extends the session */
  extendByMs = 7 * 24 * 60 * 60 * 1000;
  readonly calls: Call[] = [];
  private readonly held = new Map<string, { release: () => void; promise: Promise<void> }>();
  private original: typeof fetch | undefined;

  signIn(opts: { expiresInMs: number; firstName?: string; role?: 'user' | 'admin'; active?: boolean }): this {
    const firstName = opts.firstName ?? 'Riley';
    this.user = {
      id: 'user-1',
      email: 'riley@example.com',
      emailVerified: true,
      name: `${firstName} Tester`,
      firstName,
      lastName: 'Tester',
      role: opts.role ?? 'user',
    };
    this.session = { id: 'session-1', expiresAt: new Date(Date.now() + opts.expiresInMs).toISOString() };
    this.active = opts.active ?? true;
    return this;
  }

  /** The server ends the session (expired, revoked, banned): the next call answers as for nobody. */
  endSession(): void {
    this.user = null;
    this.session = null;
  }

  /** Calls to `path` wait until `release(path)`. */
  hold(path: string): void {
    let release!: () => void;
    const promise = new Promise<void>((r) => (release = r));
    this.held.set(path, { release, promise });
  }

  release(path: string): void {
    this.held.get(path)?.release();
    this.held.delete(path);
  }

  callsTo(path: string): Call[] {
    return this.calls.filter((c) => c.path === path);
  }

  install(): this {
    this.original = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => this.handle(input, init);
    return this;
  }

  uninstall(): void {
    if (this.original) globalThis.fetch = this.original;
  }

  private async handle(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : null;
    this.calls.push({ method, path: url.pathname, body });
    const held = this.held.get(url.pathname);
    if (held) await held.promise;
    if (this.offline) throw new TypeError('Failed to fetch');
    return this.route(method, url.pathname);
  }

  private route(method: string, path: string): Response {
    const live = this.user && this.session ? { user: this.user, session: this.session } : null;
    switch (`${method} ${path}`) {
      case 'GET /api/account/session':
        return json(200, live ? { ...live, subscription: verifyAnswer(this.active) } : { user: null });
      case 'GET /api/auth/get-session':
        // Better Auth's own read: null for nobody; a session near its end is extended.
        if (!live) return json(200, null);
        this.session = { ...this.session!, expiresAt: new Date(Date.now() + this.extendByMs).toISOString() };
        return json(200, { user: this.user, session: this.session });
      case 'POST /api/auth/sign-out':
        this.endSession();
        return json(200, { success: true });
      case 'POST /api/subscription/verify':
        return live ? json(200, verifyAnswer(this.active)) : unauthenticated();
      case 'POST /api/subscription/sync':
        return live ? json(200, { synced: false }) : unauthenticated();
      case 'POST /api/events':
        return live ? json(200, { accepted: 0 }) : unauthenticated();
      case 'GET /api/account/me':
        return live ? json(200, { id: this.user!.id, email: this.user!.email }) : unauthenticated();
      default:
        return json(404, { error: { code: ERROR_CODES.notFound, message: 'Not found' } } satisfies ApiErrorBody);
    }
  }
}
