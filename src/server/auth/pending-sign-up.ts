import { and, eq } from 'drizzle-orm';
import { sendVerificationEmailFn } from 'better-auth/api';
import type { z } from 'zod';
import type { signUpRules } from '../../shared/contracts/account';
import type { ServiceDeps } from '../deps';
import { accounts, users } from '../db/schema';

/**
 * Pre-account hijacking: someone signs up with another person's address first and keeps the
 * password; when the owner signs up later, Better Auth gives them its generic "check your e-mail"
 * answer and nothing else, and once the owner verifies from a later mail the attacker's password works.
 *
 * An unverified account proves nothing about who chose its password, so a new sign-up for that
 * address replaces the pending password and names, and a fresh verification e-mail goes out. Better
 * Auth then carries on and answers as it does for any existing address, which looks like a new
 * sign-up. A verified account is left alone (Better Auth's generic answer, no change).
 */

/** Better Auth's endpoint context, as its hooks receive it. */
type HookContext = Parameters<typeof sendVerificationEmailFn>[0];

/** `signUp` is the body as the sign-up rules passed it (src/shared/contracts/account.ts), so the password is one Better Auth accepts. */
export async function replacePendingSignUp(
  ctx: HookContext,
  { db, now }: ServiceDeps,
  signUp: z.output<typeof signUpRules>,
): Promise<void> {
  const names = { firstName: signUp.firstName, lastName: signUp.lastName };
  const email = signUp.email.toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user || user.emailVerified) return;

  const hash = await ctx.context.password.hash(signUp.password);
  const name = `${names.firstName} ${names.lastName}`.trim() || user.name;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: names.firstName, lastName: names.lastName, name, updatedAt: now() })
      .where(eq(users.id, user.id));
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: now() })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')));
  });
  await sendVerificationEmailFn(ctx, { ...user, name });
}
