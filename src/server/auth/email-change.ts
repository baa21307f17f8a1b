import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/errors';
import type { ServiceDeps } from '../deps';
import { emailChangeRequests, users } from '../db/schema';
import { HttpError } from '../lib/http';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import type { Auth } from './auth';
import { deleteResetTokens } from './reset-tokens';

/**
 * A change of e-mail address, replacing Better Auth's stateless `/change-email` link (which asked for
 * no password, told the old address nothing, and stayed valid after a password reset). Here:
 * - the request needs the current password;
 * - one link goes to the new address and one to the current address; the address changes only when
 *   both are confirmed, so neither a stolen session nor a stolen mailbox alone moves the account;
 * - only SHA-256 hashes of the links' tokens are stored; each link works once, for 24 hours;
 * - a new request, a password reset or change, and signing out everywhere cancel open requests;
 * - the old address is told once the change is made, and reset links sent to it stop working.
 */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export const EMAIL_CHANGE_MESSAGES = {
  wrongPassword: 'Incorrect password.',
  sameAddress: 'That is already your e-mail address.',
  invalidLink: 'This link is invalid, has expired or was already used. Request the change again from your profile.',
  taken: 'That e-mail address is already used by another account.',
} as const;

export type EmailChangeDeps = ServiceDeps<'auth'> & { mailer: Mailer; publicUrl: string };

export type ConfirmResult = { status: 'waiting'; waitingFor: 'new' | 'current' } | { status: 'changed'; email: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
const open = () => and(isNull(emailChangeRequests.completedAt), isNull(emailChangeRequests.cancelledAt));

export function confirmEmailChangeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

/** Whether `password` is the user's current password (Better Auth's own hash check). */
export async function verifyCurrentPassword(auth: Auth, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return ctx.password.verify({ hash: account.password, password });
}

/** Cancels every open change of address of a user (password reset or change, sign-out everywhere). */
export async function cancelOpenEmailChanges({ db, now }: ServiceDeps, userId: string): Promise<number> {
  const rows = await db
    .update(emailChangeRequests)
    .set({ cancelledAt: now() })
    .where(and(eq(emailChangeRequests.userId, userId), open()))
    .returning({ id: emailChangeRequests.id });
  return rows.length;
}

export async function requestEmailChange(
  deps: EmailChangeDeps,
  user: { id: string; email: string },
  input: { newEmail: string; password: string },
): Promise<void> {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!(await verifyCurrentPassword(deps.auth, user.id, input.password))) {
    throw new HttpError(400, ERROR_CODES.invalidPassword, EMAIL_CHANGE_MESSAGES.wrongPassword, [
      { path: 'password', message: EMAIL_CHANGE_MESSAGES.wrongPassword },
    ]);
  }
  if (newEmail === user.email.toLowerCase()) {
    throw new HttpError(400, ERROR_CODES.validation, EMAIL_CHANGE_MESSAGES.sameAddress, [
      { path: 'newEmail', message: EMAIL_CHANGE_MESSAGES.sameAddress },
    ]);
  }
  // Whether the new address is taken is not told here (that would let anyone signed in probe for
  // accounts): the new address's owner learns it when confirming.
  const newSecret = newToken();
  const currentSecret = newToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailChangeRequests)
      .set({ cancelledAt: deps.now() })
      .where(and(eq(emailChangeRequests.userId, user.id), open()));
    await tx.insert(emailChangeRequests).values({
      id: randomUUID(),
      userId: user.id,
      oldEmail: user.email,
      newEmail,
      newTokenHash: hashToken(newSecret),
      oldTokenHash: hashToken(currentSecret),
      expiresAt: new Date(deps.now().getTime() + EMAIL_CHANGE_TTL_MS),
    });
  });
  await deps.mailer.send(mailTemplates.changeEmailNew(newEmail, confirmEmailChangeUrl(deps.publicUrl, newSecret)));
  await deps.mailer.send(mailTemplates.changeEmailCurrent(user.email, newEmail, confirmEmailChangeUrl(deps.publicUrl, currentSecret)));
}

const invalidLink = () => new HttpError(400, ERROR_CODES.invalidLink, EMAIL_CHANGE_MESSAGES.invalidLink);
const taken = () => new HttpError(409, ERROR_CODES.conflict, EMAIL_CHANGE_MESSAGES.taken);

