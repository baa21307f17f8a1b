import type { BillingResponse, CancelResponse, ResumeResponse } from '@shared/contracts/subscription';
import { api } from '../../lib/api';

export const billingApi = {
  billing: () => api<BillingResponse>('/api/subscription/billing'),
  cancel: (subscriptionId: string) => api<CancelResponse>('/api/subscription/cancel', { json: { subscriptionId } }),
  /** Undoes a cancellation at period end: the subscription renews again. */
  resume: (subscriptionId: string) => api<ResumeResponse>('/api/subscription/resume', { json: { subscriptionId } }),
};
