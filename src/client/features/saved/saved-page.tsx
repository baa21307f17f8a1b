import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ContentLevel, MarkKind } from '@shared/constants';
import type { SavedFlashcard, SavedQuestion, SavedScenario, SavedVideo } from '@shared/contracts/saved';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { SaveStar } from '../../components/save-star';
import { Icon } from '../../components/icon';
import { useOnline } from '../../lib/use-online';
import { userMessage } from '../../lib/user-message';
import { useSavedList, type SavedWrite } from '../../lib/saved';
import { useStartSavedPractice } from './api/start-saved-practice';

const KIND_LABEL: Record<MarkKind, string> = { flashcard: 'Flashcards', question: 'Questions', scenario: 'Scenarios', video: 'Videos' };

/** Keeps a row on the list while its star is cleared on this device, so a slip of the thumb can be undone. */
const stillSaved = (pending: SavedWrite[], kind: MarkKind, key: string) => {
  const last = pending.filter((w) => w.kind === kind && w.key === key).at(-1);
  return last ? last.saved : true;
};

/**
 * /saved (decision 102): what the student starred, by kind with counts; each opens where it lives (a card turns over here,
 * a question opens as a one-item practice, a scenario at its start, a video in its player), the cards study as a deck and
 * the questions as a practice session.
 */
