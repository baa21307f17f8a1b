import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionSession } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { questionKeys } from './keys';

export const flagItem = (itemKey: string, flagged: boolean) =>
  api<{ flagged: boolean }>(`/api/questions/flags/${encodeURIComponent(itemKey)}`, { method: 'PUT', json: { flagged } });

/** Flags an item of a session: shown at once in the cached session, put back if the server refuses; the "Flagged" counts refresh. */
export function useFlagItem(sessionId: string, itemKey: string) {
  const client = useQueryClient();
  const setFlag = (flagged: boolean) =>
    client.setQueryData<QuestionSession>(questionKeys.session(sessionId), (s) =>
      s ? { ...s, items: s.items.map((i) => (i.key === itemKey ? { ...i, flagged } : i)) } : s,
    );
  return useMutation({
    mutationFn: (flagged: boolean) => flagItem(itemKey, flagged),
    onMutate: (flagged) => setFlag(flagged),
    onError: (_e, flagged) => setFlag(!flagged),
    onSettled: () => client.invalidateQueries({ queryKey: [...questionKeys.all, 'options'] }),
  });
}
