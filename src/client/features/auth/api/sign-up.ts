import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import type { MutationConfig } from '../../../lib/react-query';

export const signUp = (v: Parameters<typeof authApi.signUp>[0]) => authApi.signUp(v);

/** Creates the account; nobody is signed in until the address is confirmed, so nothing cached changes. */
export const useSignUp = (config: MutationConfig<typeof signUp> = {}) => useMutation({ ...config, mutationFn: signUp });
