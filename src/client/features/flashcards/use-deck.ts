import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FLASHCARD_PAGE_SIZE, shouldPrefetch, type Deck } from '@shared/flashcards';
import { STORAGE_KEYS } from '@shared/constants';
import { CACHE_AGES, readCache, writeCache } from '../../lib/cache';
import { ApiError } from '../../lib/api';
import { flashcardsApi, withPendingStates, type Card } from './api';

const newSeed = () => Math.random().toString(36).slice(2, 10);
const MAX_CACHED_CARDS = 300;

interface DeckState {
  cards: Card[];
  total: number;
  status: 'loading' | 'ready' | 'error';
  offline: boolean;
  /** the deck is not part of the student's course level (403 DECK_NOT_AVAILABLE): retrying cannot help */
  notInLevel?: string;
}

type CachedCards = Record<string, Card[]>;

/**
 * A deck in a random order, fetched 20 cards at a time; the next page is prefetched when 5 or fewer
 * loaded cards remain, so the next card never waits on the network. The cards last seen are kept
 * (60 days, per content version) so a deck still opens offline.
 */
export function useDeck(deck: Deck, category: string, flagged: boolean, userId: string, contentVersion: string | null | undefined) {
  const [state, setState] = useState<DeckState>({ cards: [], total: 0, status: 'loading', offline: false });
  const seed = useRef(newSeed());
  const inFlight = useRef<Set<number>>(new Set());
  const generation = useRef(0);
  const cacheKey = `${deck}|${category}|${flagged ? 'flagged' : 'all'}`;
  // The content version only labels the offline cache; a change must not reshuffle the open deck.
  const version = useRef(contentVersion);
  useLayoutEffect(() => {
    version.current = contentVersion;
  });

  const loadPage = useCallback(
    async (page: number, gen: number) => {
      if (inFlight.current.has(page)) return;
      inFlight.current.add(page);
      try {
        const res = await flashcardsApi.page(deck, category, flagged, seed.current, page);
        if (gen !== generation.current) return;
        const cards = withPendingStates(res.cards);
        setState((s) => {
          const merged = page === 0 ? cards : [...s.cards, ...cards.filter((c) => !s.cards.some((x) => x.id === c.id))];
          if (version.current !== undefined) {
            const cached = readCache<CachedCards>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content, version.current) ?? {};
            writeCache(STORAGE_KEYS.flashcardsCache, userId, { ...cached, [cacheKey]: merged.slice(0, MAX_CACHED_CARDS) }, version.current);
          }
          return { cards: merged, total: res.total ?? s.total, status: 'ready', offline: false };
        });
      } catch (err) {
        if (gen !== generation.current) return;
        if (page === 0 && err instanceof ApiError && err.code === 'DECK_NOT_AVAILABLE') {
          setState((s) => ({ ...s, status: 'error', notInLevel: err.message }));
          return;
        }
        const cached = readCache<CachedCards>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content)?.[cacheKey];
        setState((s) =>
          page === 0 && cached?.length
            ? { cards: withPendingStates(cached), total: cached.length, status: 'ready', offline: true }
            : page === 0
              ? { ...s, status: 'error' }
              : s,
        );
      } finally {
        inFlight.current.delete(page);
      }
    },
    [deck, category, flagged, userId, cacheKey],
  );

  const reload = useCallback(() => {
    generation.current++;
    seed.current = newSeed();
    inFlight.current.clear();
    setState({ cards: [], total: 0, status: 'loading', offline: false });
    void loadPage(0, generation.current);
  }, [loadPage]);

  useEffect(() => {
    reload();
  }, [reload]);

  /** Call when the visible card changes. */
  const ensureAhead = useCallback(
    (index: number) => {
      if (state.status !== 'ready' || state.offline) return;
      if (shouldPrefetch(index, state.cards.length, state.total))
        void loadPage(Math.floor(state.cards.length / FLASHCARD_PAGE_SIZE), generation.current);
    },
    [state, loadPage],
  );

  const updateCard = useCallback((id: number, patch: Partial<Card>) => {
    setState((s) => ({ ...s, cards: s.cards.map((c) => (c.id === id ? { ...c, ...patch } : c)) }));
  }, []);

  return { ...state, ensureAhead, updateCard, reload };
}
