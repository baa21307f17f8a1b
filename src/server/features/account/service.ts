import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function getProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      courseLevel: users.courseLevel,
      currentStreak: users.currentStreak,
      lastLogin: users.lastLogin,
      subscriptionStatus: users.subscriptionStatus,
      expirationDate: users.expirationDate,
      stripeSubscriptionId: users.stripeSubscriptionId,
      deviceType: users.deviceType,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}
export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;

/** Whether a password-reset token exists and has not expired (the reset screen checks before showing its form). */
export async function isResetTokenValid(auth: Auth, token: string): Promise<boolean> {
  const ctx = await auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(found && new Date(found.expiresAt).getTime() > Date.now());
}
