import { asc, eq, lte, sql } from 'drizzle-orm';
import { isValidTimeZone } from '../../../shared/auth-schemas';
import { crossedThreshold, nextRank, nextStreak, rankFor, accuracyPercent } from '../../../shared/streak';
import type { ServiceDeps } from '../../deps';
import {
  badges,
  examItems,
  exams,
  questionAttempts,
  questionSessions,
  srsReviewLogs,
  userBadges,
  userFlashcardInteractions,
  users,
} from '../../db/schema';
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

/**
 * What home counts as the student's study (docs/product.md, Home): the cards marked in the decks or on /review (each card's
 * last mark), and every question answered — in practice, on /review and in ended practice exams. A timed quiz still running
 * and an open exam are left out: their verdicts are not told before they end, and home must not tell them either.
 */
export async function studyStats({ db }: ServiceDeps, userId: string) {
  const { rows } = await db.execute<{
    studied: number;
    correct: number;
    wrong: number;
    flagged: number;
    practice: number;
    practice_right: number;
    exam: number;
    exam_right: number;
    review: number;
    review_right: number;
  }>(sql`
    with cards as (
      select
        count(*) filter (where ${userFlashcardInteractions.isCorrect} or ${userFlashcardInteractions.isWrong})::int as studied,
        count(*) filter (where ${userFlashcardInteractions.isCorrect})::int as correct,
        count(*) filter (where ${userFlashcardInteractions.isWrong})::int as wrong,
        (select count(*) from item_marks m where m.user_id = ${userId} and m.kind = 'flashcard' and m.mark = 'flag')::int as flagged
      from ${userFlashcardInteractions} where ${userFlashcardInteractions.userId} = ${userId}),
    practice as (
      select count(*)::int as n, count(*) filter (where a.correct)::int as right_n
      from ${questionAttempts} a join ${questionSessions} qs on qs.id = a.session_id
      where a.user_id = ${userId} and (qs.time_limit_s is null or qs.completed_at is not null)),
    exam as (
      select count(*)::int as n, count(*) filter (where ei.correct)::int as right_n
      from ${examItems} ei join ${exams} e on e.id = ei.exam_id
      where e.user_id = ${userId} and e.ended_at is not null and ei.correct is not null),
    review as (
      select count(*)::int as n, count(*) filter (where l.grade > 1)::int as right_n
      from ${srsReviewLogs} l where l.user_id = ${userId} and l.item_kind = 'question' and l.source = 'review')
    select cards.*, practice.n as practice, practice.right_n as practice_right, exam.n as exam, exam.right_n as exam_right,
      review.n as review, review.right_n as review_right
    from cards, practice, exam, review`);
  const r = rows[0]!;
  const cardsStudied = Number(r.studied);
  const correct = Number(r.correct);
  const wrong = Number(r.wrong);
  const questionsAnswered = Number(r.practice) + Number(r.exam) + Number(r.review);
  const questionsCorrect = Number(r.practice_right) + Number(r.exam_right) + Number(r.review_right);
  return {
    cardsStudied,
    correct,
    wrong,
    flagged: Number(r.flagged),
    questionsAnswered,
    questionsCorrect,
    accuracy: accuracyPercent(correct + questionsCorrect, wrong + questionsAnswered - questionsCorrect),
  };
}
