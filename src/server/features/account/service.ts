import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { CourseLevel } from '../../../shared/constants';
import { HttpError } from '../../lib/http';

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

/** The student's course level, which decides the decks and questions they see. */
export async function courseLevelOf(db: Db, userId: string): Promise<CourseLevel> {
  const [u] = await db.select({ courseLevel: users.courseLevel }).from(users).where(eq(users.id, userId));
  if (!u) throw new HttpError(404, 'NOT_FOUND', 'Profile not found.');
  return u.courseLevel as CourseLevel;
}
