import { useMutation } from '@tanstack/react-query';
import type { PaymentIntentResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { subscriptionKeys } from './keys';

/** Prepares the monthly plan's payment; a subscription cancelled at period end is resumed instead (nothing to pay). */
export const createPaymentIntent = (email: string) =>
  api<PaymentIntentResponse>('/api/subscription/payment-intent', { json: { email, priceId: 'monthly' } });

export const useCreatePaymentIntent = (config: MutationConfig<typeof createPaymentIntent> = {}) =>
  useMutation({ ...config, mutationKey: subscriptionKeys.paymentIntent(), mutationFn: createPaymentIntent });
