import { Link } from 'react-router';
import { MAX_RANK_TEXT, RANKS } from '@shared/streak';
import type { HomeResponse } from '@shared/contracts/home';
import { Icon } from '../../components/icon';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The streak and the study figures of home (docs/product.md, Home). The streak counts the days in a row the student opened
 * the app (a home visit, as the specification's streak rule has it), not days of study, so it says so; the figures count the
 * cards and the questions as the student studied them, with the day's review beside them.
 */
export function StudyStats({
  streak,
  stats,
  reviewCount,
}: {
  streak: HomeResponse['streak'] | undefined;
  /** a copy kept on the phone before questions were counted may lack them: those figures wait for the server */
  stats: (Omit<HomeResponse['stats'], 'questionsAnswered' | 'questionsCorrect'> & Partial<HomeResponse['stats']>) | null | undefined;
  reviewCount: number | undefined;
}) {
  const rankStart = RANKS.find((r) => r.name === streak?.rank)?.days ?? 0;
  const progress = streak?.next ? Math.round(((streak.days - rankStart) / (streak.days + streak.next.daysTo - rankStart)) * 100) : 100;
  const questions = stats?.questionsAnswered;
  return (
    <section className="rounded-card bg-surface p-5 shadow-lg shadow-navy-900/5 ring-1 ring-line/70" aria-label="Streak and stats">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="text-sm font-semibold text-muted">Log-in streak</p>
          <p className="mt-0.5 text-3xl font-bold tracking-tight" data-testid="streak-days">
            {streak ? plural(streak.days, 'day') : <span className="inline-block h-8 w-24 animate-pulse rounded bg-navy-50" />}
          </p>
          <p className="text-xs text-muted">Days in a row you opened MedicPrep</p>
        </div>
        <span className="flex size-14 items-center justify-center rounded-2xl bg-signal-50 text-signal-500" aria-hidden="true">
          <Icon name="flame" className="size-8" />
        </span>
      </div>
      {streak && (
        <div className="mt-3">
          <div className="h-2 overflow-hidden rounded-full bg-navy-50" aria-hidden="true">
            <div className="h-full rounded-full bg-signal-500 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1.5 text-sm text-muted">
            {streak.next ? `${plural(streak.next.daysTo, 'day')} to ${streak.next.name}` : MAX_RANK_TEXT}
          </p>
        </div>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Your study">
        <Figure label="Cards Studied" value={stats ? String(stats.cardsStudied) : '–'} note="in the decks and on review" />
        <Figure label="Questions Answered" value={questions === undefined ? '–' : String(questions)} note="practice, review and exams" />
        <Figure
          label="Accuracy"
          value={stats && questions !== undefined ? `${stats.accuracy}%` : '–'}
          note={stats && stats.cardsStudied + (questions ?? 0) > 0 ? 'cards and questions together' : 'nothing answered yet'}
        />
        <div className="rounded-xl bg-navy-50 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wider text-muted">Due for review</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Link to="/review" className="underline decoration-line underline-offset-4 hover:decoration-navy-900">
              {reviewCount === undefined ? '–' : reviewCount}
            </Link>
          </dd>
          <dd className="text-xs text-muted">today</dd>
        </div>
      </dl>
    </section>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="rounded-xl bg-navy-50 p-3">
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      <dd className="text-xs text-muted">{note}</dd>
    </div>
  );
}
