import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionSession } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { questionKeys } from './keys';

/** The session in progress, if any: the setup offers to continue it. */
export const getCurrentSession = () => api<{ session: QuestionSession | null }>('/api/questions/sessions/current').then((r) => r.session);

export const currentSessionQueryOptions = () => queryOptions({ queryKey: questionKeys.current(), queryFn: getCurrentSession });

export const useCurrentSession = () => useQuery(currentSessionQueryOptions());
