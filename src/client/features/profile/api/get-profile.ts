import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../../lib/api';
import { profileKeys } from './keys';

export const getProfile = () => api<ProfileResponse>('/api/profile').then((r) => r.profile);

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());
