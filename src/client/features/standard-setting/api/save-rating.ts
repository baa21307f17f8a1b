import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingResponse, RatingStudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { panelStudyPath, standardSettingKeys } from './keys';

/** PUT …/ratings/:itemKey: one rating in the open round; saving again replaces it. */
export const saveRating = ({ studyId, itemKey, value }: { studyId: string; itemKey: string; value: number }) =>
  api<RatingResponse>(`${panelStudyPath(studyId)}/ratings/${encodeURIComponent(itemKey)}`, { method: 'PUT', json: { value } });

/** The saved rating goes into the cached study (the screen moves on without reading all items again); the list is read again. */
export function useSaveRating(config: MutationConfig<typeof saveRating> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveRating,
    onSuccess: async (data, vars, ...rest) => {
      client.setQueryData<RatingStudyResponse>(standardSettingKeys.study(vars.studyId), (old) =>
        old
          ? {
              ...old,
              study: { ...old.study, rated: data.rated },
              items: old.items.map((it) =>
                it.key === vars.itemKey
                  ? { ...it, mine: { ...it.mine, [data.rating.round === 1 ? 'round1' : 'round2']: data.rating.value } }
                  : it,
              ),
            }
          : old,
      );
      await config.onSuccess?.(data, vars, ...rest);
      await client.invalidateQueries({ queryKey: standardSettingKeys.mine() });
    },
  });
}
