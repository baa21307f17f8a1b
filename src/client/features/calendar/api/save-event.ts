import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanEventUpdateBody, PlanEventView } from '@shared/contracts/plan';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { planKeys } from './keys';

/** POST /api/plan/events (a new event, with the client's id: a retry is the same event) */
export const addEvent = (body: PlanEventUpdateBody & { id: string }) =>
  api<{ event: PlanEventView }>('/api/plan/events', { json: body }).then((r) => r.event);
/** PUT /api/plan/events/:id */
export const updateEvent = ({ id, body }: { id: string; body: PlanEventUpdateBody }) =>
  api<{ event: PlanEventView }>(`/api/plan/events/${encodeURIComponent(id)}`, { method: 'PUT', json: body }).then((r) => r.event);

const save = ({ id, isNew, body }: { id: string; isNew: boolean; body: PlanEventUpdateBody }) =>
  isNew ? addEvent({ ...body, id }) : updateEvent({ id, body });

/** Adds or edits an event; the plan (a shift makes its day light) is read again before the component's onSuccess runs. */
export function useSaveEvent(config: MutationConfig<typeof save> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: save,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: planKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
