import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  SEARCH_KINDS,
  SEARCH_MIN_CHARS,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
  type TextSegment,
} from '@shared/contracts/search';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Icon, type IconName } from '../../components/icon';
import { ScreenHeader } from '../../components/ui/screen-header';
import { ApiError, OFFLINE_STATUS } from '../../lib/api';
import { useAuth } from '../../lib/auth/auth-context';
import { track } from '../../lib/tracker';
import { useOnline } from '../../lib/use-online';
import { userMessage } from '../../lib/user-message';
import { useSearchContent } from './api/search-content';
import { useStartOneItem } from './api/start-one-item';
import { searchCachedCards } from './offline';
import { addRecent, clearRecent, readRecent } from './recent';

/** Typing pauses this long before the words are searched; a newer query cancels the request of the older one. */
const DEBOUNCE_MS = 250;

const KINDS: Record<SearchKind, { label: string; icon: IconName }> = {
  flashcard: { label: 'Flash cards', icon: 'cards' },
  question: { label: 'Questions', icon: 'exam' },
  scenario: { label: 'Clinical scenarios', icon: 'scenarios' },
  video: { label: 'Videos', icon: 'video' },
  dragDrop: { label: 'Drag and drop', icon: 'grip' },
  sorting: { label: 'Sorting', icon: 'sort' },
};

/** Where a result opens: a card leading its deck, a scenario at its start, a video in its player, a case or a sort. */
function pathOf(hit: SearchHit): string | null {
  switch (hit.kind) {
    case 'flashcard':
      return `/flashcards?card=${hit.id}`;
    case 'scenario':
      return `/scenarios/${encodeURIComponent(hit.id)}`;
    case 'video':
      return `/videos?video=${hit.id}`;
    case 'dragDrop':
      return `/draganddrop?scenario=${hit.id}`;
    case 'sorting':
      return `/sorting?question=${hit.id}`;
    case 'question':
      return null;
  }
}

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** /search: one box over the student's flash cards, questions, scenarios, videos, drag-and-drop and sorting. */
export default function SearchPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const navigate = useNavigate();
  const online = useOnline();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const [recent, setRecent] = useState(() => readRecent(userId));
  const server = useSearchContent(userId, q, online);
  const deviceOnly = !online || (server.error instanceof ApiError && server.error.status === OFFLINE_STATUS);
  const device = useMemo(() => (deviceOnly && q.length >= SEARCH_MIN_CHARS ? searchCachedCards(userId, q) : null), [deviceOnly, q, userId]);
  const results: SearchResponse | null = device ?? server.data ?? null;
  const settled = results !== null && results.query === q && (device !== null || !server.isFetching);
  const oneItem = useStartOneItem({ onSuccess: (session) => navigate(`/questions?session=${session.id}`) });

  // one event per settled query (the words and how many results), not per keystroke
  const tracked = useRef('');
  useEffect(() => {
    if (!settled || !results || tracked.current === results.query) return;
    tracked.current = results.query;
    track('search', 'search', { featureId: results.query.slice(0, 200), totalItems: results.total });
  }, [settled, results]);

  const remember = (query: string) => setRecent(addRecent(userId, query));
  const open = (hit: SearchHit) => {
    remember(q);
    track('search', 'open_result', { featureId: `${hit.kind}:${hit.id}`.slice(0, 200) });
    const path = pathOf(hit);
    if (path) void navigate(path);
    else if (hit.level) oneItem.mutate({ level: hit.level, itemKey: hit.id });
  };

  const short = q.length < SEARCH_MIN_CHARS;
  return (
    <>
      <ScreenHeader title="Search" subtitle="Flash cards, questions, scenarios and videos." />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim().length >= SEARCH_MIN_CHARS) remember(text);
          }}
          className="relative"
        >
          <label htmlFor="search-box" className="sr-only">
            Search
          </label>
          <Icon name="search" className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-muted" />
          <input
            id="search-box"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search a drug, a condition, a skill"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            // the screen exists to type into: the box takes the focus on arrival
            autoFocus
            className="min-h-12 w-full rounded-xl border border-line bg-white pl-11 pr-3.5 text-base text-ink transition-colors placeholder:text-muted/70 focus:border-navy-600"
          />
        </form>

        {deviceOnly && (
          <Alert tone="warning">
            <span className="inline-flex items-center gap-2">
              <Icon name="offline" className="size-4 shrink-0" />
              You are offline: results are from the flash cards saved on this device only.
            </span>
          </Alert>
        )}

        {short ? (
          <Recent
            recent={recent}
            onPick={setText}
            onClear={() => {
              clearRecent(userId);
              setRecent([]);
            }}
          />
        ) : server.isError && !deviceOnly ? (
          <Alert tone="error">{userMessage(server.error, 'The search failed. Try again.')}</Alert>
        ) : !results ? (
          <div className="space-y-3" role="status" aria-label="Searching">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-20 animate-pulse rounded-2xl bg-white ring-1 ring-line/70" />
            ))}
          </div>
        ) : (
          <Results results={results} busy={!settled} onOpen={open} onTry={setText} />
        )}
        {oneItem.isError && <Alert tone="error">{userMessage(oneItem.error, 'This question could not be opened.')}</Alert>}
      </main>
    </>
  );
}

