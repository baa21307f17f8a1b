import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALL_CATEGORIES, FLASHCARD_CATEGORIES, type FeatureType } from '@shared/constants';
import { applyCardAction, nextIndex, previousIndex, type CardAction, type Deck } from '@shared/flashcards';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { Toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { session } from '../../lib/storage';
import { track } from '../../lib/tracker';
import { useFeatureSession } from '../../lib/use-feature-session';
import { useOnline } from '../../lib/use-online';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { cardStates } from './api/card-states';
import { useDeckSummary } from './api/get-deck-summary';
import { useUnflagCorrect } from './api/unflag-correct';
import { DeckLoading } from './deck-loading';
import { FlipCard } from './flip-card';
import { SaveStar } from '../../components/save-star';
import { useDeck } from './use-deck';
import { nowDate } from '../../lib/clock';

const TITLES: Record<Deck, string> = { paramedic: 'Paramedic Flash Cards', emt: 'EMT Flash Cards', mine: 'Flash Cards' };
const INTRO_MS = 3600;
const featureOf = (level: string): FeatureType => (level === 'EMT' ? 'flashcard_emt' : 'flashcard_paramedic');

export function FlashcardsScreen({ deck }: { deck: Deck }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const [params] = useSearchParams();
  const flaggedMode = params.get('filter') === 'flagged';
  // ?card=<id>: a search result opened in its deck leads it, front up, ready to flip
  const first = Number(params.get('card')) || undefined;
  // the cards the student saved (/saved, decision 102), studied as a deck of their own
  const savedMode = !flaggedMode && params.get('filter') === 'saved';
  const filter = flaggedMode ? 'flagged' : savedMode ? 'saved' : 'all';
  const wholeDeck = flaggedMode || savedMode;
  // ?category=<name>: a class assignment's category (decision 111) opens the deck on it
  const [category, setCategory] = useState<string>(() => {
    const asked = params.get('category');
    return asked !== null && (FLASHCARD_CATEGORIES as readonly string[]).includes(asked) ? asked : ALL_CATEGORIES;
  });
  const { status: message, show } = useStatus();
  const online = useOnline();
  const [intro, setIntro] = useState(() => first === undefined && session.get(`deck_intro_${deck}`) === null);
  useFeatureSession(deck === 'emt' ? 'flashcard_emt' : 'flashcard_paramedic');

  // The opening animation plays on the first load of a deck in a session, not on category changes.
  useEffect(() => {
    if (!intro) return;
    session.set(`deck_intro_${deck}`, '1');
    const t = window.setTimeout(() => setIntro(false), INTRO_MS);
    return () => window.clearTimeout(t);
  }, [intro, deck]);

  const summary = useDeckSummary(deck, userId);
  const d = useDeck(deck, wholeDeck ? ALL_CATEGORIES : category, filter, userId, summary.data?.contentVersion, first);
  // The position in the deck belongs to one load of it (deck, category, filter, reload): a new load starts at its first card.
  const loadKey = d.loadKey;
  const [position, setPosition] = useState({ loadKey, index: 0, flipped: false });
  const here = position.loadKey === loadKey ? position : { loadKey, index: 0, flipped: false };
  // A deck that shrank never leaves the view past its end.
  const index = d.status === 'ready' && here.index >= d.cards.length ? 0 : here.index;
  const flipped = here.flipped;
  const card = d.cards[index];

  const tally = useMemo(() => {
    const rows = summary.data?.categories ?? [];
    const pick = category === ALL_CATEGORIES || wholeDeck ? rows : rows.filter((r) => r.category === category);
    return pick.reduce((t, r) => ({ correct: t.correct + r.correct, wrong: t.wrong + r.wrong, flagged: t.flagged + r.flagged }), {
      correct: 0,
      wrong: 0,
      flagged: 0,
    });
  }, [summary.data, category, wholeDeck]);
  // Answers since the summary was last fetched, for the category shown: a new summary or category starts from zero.
  const deltaKey = `${summary.dataUpdatedAt}|${category}`;
  const [deltaState, setDeltaState] = useState({ key: deltaKey, correct: 0, wrong: 0, flagged: 0 });
  const delta = deltaState.key === deltaKey ? deltaState : { key: deltaKey, correct: 0, wrong: 0, flagged: 0 };

  useEffect(() => d.ensureAhead(index), [index, d]);

  const go = useCallback((to: number) => setPosition({ loadKey, index: to, flipped: false }), [loadKey]);
  const flip = useCallback(
    () =>
      setPosition((p) => {
        const at = p.loadKey === loadKey ? p : { loadKey, index: 0, flipped: false };
        return { ...at, flipped: !at.flipped };
      }),
    [loadKey],
  );

  const act = useCallback(
    (action: CardAction) => {
      if (!card) return;
      const before = { isFlagged: card.isFlagged, isCorrect: card.isCorrect, isWrong: card.isWrong };
      const after = applyCardAction(before, action);
      d.updateCard(card.id, after);
      cardStates.add({
        id: card.id,
        isFlagged: after.isFlagged,
        isCorrect: after.isCorrect,
        isWrong: after.isWrong,
        // Correct / Wrong is a review the spaced-repetition queue schedules (docs/product.md §10.5); a flag is not.
        ...(action === 'flag' ? {} : { review: { clientId: crypto.randomUUID(), reviewedAt: nowDate().toISOString() } }),
      });
      const feature = featureOf(card.courseLevel);
      if (action === 'flag') track(feature, 'flag', { featureId: String(card.id), score: after.isFlagged ? 1 : 0 });
      else track(feature, 'answer', { featureId: String(card.id), score: action === 'correct' ? 1 : 0 });
      const n = (b: boolean) => (b ? 1 : 0);
      setDeltaState((stored) => {
        const t = stored.key === deltaKey ? stored : { key: deltaKey, correct: 0, wrong: 0, flagged: 0 };
        return {
          key: deltaKey,
          correct: t.correct + n(after.isCorrect) - n(before.isCorrect),
          wrong: t.wrong + n(after.isWrong) - n(before.isWrong),
          flagged: t.flagged + n(after.isFlagged) - n(before.isFlagged),
        };
      });
      go(nextIndex(index, d.cards.length));
    },
    [card, d, index, go, deltaKey],
  );

  const unflagCorrect = useUnflagCorrect(deck, ALL_CATEGORIES, {
    onSuccess: ({ count }) => {
      if (count === 0) show('info', 'No flagged cards marked as correct to unflag.');
      else {
        show('success', `Unflagged ${count} correctly answered cards.`);
        void summary.refetch();
        d.reload();
      }
    },
    onError: (err) => show('error', userMessage(err, 'Could not unflag cards right now. Check your connection and try again.')),
  });

  // Space flips, arrows navigate, 1/C correct, 2/W wrong, 3/F flag.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, select, textarea, [role="dialog"]') || e.metaKey || e.ctrlKey || e.altKey || !card) return;
      const count = d.cards.length;
      const key = e.key.toLowerCase();
      if (key === ' ' && target.tagName !== 'BUTTON') {
        e.preventDefault();
        flip();
      } else if (key === 'arrowright') go(nextIndex(index, count));
      else if (key === 'arrowleft') go(previousIndex(index, count));
      else if (key === '1' || key === 'c') act('correct');
      else if (key === '2' || key === 'w') act('wrong');
      else if ((key === '3' || key === 'f') && !flaggedMode) act('flag');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [card, d.cards.length, index, act, go, flip, flaggedMode]);

  const counts = new Map((summary.data?.categories ?? []).map((c) => [c.category, c.total]));
  const allCount = [...counts.values()].reduce((a, b) => a + b, 0);
  const loading = intro || d.status === 'loading';

  return (
    <div className={cn(flaggedMode && 'bg-signal-50 min-h-dvh')}>
      <ScreenHeader
        title={flaggedMode ? `Review Flagged · ${TITLES[deck]}` : savedMode ? `Saved · ${TITLES[deck]}` : TITLES[deck]}
        subtitle={flaggedMode ? 'Only the cards you flagged.' : savedMode ? 'Only the cards you saved.' : 'Tap a card to flip it.'}
        action={
          <span className="flex items-center gap-2 text-sm font-semibold" aria-label="Score">
            <span className="rounded-full bg-go-600 px-2.5 py-1" title="Correct">
              ✓ {tally.correct + delta.correct}
            </span>
            <span className="rounded-full bg-signal-500 px-2.5 py-1" title="Wrong">
              ✗ {tally.wrong + delta.wrong}
            </span>
            <span className="rounded-full bg-amber-600 px-2.5 py-1" title="Flagged">
              ⚑ {tally.flagged + delta.flagged}
            </span>
          </span>
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-4">
        <div className="flex items-center gap-3">
          <label htmlFor="category" className="sr-only">
            Category
          </label>
          <select
            id="category"
            value={wholeDeck ? ALL_CATEGORIES : category}
            disabled={wholeDeck}
            onChange={(e) => setCategory(e.target.value)}
            className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-white px-3 text-[15px] font-semibold disabled:opacity-60"
          >
            <option value={ALL_CATEGORIES}>
              {ALL_CATEGORIES}
              {allCount ? ` (${allCount})` : ''}
            </option>
            {FLASHCARD_CATEGORIES.filter((c) => counts.has(c)).map((c) => (
              <option key={c} value={c}>
                {c} ({counts.get(c)})
              </option>
            ))}
          </select>
          <span
            className="shrink-0 rounded-xl bg-white px-3 py-2.5 text-sm font-bold tabular-nums ring-1 ring-line"
            aria-live="polite"
            aria-label="Progress"
          >
            {d.total ? `${index + 1} / ${d.total}` : '0 / 0'}
          </span>
        </div>
        <Toast message={message} />
        {/* Without a connection the app-wide banner says it; this is for a server that cannot be reached. */}
        {d.offline && online && (
          <Alert tone="warning">
            The cards could not be updated: studying the cards saved on this device. Your answers are sent when the server can be reached.
          </Alert>
        )}
        {loading ? (
          <DeckLoading flaggedMode={flaggedMode} />
        ) : d.status === 'error' && d.notInLevel ? (
          <Alert tone="warning">
            {d.notInLevel}{' '}
            <Link className="font-semibold underline" to="/profile">
              Change your course level in your Profile
            </Link>
          </Alert>
        ) : d.status === 'error' ? (
          <Alert tone="error">
            The cards could not be loaded.{' '}
            <button className="font-semibold underline" onClick={d.reload}>
              Try again
            </button>
          </Alert>
        ) : !card ? (
          <p className="rounded-card bg-surface p-10 text-center text-lg font-semibold text-muted ring-1 ring-line/70">No cards to show.</p>
        ) : (
          <>
            <FlipCard
              card={card}
              flipped={flipped}
              onFlip={flip}
              selectedCategory={wholeDeck ? ALL_CATEGORIES : category}
              flaggedMode={flaggedMode}
            />
            <div className="grid grid-cols-3 gap-2">
              <Button variant="secondary" onClick={() => go(previousIndex(index, d.cards.length))} aria-label="Previous card">
                ‹ Prev
              </Button>
              <Button variant="secondary" onClick={flip}>
                Flip
              </Button>
              <Button variant="secondary" onClick={() => go(nextIndex(index, d.cards.length))} aria-label="Next card">
                Next ›
              </Button>
            </div>
            <div className="grid grid-cols-3 gap-2">
              <Button variant="success" onClick={() => act('correct')} aria-pressed={card.isCorrect}>
                Correct
              </Button>
              <Button variant="danger" onClick={() => act('wrong')} aria-pressed={card.isWrong}>
                Wrong
              </Button>
              {flaggedMode ? (
                <Button variant="danger-dark" onClick={() => unflagCorrect.mutate()} loading={unflagCorrect.isPending}>
                  Unflag Correct
                </Button>
              ) : (
                <Button variant="warning" onClick={() => act('flag')} aria-pressed={card.isFlagged}>
                  {card.isFlagged ? 'Unflag' : 'Flag'}
                </Button>
              )}
            </div>
            <div className="flex justify-center">
              <SaveStar kind="flashcard" itemKey={card.key} label="this card" />
            </div>
            <p className="hidden text-center text-xs text-muted sm:block">
              Keyboard: Space flips · ← → move · 1 correct · 2 wrong · 3 flag
            </p>
          </>
        )}
      </main>
    </div>
  );
}
