import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { ProfileResponse } from '@shared/contracts/profile';
import { clearCache } from '../../../lib/cache';
import { queryRoots } from '../../../lib/query-keys';
import { profileKeys } from './keys';

/** A saved profile replaces the cached one (and the one kept on the phone), and the home greeting is read again. */
export async function profileSaved(client: QueryClient, profile: ProfileResponse['profile']) {
  clearCache(STORAGE_KEYS.userProfileCache);
  client.setQueryData(profileKeys.detail(), profile);
  await client.invalidateQueries({ queryKey: [queryRoots.home] });
}
