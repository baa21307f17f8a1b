import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FLASHCARD_PAGE_SIZE, shouldPrefetch, type Deck, type DeckFilter } from '@shared/flashcards';
import { STORAGE_KEYS } from '@shared/constants';
import { CACHE_AGES, readCache, writeCache } from '../../lib/cache';
import { ApiError } from '../../lib/api';
import { withPendingStates } from './api/card-states';
import { getDeckPage, type Card } from './api/get-deck-page';

const newSeed = () => Math.random().toString(36).slice(2, 10);
const MAX_CACHED_CARDS = 300;

interface DeckState {
  cards: Card[];
  total: number;
  status: 'loading' | 'ready' | 'error';
  offline: boolean;
  /** the deck is not part of the student's course level (403 LEVEL_NOT_AVAILABLE): retrying cannot help */
  notInLevel?: string;
}
const EMPTY: DeckState = { cards: [], total: 0, status: 'loading', offline: false };

type CachedCards = Record<string, Card[]>;

/**
 * A deck in a random order, fetched 20 cards at a time; the next page is prefetched when 5 or fewer
 * loaded cards remain, so the next card never waits on the network. The cards last seen are kept
 * (60 days, per content version) so a deck still opens offline.
 */
export function useDeck(
  deck: Deck,
  category: string,
  filter: DeckFilter,
  userId: string,
  contentVersion: string | null | undefined,
  /** a card to show first, front up (a search result opened in its deck) */
  first?: number,
) {
  const cacheKey = `${deck}|${category}|${filter}`;
  // Each load of a deck (a new deck, category or filter, or a reload) has its own key; the state of an earlier load is ignored
  // from the render that changes the key, so nothing has to be reset from an effect.
  const [reloads, setReloads] = useState(0);
  const loadKey = `${cacheKey}#${reloads}`;
  const [stored, setStored] = useState<DeckState & { key: string }>({ key: loadKey, ...EMPTY });
  const state: DeckState = stored.key === loadKey ? stored : EMPTY;
  const seed = useRef(newSeed());
  const inFlight = useRef<Set<number>>(new Set());
  const generation = useRef(0);
  // The content version only labels the offline cache; a change must not reshuffle the open deck.
  const version = useRef(contentVersion);
  useLayoutEffect(() => {
    version.current = contentVersion;
  });

  /** Changes the state of the load `key` (starting from empty if the state still holds an earlier load). */
  const setState = useCallback(
    (key: string, change: (s: DeckState) => DeckState) => setStored((prev) => ({ key, ...change(prev.key === key ? prev : EMPTY) })),
    [],
  );

  const loadPage = useCallback(
    async (page: number, gen: number, key: string) => {
      if (inFlight.current.has(page)) return;
      inFlight.current.add(page);
      try {
        const res = await getDeckPage(deck, category, filter, seed.current, page, first);
        if (gen !== generation.current) return;
        const cards = withPendingStates(res.cards);
        setState(key, (s) => {
          const merged = page === 0 ? cards : [...s.cards, ...cards.filter((c) => !s.cards.some((x) => x.id === c.id))];
          if (version.current !== undefined) {
            const cached = readCache<CachedCards>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content, version.current) ?? {};
            writeCache(STORAGE_KEYS.flashcardsCache, userId, { ...cached, [cacheKey]: merged.slice(0, MAX_CACHED_CARDS) }, version.current);
          }
          return { cards: merged, total: res.total ?? s.total, status: 'ready', offline: false };
        });
      } catch (err) {
        if (gen !== generation.current) return;
        if (page === 0 && err instanceof ApiError && err.code === 'LEVEL_NOT_AVAILABLE') {
          setState(key, (s) => ({ ...s, status: 'error', notInLevel: err.message }));
          return;
        }
        const cached = readCache<CachedCards>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content)?.[cacheKey];
        setState(key, (s) =>
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
    [deck, category, filter, userId, cacheKey, setState, first],
  );

  // The summary that carries the content version may arrive after the first page: save the deck for
  // offline use then, so a deck opened once always opens again without a connection.
  const loaded = state.status === 'ready' && !state.offline ? state.cards : null;
  useEffect(() => {
    if (contentVersion === undefined || !loaded?.length) return;
    const cached = readCache<CachedCards>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content, contentVersion) ?? {};
    if (cached[cacheKey]?.length) return;
    writeCache(STORAGE_KEYS.flashcardsCache, userId, { ...cached, [cacheKey]: loaded.slice(0, MAX_CACHED_CARDS) }, contentVersion);
  }, [contentVersion, loaded, userId, cacheKey]);

  /** Loads the deck again from its first page, in a new order. */
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => {
    generation.current++;
    seed.current = newSeed();
    inFlight.current.clear();
    void loadPage(0, generation.current, loadKey);
  }, [loadPage, loadKey]);

  // A deck that could not be loaded loads by itself when the connection returns (one shown from the device's copy stays as it
  // is: reloading would reshuffle it under the student).
  const failed = state.status === 'error' && !state.notInLevel;
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [failed, reload]);

  /** Call when the visible card changes. */
  const ensureAhead = useCallback(
    (index: number) => {
      if (state.status !== 'ready' || state.offline) return;
      if (shouldPrefetch(index, state.cards.length, state.total))
        void loadPage(Math.floor(state.cards.length / FLASHCARD_PAGE_SIZE), generation.current, loadKey);
    },
    [state, loadPage, loadKey],
  );

  const updateCard = useCallback(
    (id: number, patch: Partial<Card>) =>
      setState(loadKey, (s) => ({ ...s, cards: s.cards.map((c) => (c.id === id ? { ...c, ...patch } : c)) })),
    [setState, loadKey],
  );

  return { ...state, loadKey, ensureAhead, updateCard, reload };
}
