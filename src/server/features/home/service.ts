import { asc, eq, lte, sql } from 'drizzle-orm';
import { isValidTimeZone } from '../../../shared/auth-schemas';
import { crossedThreshold, nextRank, nextStreak, rankFor, accuracyPercent } from '../../../shared/streak';
import type { ServiceDeps } from '../../deps';
import { badges, userBadges, userFlashcardInteractions, users } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { ERROR_CODES } from '../../../shared/errors';

/**
 * The streak step of a home visit (docs/product.md §4), in one transaction: compares the last login day
 * with today in the student's time zone, saves the streak and the login, and awards every streak
 * badge now reached (once; earned badges are kept forever). Days are counted in the zone of the last
 * visit: a visit from another zone keeps or resets the streak but does not add to it, so hopping
 * between zones cannot count several days in one.
 */
export async function recordVisit({ db, now: clock }: ServiceDeps, userId: string, timeZone: string) {
  const now = clock();
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({ currentStreak: users.currentStreak, lastLogin: users.lastLogin, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!u) throw new HttpError(404, ERROR_CODES.notFound, 'Profile not found.');
    const previous = u.currentStreak;
    // a zone stored before zones were checked, that Node no longer knows, counts as UTC rather than failing the visit
    const stored = u.timeZone === null ? null : isValidTimeZone(u.timeZone) ? u.timeZone : 'UTC';
    const zoneChanged = stored !== null && stored !== timeZone;
    const counted = nextStreak(u.lastLogin, previous, now, stored ?? timeZone).streak;
    const streak = zoneChanged && counted > previous ? Math.max(previous, 1) : counted;
    await tx.update(users).set({ currentStreak: streak, lastLogin: now, timeZone }).where(eq(users.id, userId));
    const newBadges = await tx
      .insert(userBadges)
      .select(
        tx
          .select({
            userId: sql<string>`${userId}`.as('user_id'),
            badgeId: badges.id,
            earnedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('earned_at'),
          })
          .from(badges)
          .where(lte(badges.streakDays, streak)),
      )
      .onConflictDoNothing()
      .returning({ badgeId: userBadges.badgeId });
    const awarded = newBadges.length
      ? await tx
          .select({ id: badges.id, name: badges.name, imageUrl: badges.imageUrl })
          .from(badges)
          .where(sql`${badges.id} in ${newBadges.map((b) => b.badgeId)}`)
          .orderBy(asc(badges.sortOrder))
      : [];
    const threshold = crossedThreshold(previous, streak);
    return {
      days: streak,
      rank: rankFor(streak),
      next: nextRank(streak),
      celebration: threshold ? { threshold, rank: rankFor(streak), next: nextRank(streak) } : null,
      newBadges: awarded,
    };
  });
}

export async function studyStats({ db }: ServiceDeps, userId: string) {
  const [row] = await db
    .select({
      studied: sql<number>`count(*) filter (where ${userFlashcardInteractions.isCorrect} or ${userFlashcardInteractions.isWrong})::int`,
      correct: sql<number>`count(*) filter (where ${userFlashcardInteractions.isCorrect})::int`,
      wrong: sql<number>`count(*) filter (where ${userFlashcardInteractions.isWrong})::int`,
      flagged: sql<number>`(select count(*) from item_marks m where m.user_id = ${userId} and m.kind = 'flashcard' and m.mark = 'flag')::int`,
    })
    .from(userFlashcardInteractions)
    .where(eq(userFlashcardInteractions.userId, userId));
  const { studied = 0, correct = 0, wrong = 0, flagged = 0 } = row ?? {};
  return { cardsStudied: studied, correct, wrong, flagged, accuracy: accuracyPercent(correct, wrong) };
}
