import { eq, sql } from 'drizzle-orm';
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

type VisitState = { currentStreak: number; lastLogin: Date | null; timeZone: string | null };

/**
 * The streak step of a home visit (docs/product.md §4): compares the last login day with today in the student's time zone,
 * saves the streak and the login, and awards every streak badge now reached (once; earned badges are kept forever). Days
 * are counted in the zone of the last visit: a visit from another zone keeps or resets the streak but does not add to it,
 * so hopping between zones cannot count several days in one.
 *
 * One statement when nothing raced it: the streak is computed from `known` (the state the session lookup read with the
 * user), and the update applies only if the row still holds that state, awarding the badges in the same statement. A
 * visit that lost a race (two tabs at once) reads the row again and tries once more, so two visits never both count a day.
 */
export async function recordVisit({ db, now: clock }: ServiceDeps, userId: string, timeZone: string, known?: VisitState) {
  const now = clock();
  let state = known;
  for (let attempt = 0; ; attempt++) {
    if (!state) {
      const [u] = await db
        .select({ currentStreak: users.currentStreak, lastLogin: users.lastLogin, timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, userId));
      if (!u) throw new HttpError(404, ERROR_CODES.notFound, 'Profile not found.');
      state = u;
    }
    const previous = state.currentStreak;
    // a zone stored before zones were checked, that Node no longer knows, counts as UTC rather than failing the visit
    const stored = state.timeZone === null ? null : isValidTimeZone(state.timeZone) ? state.timeZone : 'UTC';
    const zoneChanged = stored !== null && stored !== timeZone;
    const counted = nextStreak(state.lastLogin, previous, now, stored ?? timeZone).streak;
    const streak = zoneChanged && counted > previous ? Math.max(previous, 1) : counted;
    const { rows } = await db.execute<{ updated: boolean; awarded: { id: number; name: string; imageUrl: string }[] }>(sql`
      with visit as (
        update ${users} set current_streak = ${streak}, last_login = ${now.toISOString()}::timestamptz, time_zone = ${timeZone}
        where id = ${userId} and current_streak = ${previous}
          -- the driver reads a timestamp to the millisecond, truncating: compare it so
          and date_trunc('milliseconds', last_login) is not distinct from ${state.lastLogin?.toISOString() ?? null}::timestamptz
          and time_zone is not distinct from ${state.timeZone}::text
        returning id
      ),
      earned as (
        insert into ${userBadges} (user_id, badge_id, earned_at)
        select visit.id, b.id, ${now.toISOString()}::timestamptz from ${badges} b, visit where b.streak_days <= ${streak}
        on conflict do nothing
        returning badge_id
      )
      select exists (select 1 from visit) as updated,
        coalesce((select json_agg(json_build_object('id', b.id, 'name', b.name, 'imageUrl', b.image_url) order by b.sort_order)
          from ${badges} b join earned on earned.badge_id = b.id), '[]'::json) as awarded`);
    const row = rows[0]!;
    if (!row.updated) {
      // another visit changed the row since it was read (or the user is gone: the read says so)
      if (attempt >= 10) throw new Error('recordVisit: the streak kept changing under the visit');
      state = undefined;
      continue;
    }
    const threshold = crossedThreshold(previous, streak);
    return {
      days: streak,
      rank: rankFor(streak),
      next: nextRank(streak),
      celebration: threshold ? { threshold, rank: rankFor(streak), next: nextRank(streak) } : null,
      newBadges: row.awarded,
    };
  }
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
