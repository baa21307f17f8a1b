import type { ReviewItem, ReviewQueueResponse } from '@shared/contracts/review';
import { schedule, showableNow, type ReviewGrade, type SrsCard } from '@shared/srs';

/**
 * The day's review session on the phone (docs/product.md §10.5): the queue fetched once, then worked through without the network. Each
 * answer is scheduled here with the same FSRS rules the server applies (src/shared/srs.ts), so a card failed on the train
 * comes back after its step, and the server, replaying the answers in order, reaches the same states.
 */
export interface Session {
  endOfDay: string;
  desiredRetention: number;
  /** the student's own FSRS weights (null or absent in a session kept before they existed: the defaults) */
  weights?: number[] | null;
  /** the zone the student's days are counted in (decision 090; absent in a session kept before: the phone's own) */
  timeZone?: string;
  showHardEasy: boolean;
  /** reviewed cards (learning steps, due today) and due cards, then new ones */
  items: ReviewItem[];
  /** the first review due after today's queue */
  nextDue: string | null;
  /** reviews given today: the server's count when the queue was fetched, then each answer on this screen */
  done: number;
  /** questions answered and not yet checked by the server, by the answer's client id (they come back with its verdict) */
  checking?: Record<string, ReviewItem>;
}

export function sessionOf(q: ReviewQueueResponse): Session {
  return {
    endOfDay: q.endOfDay,
    desiredRetention: q.desiredRetention,
    weights: q.weights,
    timeZone: q.timeZone,
    showHardEasy: q.showHardEasy,
    items: [...q.due, ...q.new],
    nextDue: q.nextDue,
    // what was done today before this queue was fetched (the decks, practice, an earlier visit): one count with the server's
    done: q.doneToday ?? 0,
  };
}

const cardOf = (c: ReviewItem['card']): SrsCard => ({
  ...c,
  due: new Date(c.due),
  lastReview: c.lastReview ? new Date(c.lastReview) : null,
});
const jsonOf = (c: SrsCard): ReviewItem['card'] => ({
  ...c,
  due: c.due.toISOString(),
  lastReview: c.lastReview ? c.lastReview.toISOString() : null,
});

/**
 * What the server computes for the same answer (src/server/lib/srs.ts calls the same `schedule`): the student's retention,
 * weights and zone, the item's kind and key (the fuzz's seed, decision 092).
 */
export function scheduleOnPhone(s: Session, item: ReviewItem, grade: ReviewGrade, now: Date) {
  return schedule(cardOf(item.card), grade, now, {
    retention: s.desiredRetention,
    weights: s.weights,
    timeZone: s.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    kind: item.kind,
    key: item.key,
  });
}

/** The card to show now: the first in the queue whose time has come (a learning step waits for its minute). */
export function current(s: Session, now: Date): ReviewItem | undefined {
  return s.items.find((i) => showableNow(i.card, now));
}

/** The session after `grade` on the current card: it leaves the queue unless its next step is still today. */
export function answered(s: Session, item: ReviewItem, grade: ReviewGrade, now: Date): Session {
  const next = { ...item, card: jsonOf(scheduleOnPhone(s, item, grade, now).card) };
  return placed({ ...s, done: s.done + 1 }, next);
}

/**
 * A question answered (decision 079): only the server knows whether it was right, so it leaves the queue now and comes back
 * with the state the server sends (`requeued`), whenever that arrives — at once online, when the connection returns offline.
 */
export function answeredQuestion(s: Session, item: ReviewItem, clientId: string): Session {
  return {
    ...s,
    items: s.items.filter((i) => !(i.kind === item.kind && i.key === item.key)),
    done: s.done + 1,
    checking: { ...s.checking, [clientId]: item },
  };
}

/** The session once the server has scheduled a question: back in due order if its next step is still today. */
export function requeued(s: Session, clientId: string, card: ReviewItem['card'] | null): Session {
  const item = s.checking?.[clientId];
  if (!item) return s;
  const checking = { ...s.checking };
  delete checking[clientId];
  return card ? placed({ ...s, checking }, { ...item, card }) : { ...s, checking };
}

/** `next` put in its place: in due order among the cards already seen (ahead of the new ones) if due today, else out. */
function placed(s: Session, next: ReviewItem): Session {
  const rest = s.items.filter((i) => !(i.kind === next.kind && i.key === next.key));
  const stays = new Date(next.card.due) < new Date(s.endOfDay);
  let items = rest;
  if (stays) {
    const at = rest.findIndex((i) => i.card.state === 0 || new Date(i.card.due) > new Date(next.card.due));
    items = at === -1 ? [...rest, next] : [...rest.slice(0, at), next, ...rest.slice(at)];
  }
  const nextDue = !stays && (!s.nextDue || next.card.due < s.nextDue) ? next.card.due : s.nextDue;
  return { ...s, items, nextDue };
}

/** When the next review is due once nothing shows now: a learning step later today, or the first card of a later day. */
export function nextReviewAt(s: Session): string | null {
  const dues = [...s.items.map((i) => i.card.due), ...(s.nextDue ? [s.nextDue] : [])].sort();
  return dues[0] ?? null;
}
