import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScenarioResponse } from '@shared/contracts/scenarios';
import { api, ApiError } from '../../../lib/api';
import { scenarioKeys } from './keys';

/** One scenario by key: asked only for an address the menu does not hold, to say why (another level's, or none). */
export const getScenario = (key: string) => api<ScenarioResponse>(`/api/scenarios/${encodeURIComponent(key)}`);

export const scenarioQueryOptions = (key: string) =>
  queryOptions({
    queryKey: scenarioKeys.one(key),
    queryFn: () => getScenario(key),
    staleTime: Infinity,
    // a refusal (another level's scenario, or none) does not change by asking again
    retry: (count, err) => !(err instanceof ApiError && (err.status === 403 || err.status === 404)) && count < 2,
  });

export const useScenario = (key: string | undefined, enabled: boolean) =>
  useQuery({ ...scenarioQueryOptions(key ?? ''), enabled: enabled && !!key });
