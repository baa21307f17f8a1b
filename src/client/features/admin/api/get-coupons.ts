import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CouponListResponse } from '@shared/contracts/admin-codes';
import { api } from '../../../lib/api';
import { adminCodeKeys } from './keys';

/** The validation codes with their use counts and totals. */
export const getCoupons = () => api<CouponListResponse>('/api/admin/codes');

export const couponsQueryOptions = () => queryOptions({ queryKey: adminCodeKeys.list(), queryFn: getCoupons });

export const useCoupons = ({ enabled }: { enabled: boolean }) => useQuery({ ...couponsQueryOptions(), enabled });
