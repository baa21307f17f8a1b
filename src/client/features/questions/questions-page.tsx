import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useFeatureSession } from '../../lib/use-feature-session';
import { useCurrentSession } from './api/get-current-session';
import { useSession } from './api/get-session';
import { QuizScreen } from './quiz-screen';
import { ResultsScreen } from './results-screen';
import { SetupScreen } from './setup-screen';

/**
 * /questions: the setup, or with `?session=<id>` that session — its quiz, or its results once completed.
 * The session lives on the server, so a reload (or another device) resumes it where it was.
 */
export default function QuestionsPage() {
  useFeatureSession('question');
  const [params, setParams] = useSearchParams();
  const id = params.get('session');
  if (id) return <SessionView key={id} id={id} />;
  return (
    <Setup
      onStarted={(session) => {
        setParams({ session: session.id });
        window.scrollTo({ top: 0 });
      }}
    />
  );
}

function Setup({ onStarted }: { onStarted: Parameters<typeof SetupScreen>[0]['onStarted'] }) {
  const current = useCurrentSession();
  return <SetupScreen onStarted={onStarted} current={current.data ?? null} />;
}

function SessionView({ id }: { id: string }) {
  const q = useSession(id);
  if (q.isPending)
    return (
      <>
        <ScreenHeader title="Question Bank" backTo="/questions" />
        <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5" aria-busy="true" aria-label="Loading">
          <div className="h-1.5 rounded-full bg-navy-100" />
          <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
        </main>
      </>
    );
  if (q.isError)
    return (
      <>
        <ScreenHeader title="Question Bank" backTo="/questions" />
        <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
          <LoadError error={q.error} fallback="Failed to load this practice session." onRetry={q.refetch} retrying={q.isFetching} />
          <ButtonLink to="/questions" size="lg">
            Start a new session
          </ButtonLink>
        </main>
      </>
    );
  const session = q.data;
  if (session.completedAt && session.results) return <ResultsScreen session={session} results={session.results} />;
  return <QuizScreen session={session} />;
}
