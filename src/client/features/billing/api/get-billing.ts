import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import { billingKeys } from './keys';

export const getBilling = () => api<BillingResponse>('/api/subscription/billing');

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.detail(), queryFn: getBilling });

export const useBilling = () => useQuery(billingQueryOptions());
