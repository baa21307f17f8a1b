import type {
  PaymentIntentResponse,
  RedeemBody,
  RedeemResponse,
  SandboxConfirmBody,
  SandboxConfirmResponse,
} from '@shared/contracts/subscription';
import { api } from '../../lib/api';

export const paymentsApi = {
  redeemCode: (body: RedeemBody) => api<RedeemResponse>('/api/subscription/codes/redeem', { json: body }),
  paymentIntent: (email: string) => api<PaymentIntentResponse>('/api/subscription/payment-intent', { json: { email, priceId: 'monthly' } }),
  confirmSandbox: (body: SandboxConfirmBody) => api<SandboxConfirmResponse>('/api/subscription/sandbox/confirm', { json: body }),
};
