import { APIError } from 'better-auth/api';
import type { ServiceDeps } from '../deps';
import { cancelOpenEmailChanges } from './email-change';
import { deleteResetTokens } from './reset-tokens';

export { resetTokenStorage } from './reset-tokens';

/**
 * Rules Better Auth does not apply by itself, wired in through its hooks (src/server/auth/auth.ts):
 * - password-reset tokens are stored hashed, and a successful reset spends every reset token of the user;
 * - changing the password signs out every other session, whatever the client asks;
 * - a password reset or change and signing out everywhere cancel every open change of e-mail address;
 * - Better Auth's own change-of-address links (stateless, no password, survive a reset) are refused.
 */

/** After a successful password reset (Better Auth's `onPasswordReset`). */
export async function afterPasswordReset(deps: ServiceDeps, userId: string): Promise<void> {
  await deleteResetTokens(deps.db, userId);
  await cancelOpenEmailChanges(deps, userId);
}

/** Whether a Better Auth e-mail verification token is one of its change-of-address links. */
function isChangeEmailToken(token: unknown): boolean {
  if (typeof token !== 'string') return false;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      updateTo?: unknown;
      requestType?: unknown;
    };
    return payload.updateTo !== undefined || payload.requestType !== undefined;
  } catch {
    return false;
  }
}

interface HookCtx {
  path?: string;
  body?: unknown;
  query?: unknown;
  context: { returned?: unknown; session?: { user: { id: string } } | null };
}

/**
 * Runs before every Better Auth endpoint. Returns a context change for Better Auth to merge, or
 * nothing. Throws to refuse.
 */
export function securityBefore(ctx: HookCtx): { context: { body: Record<string, unknown> } } | undefined {
  if (ctx.path === '/change-email') throw new APIError('NOT_FOUND', { message: 'Change your e-mail address from the Profile screen.' });
  // change-of-address links issued by Better Auth before our own flow replaced it
  if (ctx.path === '/verify-email' && isChangeEmailToken((ctx.query as { token?: unknown } | undefined)?.token)) {
    throw new APIError('BAD_REQUEST', {
      message: 'This link is no longer valid. Request the change again from your profile.',
      code: 'INVALID_TOKEN',
    });
  }
  if (ctx.path === '/change-password' && ctx.body && typeof ctx.body === 'object') {
    return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
  }
  return undefined;
}

const CANCELS_EMAIL_CHANGES = new Set(['/change-password', '/revoke-sessions', '/revoke-other-sessions']);

/** Runs after every Better Auth endpoint. */
export async function securityAfter(deps: ServiceDeps, ctx: HookCtx): Promise<void> {
  if (!ctx.path || !CANCELS_EMAIL_CHANGES.has(ctx.path)) return;
  if (ctx.context.returned instanceof Error) return;
  const userId = ctx.context.session?.user.id;
  if (userId) await cancelOpenEmailChanges(deps, userId);
}