function Recent({ recent, onPick, onClear }: { recent: string[]; onPick: (q: string) => void; onClear: () => void }) {
  if (recent.length === 0)
    return (
      <section aria-labelledby="search-try" className="space-y-2">
        <h2 id="search-try" className="text-sm font-semibold text-muted">
          Try
        </h2>
        <div className="flex flex-wrap gap-2">
          {['adenosine', 'tension pneumothorax', 'pediatric vital signs'].map((t) => (
            <button
              key={t}
              type="button"
              onClick={() => onPick(t)}
              className="min-h-11 rounded-full bg-white px-4 text-[15px] font-medium text-navy-900 ring-1 ring-line hover:bg-navy-50"
            >
              {t}
            </button>
          ))}
        </div>
      </section>
    );
  return (
    <section aria-labelledby="search-recent" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="search-recent" className="text-sm font-semibold text-muted">
          Recent searches
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
      <ul className="divide-y divide-line/70 overflow-hidden rounded-2xl bg-white ring-1 ring-line/70">
        {recent.map((r) => (
          <li key={r}>
            <button
              type="button"
              onClick={() => onPick(r)}
              className="flex min-h-12 w-full items-center gap-3 px-4 text-left text-[15px] text-ink hover:bg-navy-50"
            >
              <Icon name="clock" className="size-4 shrink-0 text-muted" />
              <span className="truncate">{r}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Results({
  results,
  busy,
  onOpen,
  onTry,
}: {
  results: SearchResponse;
  busy: boolean;
  onOpen: (hit: SearchHit) => void;
  onTry: (q: string) => void;
}) {
  if (results.total === 0)
    return (
      <div className="rounded-2xl bg-white p-5 text-center ring-1 ring-line/70" role="status">
        <p className="text-[15px] font-semibold text-navy-900">No results for “{results.query}”.</p>
        {results.suggestion ? (
          <p className="mt-2 text-[15px] text-muted">
            Did you mean{' '}
            <button type="button" className="font-semibold text-navy-800 underline" onClick={() => onTry(results.suggestion!)}>
              {results.suggestion}
            </button>
            ?
          </p>
        ) : (
          <p className="mt-2 text-[15px] text-muted">Check the spelling or try fewer words.</p>
        )}
      </div>
    );
  const groups = SEARCH_KINDS.flatMap((k) => results.groups.filter((g) => g.kind === k));
  return (
    <div className={busy ? 'space-y-5 opacity-70 transition-opacity' : 'space-y-5'} aria-busy={busy}>
      <p className="text-sm text-muted" role="status">
        {results.total} {results.total === 1 ? 'result' : 'results'}
        {results.correctedQuery && (
          <>
            {' '}
            for <span className="font-semibold text-navy-900">“{results.correctedQuery}”</span>
          </>
        )}
      </p>
      {groups.map((g) => (
        <section key={g.kind} aria-labelledby={`search-${g.kind}`} className="space-y-2">
          <h2 id={`search-${g.kind}`} className="flex items-center gap-2 text-sm font-semibold text-navy-900">
            <Icon name={KINDS[g.kind].icon} className="size-4 text-muted" />
            {KINDS[g.kind].label}
            <span className="rounded-full bg-navy-50 px-2 py-0.5 text-xs font-semibold text-navy-800">{g.total}</span>
          </h2>
          <ul className="space-y-2">
            {g.hits.map((hit) => (
              <li key={`${hit.kind}:${hit.id}`}>
                <button
                  type="button"
                  onClick={() => onOpen(hit)}
                  className="block w-full rounded-2xl bg-white p-4 text-left ring-1 ring-line/70 transition-colors hover:bg-navy-50 focus-visible:ring-2 focus-visible:ring-navy-600"
                >
                  <span className="line-clamp-2 text-[15px] font-semibold leading-snug text-navy-900">
                    <Marked segments={hit.title} />
                  </span>
                  {hit.snippet.length > 0 && (
                    <span className="mt-1 line-clamp-2 text-sm leading-snug text-muted">
                      <Marked segments={hit.snippet} />
                    </span>
                  )}
                  {(hit.category ?? hit.level) && (
                    <span className="mt-2 flex flex-wrap gap-1.5">
                      {hit.category && (
                        <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-semibold text-navy-800">{hit.category}</span>
                      )}
                      {hit.level && (
                        <span className="rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-semibold text-navy-800">{hit.level}</span>
                      )}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          {g.total > g.hits.length && (
            <p className="text-xs text-muted">
              The best {g.hits.length} of {g.total}: add a word to narrow them.
            </p>
          )}
        </section>
      ))}
    </div>
  );
}

function Marked({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
