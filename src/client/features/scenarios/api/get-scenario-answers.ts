import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScenarioAnswersResponse } from '@shared/contracts/scenarios';
import { api } from '../../../lib/api';
import { scenarioKeys } from './keys';

/** Every scenario's steps, as content: read once per app session. */
export const getScenarioAnswers = () => api<ScenarioAnswersResponse>('/scenarioanswers.json');

export const scenarioAnswersQueryOptions = () =>
  queryOptions({ queryKey: scenarioKeys.answers(), queryFn: getScenarioAnswers, staleTime: Infinity });

export const useScenarioAnswers = () => useQuery(scenarioAnswersQueryOptions());
