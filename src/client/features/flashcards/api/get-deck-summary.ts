import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { DeckSummaryResponse } from '@shared/contracts/flashcards';
import type { Deck } from '@shared/flashcards';
import { api } from '../../../lib/api';
import { CACHE_AGES, readCache, writeCache } from '../../../lib/cache';
import { flashcardKeys } from './keys';

export type { DeckSummaryResponse as DeckSummary };

export const getDeckSummary = (deck: Deck) => api<DeckSummaryResponse>(`/api/flashcards/summary?deck=${deck}`);

/**
 * A deck's counts by category. The copy kept on this device (60 days, labelled with the content version) shows at once as
 * data older than any, so it is refetched; each answer from the server replaces it.
 */
export const deckSummaryQueryOptions = (deck: Deck, userId: string) =>
  queryOptions({
    queryKey: flashcardKeys.summary(deck, userId),
    queryFn: async () => {
      const data = await getDeckSummary(deck);
      writeCache(`${STORAGE_KEYS.flashcardCounts}`, userId, { deck, data }, data.contentVersion);
      return data;
    },
    initialData: () => {
      const cached = readCache<{ deck: Deck; data: DeckSummaryResponse }>(STORAGE_KEYS.flashcardCounts, userId, CACHE_AGES.content);
      return cached?.deck === deck ? cached.data : undefined;
    },
    initialDataUpdatedAt: 0,
  });

export const useDeckSummary = (deck: Deck, userId: string) => useQuery(deckSummaryQueryOptions(deck, userId));
