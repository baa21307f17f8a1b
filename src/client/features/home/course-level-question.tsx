import { COURSE_LEVELS, type CourseLevel } from '@shared/constants';
import { Alert } from '../../components/ui/alert';
import { userMessage } from '../../lib/user-message';
import { useSetCourseLevel } from './api/set-course-level';

/**
 * Asked once, on the first home visit after sign-up (docs/product.md §10.1): sign-up records Paramedic, and an EMT student would
 * otherwise never see their decks. One tap saves the answer; it can be changed later in the profile.
 */
export function CourseLevelQuestion({ current, onDone }: { current: CourseLevel; onDone: () => void }) {
  const save = useSetCourseLevel({ onSuccess: onDone });
  return (
    <section
      className="rounded-card bg-surface p-5 shadow-lg shadow-navy-900/5 ring-1 ring-line/70"
      aria-labelledby="course-level-question"
    >
      <h2 id="course-level-question" className="text-lg font-bold">
        Which exam are you preparing for?
      </h2>
      <p className="mt-1 text-sm text-muted">We show the decks of your exam. You can change this later in your Profile.</p>
      <div className="mt-4 grid grid-cols-3 gap-2" role="group" aria-label="Course level">
        {COURSE_LEVELS.map((level) => (
          <button
            key={level}
            type="button"
            disabled={save.isPending}
            aria-pressed={save.variables?.courseLevel === level}
            onClick={() => save.mutate({ courseLevel: level })}
            className={`min-h-12 rounded-xl px-3 font-semibold ring-1 transition-colors disabled:opacity-60 ${
              level === current ? 'bg-navy-50 ring-navy-600' : 'bg-white ring-line hover:bg-navy-50'
            }`}
          >
            {level}
          </button>
        ))}
      </div>
      {save.isError && (
        <Alert tone="error" className="mt-3">
          {userMessage(save.error, 'Your answer could not be saved. Try again.')}
        </Alert>
      )}
      <button type="button" className="mt-3 py-2 text-sm font-semibold text-navy-700 underline" onClick={onDone}>
        Not now
      </button>
    </section>
  );
}
