import type { ReviewStatsResponse } from '@shared/contracts/review';
import type { Session } from './session';

/**
 * The one set of figures /review shows (docs/product.md §10.5). Today's come from the session on the phone once it is there
 * (so they move with each answer, offline too) and from the server's figures before — the server counts them as the queue
 * is built, so both give the same numbers; the coming week and retention come from the server.
 */
export interface ReviewFigures {
  /** cards and questions still to do today: the ones seen before (due) and the new ones */
  left: { due: number; new: number };
  done: number;
  /** due after today, within the next 7 days; null until the server's figures arrive */
  nextWeek: number | null;
  retention: { share: number | null; goal: number; reviews: number } | null;
}

export function reviewFigures(session: Session | null, stats: ReviewStatsResponse | undefined): ReviewFigures | null {
  if (!session && !stats) return null;
  const left = session
    ? { due: session.items.filter((i) => i.card.state !== 0).length, new: session.items.filter((i) => i.card.state === 0).length }
    : { due: stats!.dueToday, new: stats!.newToday };
  return {
    left,
    done: session ? session.done : stats!.reviewsToday,
    nextWeek: stats ? stats.dueNextWeek : null,
    retention: stats ? { share: stats.trueRetention, goal: stats.desiredRetention, reviews: stats.retentionReviews } : null,
  };
}

const percent = (x: number) => `${Math.round(x * 100)} %`;

/** "Retention over the last 30 days: 87 % (goal 90 %)", or that it is not measured yet. */
export function retentionText(r: NonNullable<ReviewFigures['retention']>): string {
  const measured = r.share === null ? 'not measured yet' : percent(r.share);
  return `Retention over the last 30 days: ${measured} (goal ${percent(r.goal)})`;
}

/** What the retention counts, in a line under it. */
export function retentionNote(r: NonNullable<ReviewFigures['retention']>): string {
  return r.share === null
    ? 'It counts your reviews of cards you had already learned; there are none yet.'
    : `Share of ${r.reviews} review${r.reviews === 1 ? '' : 's'} of learned cards you remembered.`;
}