/** The open, unexpired request a link's token belongs to, and which of its two links it is. */
async function findByToken({ db, now }: ServiceDeps, token: string) {
  const hash = hashToken(token);
  const [row] = await db
    .select()
    .from(emailChangeRequests)
    .where(
      and(
        or(eq(emailChangeRequests.newTokenHash, hash), eq(emailChangeRequests.oldTokenHash, hash)),
        open(),
        gt(emailChangeRequests.expiresAt, now()),
      ),
    );
  if (!row) return null;
  return { row, side: row.newTokenHash === hash ? ('new' as const) : ('current' as const) };
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e as { code?: string; cause?: unknown } | undefined; err; err = err.cause as typeof err)
    if (err.code === '23505') return true;
  return false;
};

/**
 * Confirms one of the two links. Each link works once; the second confirmation changes the address,
 * unless another account took it meanwhile (409, and the request is cancelled).
 */
export async function confirmEmailChange(deps: EmailChangeDeps, token: string): Promise<ConfirmResult> {
  const found = await findByToken(deps, token);
  if (!found) throw invalidLink();
  const now = deps.now();
  const column = found.side === 'new' ? emailChangeRequests.newConfirmedAt : emailChangeRequests.oldConfirmedAt;
  // the link is spent by this one atomic update: a second use (or a race with the first) finds nothing
  const [confirmed] = await deps.db
    .update(emailChangeRequests)
    .set(found.side === 'new' ? { newConfirmedAt: now } : { oldConfirmedAt: now })
    .where(and(eq(emailChangeRequests.id, found.row.id), isNull(column), open(), gt(emailChangeRequests.expiresAt, now)))
    .returning();
  if (!confirmed) throw invalidLink();
  if (!confirmed.newConfirmedAt || !confirmed.oldConfirmedAt)
    return { status: 'waiting', waitingFor: confirmed.newConfirmedAt ? 'current' : 'new' };

  const request = confirmed;
  let changed: boolean;
  try {
    changed = await deps.db.transaction(async (tx) => {
      const [done] = await tx
        .update(emailChangeRequests)
        .set({ completedAt: now })
        .where(
          and(
            eq(emailChangeRequests.id, request.id),
            open(),
            isNotNull(emailChangeRequests.newConfirmedAt),
            isNotNull(emailChangeRequests.oldConfirmedAt),
          ),
        )
        .returning({ id: emailChangeRequests.id });
      if (!done) return false;
      const [other] = await tx
        .select({ id: users.id, emailVerified: users.emailVerified })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${request.newEmail}`, ne(users.id, request.userId)));
      // an unconfirmed sign-up proves nothing, while this request just proved the mailbox: it gives way
      // (otherwise anyone could block a change by signing the address up first)
      if (other && !other.emailVerified) await tx.delete(users).where(and(eq(users.id, other.id), eq(users.emailVerified, false)));
      else if (other) throw taken();
      // the account's address must still be the one that confirmed
      const [user] = await tx
        .update(users)
        .set({ email: request.newEmail, emailVerified: true, updatedAt: now })
        .where(and(eq(users.id, request.userId), eq(users.email, request.oldEmail)))
        .returning({ id: users.id });
      if (!user) throw invalidLink();
      // reset links went to the old address, which the account no longer uses
      await deleteResetTokens(tx, request.userId);
      return true;
    });
  } catch (e) {
    if (e instanceof HttpError || isUniqueViolation(e)) {
      await deps.db
        .update(emailChangeRequests)
        .set({ cancelledAt: now })
        .where(and(eq(emailChangeRequests.id, request.id), open()));
      throw e instanceof HttpError ? e : taken();
    }
    throw e;
  }
  if (!changed) throw invalidLink();
  await deps.mailer.send(mailTemplates.emailChanged(request.oldEmail, request.newEmail, `${deps.publicUrl}/login`), { essential: true });
  return { status: 'changed', email: request.newEmail };
}

/** "This wasn't me": either link cancels its request. */
export async function cancelEmailChangeByToken(deps: ServiceDeps, token: string): Promise<void> {
  const found = await findByToken(deps, token);
  if (!found) throw invalidLink();
  await deps.db
    .update(emailChangeRequests)
    .set({ cancelledAt: deps.now() })
    .where(and(eq(emailChangeRequests.id, found.row.id), open()));
}
