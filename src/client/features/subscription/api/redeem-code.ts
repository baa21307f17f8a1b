import { useMutation } from '@tanstack/react-query';
import type { RedeemBody, RedeemResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { subscriptionKeys } from './keys';

export const redeemCode = (body: RedeemBody) => api<RedeemResponse>('/api/subscription/codes/redeem', { json: body });

/** A validation code; the access it gives is read again through the session (the screen rechecks the subscription). */
export const useRedeemCode = (config: MutationConfig<typeof redeemCode> = {}) =>
  useMutation({ ...config, mutationKey: subscriptionKeys.redeem(), mutationFn: redeemCode });
