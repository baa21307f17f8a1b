import { eq } from 'drizzle-orm';
import type { ProfileResponse } from '../../shared/contracts/profile';
import { COURSE_LEVELS, type CourseLevel } from '../../shared/constants';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** The signed-in user's profile row as the account and profile routes answer it; null when there is none. */
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

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const courseLevel = (v: string): CourseLevel => ((COURSE_LEVELS as readonly string[]).includes(v) ? (v as CourseLevel) : 'Paramedic');

/** The profile as the API sends it (the contract in shared/contracts/profile.ts): dates as ISO strings. */
export function profileJson(p: Profile): ProfileResponse['profile'] {
  return {
    ...p,
    courseLevel: courseLevel(p.courseLevel),
    lastLogin: iso(p.lastLogin),
    expirationDate: iso(p.expirationDate),
    createdAt: p.createdAt.toISOString(),
  };
}