export default function SavedPage() {
  const list = useSavedList();
  const online = useOnline();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const practice = useStartSavedPractice({
    onMutate: () => setFailure(null),
    onSuccess: (session) => navigate(`/questions?session=${session.id}`),
    onError: (err) => setFailure(userMessage(err, 'Could not start the practice right now. Check your connection and try again.')),
  });
  const data = list.data;
  const pending = list.pending;
  const count = (kind: MarkKind, keys: string[]) => keys.filter((k) => stillSaved(pending, kind, k)).length;
  const listed = new Set(data ? [...data.flashcards, ...data.questions, ...data.scenarios, ...data.videos].map((i) => i.key) : []);
  const waiting = pending.filter((w) => w.saved && !listed.has(w.key)).length;
  const counts = data && {
    flashcard: count(
      'flashcard',
      data.flashcards.map((c) => c.key),
    ),
    question: count(
      'question',
      data.questions.map((q) => q.key),
    ),
    scenario: count(
      'scenario',
      data.scenarios.map((s) => s.key),
    ),
    video: count(
      'video',
      data.videos.map((v) => v.key),
    ),
  };
  const total = counts ? counts.flashcard + counts.question + counts.scenario + counts.video : 0;
  const questionLevels = data ? [...new Set(data.questions.map((q) => q.level))] : [];

  return (
    <>
      <ScreenHeader title="Saved" subtitle="What you starred, ready to study again." />
      <main className="mx-auto w-full max-w-2xl space-y-5 px-4 py-5">
        {(!online || data?.fromDevice) && data && <Alert tone="info">You are offline: this is the list as this device last saw it.</Alert>}
        {waiting > 0 && (
          <Alert tone="info">
            {waiting === 1 ? '1 item saved on this device appears' : `${waiting} items saved on this device appear`} here once it is back
            online.
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
        {list.isPending && (
          <div className="h-72 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-label="Loading saved items" />
        )}
        {list.isError && !data && (
          <Alert tone="error">
            {userMessage(list.error, 'Your saved items could not be loaded.')}{' '}
            <button className="font-semibold underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {data && counts && (
          <>
            <nav aria-label="Saved by kind" className="grid grid-cols-4 gap-2">
              {(Object.keys(KIND_LABEL) as MarkKind[]).map((kind) => (
                <a
                  key={kind}
                  href={`#saved-${kind}`}
                  className="flex flex-col items-center rounded-2xl bg-surface px-1 py-3 text-center ring-1 ring-line/70 hover:ring-navy-600/30"
                >
                  <span className="text-2xl font-bold tabular-nums text-navy-900">{counts[kind]}</span>
                  <span className="text-xs font-semibold text-muted">{KIND_LABEL[kind]}</span>
                </a>
              ))}
            </nav>
            {total === 0 && waiting === 0 && (
              <div className="rounded-card bg-surface p-6 text-center ring-1 ring-line/70">
                <Icon name="star" className="mx-auto size-8 text-amber-600" />
                <p className="mt-2 text-lg font-semibold text-navy-900">Nothing saved yet</p>
                <p className="mt-1 text-[15px] text-muted">
                  Tap the star beside the flag on a flashcard, question, scenario or video to keep it here.
                </p>
              </div>
            )}
            <Section kind="flashcard" count={counts.flashcard} rows={data.flashcards.length}>
              {counts.flashcard > 0 && (
                <ButtonLink to="/flashcards?filter=saved" size="lg">
                  Study saved flashcards
                </ButtonLink>
              )}
              {data.flashcards.map((c) => (
                <CardRow key={c.key} card={c} />
              ))}
            </Section>
            <Section kind="question" count={counts.question} rows={data.questions.length}>
              {counts.question > 0 &&
                questionLevels.map((level) => (
                  <Button
                    key={level}
                    size="lg"
                    loading={practice.isPending && practice.variables?.key === undefined && practice.variables?.level === level}
                    onClick={() => practice.mutate({ level })}
                  >
                    {questionLevels.length > 1 ? `Practice saved ${level} questions` : 'Practice saved questions'}
                  </Button>
                ))}
              {data.questions.map((q) => (
                <QuestionRow key={q.key} question={q} onOpen={(level, key) => practice.mutate({ level, key })} />
              ))}
            </Section>
            <Section kind="scenario" count={counts.scenario} rows={data.scenarios.length}>
              {data.scenarios.map((s) => (
                <ScenarioRow key={s.key} scenario={s} />
              ))}
            </Section>
            <Section kind="video" count={counts.video} rows={data.videos.length}>
              {data.videos.map((v) => (
                <VideoRow key={v.key} video={v} />
              ))}
            </Section>
          </>
        )}
      </main>
    </>
  );
}

function Section({ kind, count, rows, children }: { kind: MarkKind; count: number; rows: number; children: ReactNode }) {
  if (rows === 0) return null;
  return (
    <section id={`saved-${kind}`} aria-labelledby={`saved-${kind}-heading`} className="scroll-mt-4 space-y-3">
      <h2 id={`saved-${kind}-heading`} className="flex items-baseline gap-2 text-lg font-bold text-navy-900">
        {KIND_LABEL[kind]}
        <span className="text-sm font-semibold text-muted">{count}</span>
      </h2>
      {children}
    </section>
  );
}

const row = 'flex items-center gap-2 rounded-2xl bg-surface p-2 pl-4 ring-1 ring-line/70';

function CardRow({ card }: { card: SavedFlashcard }) {
  const [turned, setTurned] = useState(false);
  return (
    <div className={row}>
      <button type="button" aria-expanded={turned} onClick={() => setTurned((t) => !t)} className="min-w-0 flex-1 py-2 text-left">
        <span className="block text-xs font-semibold uppercase tracking-wide text-muted">
          {card.category} · {turned ? 'Back' : 'Front'}
        </span>
        <span className="mt-0.5 block text-[15px] leading-snug text-ink">{turned ? card.back : card.front}</span>
      </button>
      <SaveStar kind="flashcard" itemKey={card.key} label="this card" />
    </div>
  );
}

function QuestionRow({ question, onOpen }: { question: SavedQuestion; onOpen: (level: ContentLevel, key: string) => void }) {
  return (
    <div className={row}>
      <button type="button" onClick={() => onOpen(question.level, question.key)} className="min-w-0 flex-1 py-2 text-left">
        <span className="block text-xs font-semibold uppercase tracking-wide text-muted">
          {question.domain} · {question.topic}
        </span>
        <span className="mt-0.5 line-clamp-3 block text-[15px] leading-snug text-ink">{question.stem}</span>
      </button>
      <SaveStar kind="question" itemKey={question.key} label="this question" />
    </div>
  );
}

function ScenarioRow({ scenario }: { scenario: SavedScenario }) {
  return (
    <div className={row}>
      <Link to={`/scenarios/${scenario.key}`} className="min-w-0 flex-1 py-2">
        <span className="block text-xs font-semibold uppercase tracking-wide text-muted">{scenario.group}</span>
        <span className="mt-0.5 block text-[15px] font-semibold leading-snug text-navy-900">{scenario.name}</span>
        <span className="block text-sm text-muted">{scenario.title}</span>
      </Link>
      <SaveStar kind="scenario" itemKey={scenario.key} label="this scenario" />
    </div>
  );
}

function VideoRow({ video }: { video: SavedVideo }) {
  return (
    <div className={row}>
      <Link to={`/videos?play=${encodeURIComponent(video.key)}`} className="flex min-w-0 flex-1 items-center gap-3 py-1">
        <img src={video.thumbnailUrl} alt="" loading="lazy" className="aspect-video w-24 shrink-0 rounded-lg bg-navy-900 object-cover" />
        <span className="min-w-0">
          <span className="line-clamp-2 block text-[15px] font-semibold leading-snug text-navy-900">{video.title}</span>
          <span className="block text-sm text-muted">
            {video.category} · {video.duration}
          </span>
        </span>
      </Link>
      <SaveStar kind="video" itemKey={video.key} label="this video" />
    </div>
  );
}
