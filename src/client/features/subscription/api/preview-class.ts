import { useMutation } from '@tanstack/react-query';
import type { ClassPreviewResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { subscriptionKeys } from './keys';

export const previewClass = (code: string) =>
  api<ClassPreviewResponse>(`/api/classes/preview?${new URLSearchParams({ code })}`).then((r) => r.preview);

/** A class code typed in the code box: what joining means, asked when Apply is pressed (a read, run as the box's action). */
export const usePreviewClass = (config: MutationConfig<typeof previewClass> = {}) =>
  useMutation({ ...config, mutationKey: subscriptionKeys.classPreview(), mutationFn: previewClass });
