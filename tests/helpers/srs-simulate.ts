import { dateDiffInDays, forgetting_curve, fsrs, type FSRSState } from 'ts-fsrs';

import { seededRandom } from '../../src/shared/seeded-random';
import { newSrsCard, schedule, STATE, type SrsCard } from '../../src/shared/srs';

// Generated review logs for the srs:evaluate / srs:optimize tests (decision 076): simulated students whose memory
// follows FSRS-6 with KNOWN weights (not the defaults), studying with the app's scheduler (default weights, retention 0.9,
// Anki's learning steps) and answering each review Correct with the recall probability their true memory gives it, drawn
// from a seeded generator. The logs are what srs_review_logs would hold. `npx tsx tests/fixtures/srs/write-generated.ts`
// writes them to tests/fixtures/srs/generated-revlog.csv, which tests/fixtures/srs/metrics_reference.py scores.

export interface SimulatedStudent {
  name: string;
  seed: number;
  /** the weights their memory truly follows */
  trueWeights: number[];
  days: number;
  newPerDay: number;
  /** chance that they study on a given day (missed days make reviews late, spreading the intervals) */
  studyChance: number;
}

export interface GeneratedLog {
  student: string;
  card: string;
  grade: number;
  reviewedAt: Date;
  elapsedDays: number;
  before: SrsCard;
  after: SrsCard;
}

/** FSRS-6 defaults with stabilities a third as long and a steeper curve: a student who forgets sooner than FSRS expects. */
export const FORGETFUL = [
  0.1, 0.43, 0.77, 2.77, 6.4133, 0.8334, 3.0194, 0.001, 1.5, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912,
  0.0658, 0.3,
];
/** Longer stabilities and a flatter curve: a student who remembers better than FSRS expects. */
export const RETENTIVE = [
  0.6, 3.5, 6.5, 20, 5.5, 0.8334, 2.5, 0.001, 2.2, 0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658,
  0.12,
];

export const STUDENTS: SimulatedStudent[] = [
  { name: 'forgetful', seed: 18, trueWeights: FORGETFUL, days: 40, newPerDay: 10, studyChance: 0.8 },
  { name: 'retentive', seed: 76, trueWeights: RETENTIVE, days: 50, newPerDay: 12, studyChance: 0.7 },
  { name: 'beginner', seed: 5, trueWeights: FORGETFUL, days: 5, newPerDay: 10, studyChance: 1 },
];

const START = Date.UTC(2026, 0, 5, 8, 0, 0);
const MINUTE = 60_000;

/** One student's review logs, in the order given. */
export function simulate(st: SimulatedStudent): GeneratedLog[] {
  const rng = seededRandom(st.seed); // the same logs on every run
  const truth = fsrs({ w: st.trueWeights, enable_short_term: true });
  const cards: { key: string; card: SrsCard; memory: FSRSState | null }[] = [];
  const logs: GeneratedLog[] = [];
  let introduced = 0;
  for (let day = 0; day < st.days; day++) {
    if (rng() >= st.studyChance) continue;
    const sessionStart = START + day * 86_400_000 + Math.floor(rng() * 120) * MINUTE;
    const dayEnd = START + (day + 1) * 86_400_000 - 8 * 3_600_000; // 00:00 UTC next day
    for (let n = 0; n < st.newPerDay; n++) {
      const key = `${st.name[0]}${++introduced}`;
      cards.push({ key, card: newSrsCard(new Date(sessionStart)), memory: null });
    }
    let clock = sessionStart;
    // work through the day: due cards and new ones now, learning steps when their minute comes; one review a minute
    const ready = (c: (typeof cards)[number]) => (c.card.state === STATE.new ? clock : Math.max(clock, c.card.due.getTime()));
    for (;;) {
      const next = cards
        .filter((c) => c.card.state === STATE.new || c.card.due.getTime() < dayEnd)
        .sort((a, b) => ready(a) - ready(b) || a.card.state - b.card.state || a.key.localeCompare(b.key))
        .at(0);
      if (!next || ready(next) >= dayEnd) break;
      const at = new Date(ready(next));
      clock = at.getTime() + MINUTE;
      const t = next.card.lastReview ? Math.max(0, dateDiffInDays(next.card.lastReview, at)) : 0;
      // the first sight of a card: recalled three times in four; afterwards as the student's true memory says
      const recall = next.memory ? forgetting_curve(truth.parameters.w, t, next.memory.stability) : 0.75;
      const rating = rng() < recall ? 3 : 1;
      const { card, elapsedDays } = schedule(next.card, rating === 3 ? 'good' : 'again', at, { retention: 0.9, fuzz: false });
      logs.push({ student: st.name, card: next.key, grade: rating, reviewedAt: at, elapsedDays, before: next.card, after: card });
      next.memory = truth.next_state(next.memory, next.memory ? t : 0, rating);
      next.card = card;
    }
  }
  return logs;
}

/** The logs as the CSV the Python reference reads: student, card, grade, elapsed days (one line a review, in order). */
export function toCsv(logs: GeneratedLog[]): string {
  return ['student,card,grade,elapsed_days', ...logs.map((l) => `${l.student},${l.card},${l.grade},${l.elapsedDays}`)].join('\n') + '\n';
}
