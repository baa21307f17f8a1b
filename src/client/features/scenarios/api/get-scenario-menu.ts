import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScenarioMenuResponse } from '@shared/contracts/scenarios';
import { api } from '../../../lib/api';
import { scenarioKeys } from './keys';

export type { ScenarioMenuResponse as ScenarioMenu };

export const getScenarioMenu = () => api<ScenarioMenuResponse>('/api/scenarios');

/** Content: read once per app session. */
export const scenarioMenuQueryOptions = () =>
  queryOptions({ queryKey: scenarioKeys.menu(), queryFn: getScenarioMenu, staleTime: Infinity });

export const useScenarioMenu = () => useQuery(scenarioMenuQueryOptions());
