import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { HomeBody, HomeResponse } from '@shared/contracts/home';
import { api } from '../../../lib/api';
import { writeCache } from '../../../lib/cache';
import { homeKeys } from './keys';

/** What the home screen keeps on the phone for its next opening (the greeting, rank and streak). */
export type CachedHome = Pick<HomeResponse, 'profile' | 'streak'>;

/** The home visit: the server records the day of the streak in the student's own time zone. */
export function getHome(): Promise<HomeResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return api<HomeResponse>('/api/home', { json: { timeZone } satisfies HomeBody });
}

export const homeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: homeKeys.dashboard(userId),
    queryFn: async () => {
      const data = await getHome();
      // The streak was saved: the caches are replaced with what the server now says.
      writeCache<CachedHome>(STORAGE_KEYS.userProfileCache, userId, {
        profile: data.profile,
        streak: { ...data.streak, celebration: null, newBadges: [] },
      });
      writeCache(STORAGE_KEYS.userStatsCache, userId, data.stats);
      return data;
    },
    staleTime: 60_000,
  });

export const useHome = (userId: string) => useQuery(homeQueryOptions(userId));
