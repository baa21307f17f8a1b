import { useMutation } from '@tanstack/react-query';
import type { SandboxConfirmBody, SandboxConfirmResponse } from '@shared/contracts/subscription';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { subscriptionKeys } from './keys';

/** The sandbox card processor's payment (the test cards of README.md). */
export const confirmSandboxPayment = (body: SandboxConfirmBody) =>
  api<SandboxConfirmResponse>('/api/subscription/sandbox/confirm', { json: body });

export const useConfirmSandboxPayment = (config: MutationConfig<typeof confirmSandboxPayment> = {}) =>
  useMutation({ ...config, mutationKey: subscriptionKeys.sandboxConfirm(), mutationFn: confirmSandboxPayment });
