import type { ProgressResponse } from '@shared/contracts/progress';

const weekDate = (weekStart: string, month: 'short' | 'numeric') =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString(undefined, { month, day: 'numeric', timeZone: 'UTC' });
const weekLabel = (weekStart: string) => weekDate(weekStart, 'short');

/**
 * The last eight weeks' questions as bars (the minutes under each), the current week last; with nothing studied yet, one
 * sentence instead of a row of zeros. The bars are a list a screen reader reads week by week.
 */
export function WeeklyBars({ weeks }: { weeks: ProgressResponse['weeks'] }) {
  const most = Math.max(...weeks.map((w) => w.questions));
  if (most === 0) {
    return (
      <p className="mt-2 text-[15px] text-muted">
        Nothing in the last {weeks.length} weeks yet. Each week you answer questions adds a bar here, with the minutes you spent on them.
      </p>
    );
  }
  const total = weeks.reduce((n, w) => n + w.questions, 0);
  const minutes = weeks.reduce((n, w) => n + w.minutes, 0);
  return (
    <figure className="mt-3">
      <ol className="flex h-44 items-end gap-1.5" aria-label="Questions answered each week">
        {weeks.map((w, i) => {
          const current = i === weeks.length - 1;
          return (
            <li
              key={w.weekStart}
              className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1"
              aria-label={`Week of ${weekLabel(w.weekStart)}${current ? ' (this week)' : ''}: ${w.questions} questions, ${w.minutes} minutes`}
            >
              <span className="text-xs font-bold tabular-nums text-navy-900" aria-hidden="true">
                {w.questions > 0 ? w.questions : ''}
              </span>
              <span className="relative w-full flex-1" aria-hidden="true">
                <span
                  data-bar
                  className={`absolute inset-x-0 bottom-0 rounded-t-md ${current ? 'bg-signal-500' : 'bg-navy-700'}`}
                  style={{ height: `${w.questions === 0 ? 2 : Math.max(4, (w.questions / most) * 100)}%` }}
                />
              </span>
              <span className="w-full truncate text-center text-[11px] text-muted" aria-hidden="true">
                {/* "11/30": eight of them fit under the bars on a phone */}
                {weekDate(w.weekStart, 'numeric')}
              </span>
              <span className="text-[11px] tabular-nums text-muted" aria-hidden="true">
                {w.minutes > 0 ? `${w.minutes} min` : '\u00a0'}
              </span>
            </li>
          );
        })}
      </ol>
      <figcaption className="mt-2 text-xs text-muted">
        Questions answered each week (this week in red), with the minutes spent on them: {total} questions and {minutes} minutes in{' '}
        {weeks.length} weeks.
      </figcaption>
    </figure>
  );
}
