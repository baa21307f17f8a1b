import { useMutation } from '@tanstack/react-query';
import type { ClassPreviewResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { classKeys } from './keys';

export const previewClass = (code: string) =>
  api<ClassPreviewResponse>(`/api/classes/preview?${new URLSearchParams({ code })}`).then((r) => r.preview);

/** What joining a class means, asked when "Join a class" is pressed (a read, run as the form's action). */
export const usePreviewClass = (config: MutationConfig<typeof previewClass> = {}) =>
  useMutation({ ...config, mutationKey: classKeys.preview(), mutationFn: previewClass });
