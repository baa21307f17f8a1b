import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyStudiesResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import { standardSettingKeys } from './keys';

/** GET /api/standard-setting/studies: the studies the caller is on. */
export const getMyStudies = (): Promise<MyStudiesResponse> => api<MyStudiesResponse>('/api/standard-setting/studies');

export const myStudiesQueryOptions = () => queryOptions({ queryKey: standardSettingKeys.mine(), queryFn: getMyStudies });

export const useMyStudies = ({ enabled }: { enabled: boolean }) => useQuery({ ...myStudiesQueryOptions(), enabled });
